-- Adds a node's counts of refusals since its last flush, all in one statement: the i-th SKU of
-- :skus, the i-th reason of :reasons and the i-th count of :counts (comma-separated: neither a SKU
-- nor a reason may hold a comma). A SKU that is no sale's (a buyer asked for one that does not exist)
-- is left out.
INSERT INTO sku_refusal (sku, reason, refused)
SELECT c.sku, c.reason, sum(c.refused)
FROM unnest(string_to_array(:skus, ','), string_to_array(:reasons, ','), string_to_array(:counts, ',')::bigint[])
         AS c(sku, reason, refused)
JOIN sku_item i ON i.sku = c.sku
GROUP BY c.sku, c.reason
ON CONFLICT (sku, reason) DO UPDATE SET refused = sku_refusal.refused + EXCLUDED.refused
