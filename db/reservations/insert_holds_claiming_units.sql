-- A group of new holds on one stock row, in one statement: takes the units of all of them by
-- one guarded UPDATE (the whole group's units, or none), and records the holds and their ledger
-- rows in the same statement, so the row lock is held no longer than one statement and the
-- commit. The arrays (:ids, :keys, :buyers, :qtys) are array literals of equal length, one
-- element per hold, in the order the requests arrived.
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
       AND EXISTS (SELECT 1
                     FROM sku_item i
                     JOIN sale ON sale.id = i.sale_id
                    WHERE i.sku = stock_shard.sku AND sale.status = 'OPEN')
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
