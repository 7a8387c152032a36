/** The skeleton the product's timers share ({@link dev.flashsale.platform.timer.IntervalTimer}). */
package dev.flashsale.platform.timer;
