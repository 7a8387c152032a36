-- Adds a node's count of one SKU's refusals of one reason since its last flush; a SKU that is no
-- sale's (a buyer asked for one that does not exist) is left out.
INSERT INTO sku_refusal (sku, reason, refused)
SELECT sku, :reason, :refused FROM sku_item WHERE sku = :sku
ON CONFLICT (sku, reason) DO UPDATE SET refused = sku_refusal.refused + EXCLUDED.refused
