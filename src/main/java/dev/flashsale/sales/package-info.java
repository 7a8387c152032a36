/**
 * Sales as merchandisers set them up: a name, terms (hold time, units per order, late-payment
 * policy), SKUs with their units, and a status that only moves DRAFT, OPEN, PAUSED, CLOSED.
 */
package dev.flashsale.sales;
