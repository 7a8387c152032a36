-- Puts :units of :sku on sale, spread evenly over :shards stock rows (the first ones get the
-- remainder). A SKU belongs to one sale only: no row back means it is taken.
WITH item AS (
    INSERT INTO sku_item (sku, sale_id, shards)
    VALUES (:sku, :saleId, CAST(:shards AS smallint))
    ON CONFLICT (sku) DO NOTHING
    RETURNING sku, shards
)
INSERT INTO stock_shard (sku, shard, total)
SELECT item.sku, n, CAST(:units AS integer) / item.shards
                    + CASE WHEN n < CAST(:units AS integer) % item.shards THEN 1 ELSE 0 END
  FROM item, generate_series(0, item.shards - 1) AS n
RETURNING sku
