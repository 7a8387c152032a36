-- Takes units of :sku from its stock row :shard for a group of new holds (a group of one
-- included), waiting for the row if another transaction holds it: with
-- take_units_from_first_free_shard.sql (its twin for sharded SKUs), the only statement that takes
-- units for a reservation. Under READ COMMITTED a concurrent take waits for the row lock and
-- re-checks the guard on the new row. The guarded UPDATE takes the group's sum or nothing, and
-- only while the sale is open; the holds and their ledger rows are written in the same
-- statement, so the row lock is held no longer than this statement and the commit. :ids, :keys, :buyers and :qtys are array literals of equal length,
-- one element per hold, in the order the requests arrived.
-- The first row back tells whether the units were taken (claimed = 1); each placed hold comes
-- back as a row. A key taken meanwhile by another transaction is skipped (ON CONFLICT): the
-- caller then sees fewer holds than it asked for, although all their units were taken.
WITH asked AS (
    SELECT a.id, a.idempotency_key, a.buyer_id, a.qty
      FROM unnest(CAST(:ids AS uuid[]), CAST(:keys AS varchar[]), CAST(:buyers AS varchar[]),
                  CAST(:qtys AS integer[])) AS a (id, idempotency_key, buyer_id, qty)
), claimed AS (
    UPDATE stock_shard
       SET held = held + (SELECT sum(qty) FROM asked)
     WHERE sku = :sku
       AND shard = CAST(:shard AS smallint)
       AND total - held - sold >= (SELECT sum(qty) FROM asked)
       AND sku_on_sale(sku)
    RETURNING sku, shard
), placed AS (
    INSERT INTO reservation (id, idempotency_key, sku, buyer_id, qty, status, expires_at, shard)
    SELECT a.id, a.idempotency_key, c.sku, a.buyer_id, a.qty, 'HELD',
           now() + CAST(:holdSeconds AS integer) * interval '1 second', c.shard
      FROM asked a
     CROSS JOIN claimed c
        ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, shard
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, shard, kind, qty, held_delta, sold_delta)
    SELECT id, sku, shard, 'CLAIM', qty, qty, 0
      FROM placed
    RETURNING reservation_id
)
SELECT (SELECT count(*) FROM claimed) AS claimed, (SELECT count(*) FROM recorded) AS recorded,
       p.id, p.idempotency_key, p.sku, p.buyer_id, p.qty, p.status, p.created_at, p.expires_at, p.updated_at
  FROM (SELECT 1) AS one
  LEFT JOIN placed p ON true
