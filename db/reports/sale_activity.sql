-- A sale's activity in buckets of :width seconds from its first second (:first): holds placed,
-- holds paid and reserves refused in each, over all its SKUs, from the folded seconds and the ledger
-- entries not folded yet, as this transaction's snapshot holds them.
WITH seconds AS (
    SELECT a.sku, a.second, a.holds, a.sales, a.refusals FROM sku_activity a
    UNION ALL
    SELECT t.sku, t.second, t.holds, t.sales, 0 FROM report_fold f, ledger_activity(f.folded_below, 9223372036854775807) t
)
SELECT date_bin(make_interval(secs => :width), a.second, CAST(:first AS timestamptz)) AS bucket,
       sum(a.holds) AS holds, sum(a.sales) AS sales, sum(a.refusals) AS refusals
FROM seconds a JOIN sku_item i ON i.sku = a.sku
WHERE i.sale_id = :saleId
GROUP BY 1
ORDER BY 1
