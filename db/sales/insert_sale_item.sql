-- Puts :units of :sku on sale. A SKU belongs to one sale only: no row back means it is taken.
INSERT INTO stock (sku, sale_id, total)
VALUES (:sku, :saleId, :units)
ON CONFLICT (sku) DO NOTHING
RETURNING sku
