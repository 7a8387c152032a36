-- A buyer belongs to the storefront key that sends it, as its reservations do: the cap per buyer
-- counts a buyer's units in a sale per key owner, so that no key can spend another key's buyer's
-- cap by naming the same buyer id. The counts are made again from the live reservations.
DELETE FROM buyer_units;
ALTER TABLE buyer_units ADD COLUMN owner uuid NOT NULL;
ALTER TABLE buyer_units DROP CONSTRAINT buyer_units_pkey;
ALTER TABLE buyer_units ADD PRIMARY KEY (sale_id, owner, buyer_id);

INSERT INTO buyer_units (sale_id, owner, buyer_id, units)
SELECT i.sale_id, r.owner, r.buyer_id, sum(r.qty)
  FROM reservation r
  JOIN sku_item i ON i.sku = r.sku
 WHERE r.status IN ('HELD', 'CONFIRMED')
 GROUP BY i.sale_id, r.owner, r.buyer_id;
