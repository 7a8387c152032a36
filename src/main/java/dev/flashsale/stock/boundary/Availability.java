package dev.flashsale.stock.boundary;

import dev.flashsale.stock.entity.Sku;
import dev.flashsale.stock.entity.StockLevel;
import jakarta.ejb.Stateless;
import jakarta.inject.Inject;

/** What a product page shows: how many units are available, held and sold. */
@Stateless
public class Availability {

    @Inject
    StockLedger stock;

    public StockLevel of(Sku sku) {
        return stock.findLevel(sku).orElseThrow(sku::notOnSale);
    }
}
