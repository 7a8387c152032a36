-- Takes a SKU out of a sale that never opened and that nobody reserved.
DELETE FROM stock st
 WHERE st.sku = :sku AND st.sale_id = :saleId
   AND EXISTS (SELECT 1 FROM sale s WHERE s.id = st.sale_id AND s.status = 'DRAFT')
   AND NOT EXISTS (SELECT 1 FROM reservation r WHERE r.sku = st.sku)
RETURNING sku
