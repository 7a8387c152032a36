-- Why a hold was not extended, read after the refused UPDATE (a statement of its own, so it sees
-- what the change that won committed): its status, whether it is still before its deadline on
-- the database's clock, its extensions, and its sale's allowance.
SELECT r.status, r.expires_at > now() AS live, r.extensions, s.max_extension_seconds, s.max_extensions
  FROM reservation r
  JOIN sku_item i ON i.sku = r.sku
  JOIN sale s ON s.id = i.sale_id
 WHERE r.id = :id
