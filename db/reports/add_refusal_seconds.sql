-- Adds a node's refusals since its last flush to their SKUs' seconds, all in one statement: the
-- i-th SKU of :skus had the i-th count of :counts refused in the i-th second of :seconds (epoch
-- seconds; all comma-separated). A SKU that is no sale's is left out.
INSERT INTO sku_activity AS a (sku, second, holds, sales, refusals)
SELECT c.sku, to_timestamp(c.second), 0, 0, sum(c.refused)
FROM unnest(string_to_array(:skus, ','), string_to_array(:seconds, ',')::bigint[], string_to_array(:counts, ',')::bigint[])
         AS c(sku, second, refused)
JOIN sku_item i ON i.sku = c.sku
GROUP BY c.sku, c.second
ON CONFLICT (sku, second) DO UPDATE SET refusals = a.refusals + EXCLUDED.refusals
