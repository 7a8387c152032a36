/**
 * Sales as merchandisers set them up: a name, terms (hold time, units per order and per buyer,
 * late-payment policy), SKUs with their units, and a status that only moves DRAFT, OPEN, PAUSED, CLOSED.
 * {@code boundary.Offers} gives the reserve path a SKU's counts with its sale's terms
 * ({@code entity.Offer}); the units themselves are the stock component's.
 */
package dev.flashsale.sales;
