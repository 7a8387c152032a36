-- After a confirm sold reservation :id's units: when its stock row has nothing left to sell,
-- locks its sale's row to the commit and answers the sale, so that the last sales of a sale's
-- rows (which may commit at the same moment on different rows) ask find_sale_sold_out.sql one
-- after another, each in a snapshot taken after the one before committed. Nothing otherwise.
SELECT s.id AS sale_id
  FROM sale s
 WHERE s.id = (SELECT i.sale_id
                 FROM reservation r
                 JOIN stock_shard sh ON sh.sku = r.sku AND sh.shard = r.shard
                 JOIN sku_item i ON i.sku = r.sku
                WHERE r.id = :id
                  AND sh.sold >= sh.total)
   FOR NO KEY UPDATE OF s
