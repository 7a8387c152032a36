-- A cap per buyer and sale: the units one buyer may hold and have bought in a sale, over all
-- its SKUs (null: no cap beyond the per-order limit). buyer_units counts them for every sale,
-- so that a cap set on a running sale applies at once. It changes only in the statements that
-- move units: take_units.sql counts a group's units with a guarded upsert that refuses to go
-- above the cap; the statements that give units back count them out; a confirmed hold stays
-- counted.
ALTER TABLE sale ADD COLUMN max_per_buyer integer CHECK (max_per_buyer BETWEEN 1 AND 10000000);

CREATE TABLE buyer_units (
    sale_id  uuid         NOT NULL REFERENCES sale (id) ON DELETE CASCADE,
    buyer_id varchar(128) NOT NULL,
    units    integer      NOT NULL CHECK (units >= 0),
    PRIMARY KEY (sale_id, buyer_id)
);

INSERT INTO buyer_units (sale_id, buyer_id, units)
SELECT i.sale_id, r.buyer_id, sum(r.qty)
  FROM reservation r
  JOIN sku_item i ON i.sku = r.sku
 WHERE r.status IN ('HELD', 'CONFIRMED')
 GROUP BY i.sale_id, r.buyer_id;
