-- A sale's activity in buckets of :width seconds from its first second (:first): holds placed,
-- holds paid and reserves refused in each, over all its SKUs.
SELECT date_bin(make_interval(secs => :width), a.second, CAST(:first AS timestamptz)) AS bucket,
       sum(a.holds) AS holds, sum(a.sales) AS sales, sum(a.refusals) AS refusals
FROM sku_activity a JOIN sku_item i ON i.sku = a.sku
WHERE i.sale_id = :saleId
GROUP BY 1
ORDER BY 1
