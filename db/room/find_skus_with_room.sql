-- The SKUs whose sale has its waiting room on: the reserve path asks these for an admission token.
SELECT i.sku, i.sale_id
  FROM sale_room r
  JOIN sku_item i ON i.sale_id = r.sale_id
 WHERE r.enabled
