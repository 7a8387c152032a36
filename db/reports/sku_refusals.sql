-- A sale's reserve refusals, per SKU and reason, as the nodes have flushed them.
SELECT r.sku, r.reason, r.refused
FROM sku_refusal r JOIN sku_item i ON i.sku = r.sku
WHERE i.sale_id = :saleId
ORDER BY r.sku, r.reason
