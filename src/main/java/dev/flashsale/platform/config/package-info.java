/**
 * The product's settings: {@link dev.flashsale.platform.config.Setting} lists each one with its
 * default, unit and meaning, and is the only place a default is written;
 * {@link dev.flashsale.platform.config.SettingDefaults} hands those defaults to MicroProfile Config
 * below every other source.
 */
package dev.flashsale.platform.config;
