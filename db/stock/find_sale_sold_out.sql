-- Whether every unit of every SKU of sale :saleId is sold (run after lock_sale_of_sold_out_shard.sql).
SELECT NOT EXISTS (SELECT 1
                     FROM stock_shard sh
                     JOIN sku_item i ON i.sku = sh.sku
                    WHERE i.sale_id = :saleId
                      AND sh.sold < sh.total) AS sold_out
