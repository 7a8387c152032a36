package dev.flashsale.sales.entity;

import dev.flashsale.platform.id.SaleId;
import dev.flashsale.platform.problem.ProblemException;
import dev.flashsale.stock.entity.StockLevel;

/** The changes a sale refuses as they stand (409), each with what the merchandiser can do about it. */
public final class SaleConflicts {

    private SaleConflicts() {
    }

    public static ProblemException closed(SaleId id) {
        return ProblemException.conflict("sale-closed", "Sale closed", "Sale " + id + " is CLOSED; a closed sale is not changed");
    }

    public static ProblemException skuTaken(String sku) {
        return ProblemException.conflict("sku-taken", "SKU taken",
                "SKU " + sku + " already belongs to another sale; give this sale's item its own SKU");
    }

    public static ProblemException skuInUse(String sku) {
        return ProblemException.conflict("sku-in-use", "SKU in use", "SKU " + sku
                + " cannot leave the sale: only a DRAFT sale with no reservation of it can lose a SKU");
    }

    public static ProblemException shardsFixed(String sku, int shards) {
        return ProblemException.conflict("shards-fixed", "Shards fixed", "SKU " + sku + " keeps its "
                + shards + " shard(s): the number of stock rows is set when the SKU is added");
    }

    public static ProblemException unitsBelowTaken(String sku, int units, StockLevel level) {
        return ProblemException.conflict("units-below-taken", "Units below what is taken",
                "SKU " + sku + " cannot go down to " + units + " unit(s): " + level.held() + " held and "
                        + level.sold() + " sold (at the last look); lower it to no less than that");
    }

    public static ProblemException illegalTransition(SaleId id, SaleStatus from, SaleStatus to) {
        return ProblemException.conflict("illegal-transition", "Illegal transition",
                "Sale " + id + " is " + from + " and cannot become " + to);
    }
}
