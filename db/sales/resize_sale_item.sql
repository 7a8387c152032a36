-- Sets a SKU's units. Raising is always allowed; lowering only down to the units already held
-- or sold (the guard here, and stock_not_oversold behind it). No row back: refused.
UPDATE stock SET total = :units
 WHERE sku = :sku AND sale_id = :saleId AND held + sold <= :units
RETURNING sku
