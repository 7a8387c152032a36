-- The first and the last second of a sale's activity (null: none yet), folded or not.
WITH seconds AS (
    SELECT a.sku, a.second FROM sku_activity a
    UNION ALL
    SELECT t.sku, t.second FROM report_fold f, ledger_activity(f.folded_below, 9223372036854775807) t
)
SELECT min(a.second) AS first, max(a.second) AS last
FROM seconds a JOIN sku_item i ON i.sku = a.sku
WHERE i.sale_id = :saleId
