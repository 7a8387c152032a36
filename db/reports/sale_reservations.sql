-- A sale's reservations for the export, oldest first: each with the storefront key that made it
-- (the configured key has no row of its own) and the moments the ledger recorded for it.
SELECT r.id, r.sku, r.buyer_id, r.qty, r.status, r.created_at, r.expires_at,
       m.confirmed_at, m.cancelled_at, m.expired_at,
       coalesce(k.name, CASE WHEN r.owner = '00000000-0000-0000-0000-000000000000' THEN 'configured key' END) AS key_name
FROM reservation r
JOIN sku_item s ON s.sku = r.sku AND s.sale_id = :saleId
LEFT JOIN api_key k ON k.id = r.owner
LEFT JOIN (
    SELECT reservation_id,
           max(at) FILTER (WHERE kind IN ('CONFIRM', 'RECLAIM')) AS confirmed_at,
           max(at) FILTER (WHERE kind = 'CANCEL') AS cancelled_at,
           max(at) FILTER (WHERE kind = 'EXPIRE') AS expired_at
    FROM stock_movement
    WHERE sku IN (SELECT sku FROM sku_item WHERE sale_id = :saleId)
    GROUP BY reservation_id
) m ON m.reservation_id = r.id
ORDER BY r.created_at, r.id
