-- When the sale of a SKU starts taking reservations, for the gate to refuse buyers who come before
-- it: the sale's status and its window's start (null: from the moment it is OPEN). No row when no
-- sale has the SKU.
SELECT s.status, s.starts_at
  FROM stock st
  JOIN sale s ON s.id = st.sale_id
 WHERE st.sku = :sku
