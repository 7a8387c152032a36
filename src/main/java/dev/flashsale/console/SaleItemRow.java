package dev.flashsale.console;

import dev.flashsale.sales.entity.NewSale;
import dev.flashsale.stock.entity.StockLevel;
import java.io.Serializable;
import java.math.BigDecimal;

/** One SKU line of the sale form; held and sold are shown so that nobody lowers below them. */
public class SaleItemRow implements Serializable {

    private static final long serialVersionUID = 1L;

    private String sku;
    private BigDecimal units;
    private BigDecimal shards = BigDecimal.ONE;
    private int held;
    private int sold;
    private boolean existing;

    /** A line for a SKU the sale already has: its code and shards can no longer change. */
    static SaleItemRow of(StockLevel level) {
        SaleItemRow row = new SaleItemRow();
        row.sku = level.sku();
        row.units = BigDecimal.valueOf(level.total());
        row.shards = BigDecimal.valueOf(level.shards());
        row.held = level.held();
        row.sold = level.sold();
        row.existing = true;
        return row;
    }

    /** Shards are only sent for a new SKU; an existing one keeps the rows it has. */
    NewSale.Item toItem() {
        return new NewSale.Item(sku == null ? null : sku.strip(), units, existing ? null : shards);
    }

    public String getSku() {
        return sku;
    }

    public void setSku(String sku) {
        this.sku = sku;
    }

    public BigDecimal getUnits() {
        return units;
    }

    public void setUnits(BigDecimal units) {
        this.units = units;
    }

    public BigDecimal getShards() {
        return shards;
    }

    public void setShards(BigDecimal shards) {
        this.shards = shards;
    }

    public int getHeld() {
        return held;
    }

    public int getSold() {
        return sold;
    }

    public boolean isExisting() {
        return existing;
    }
}
