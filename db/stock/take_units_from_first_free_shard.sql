-- take_units.sql for a sharded SKU: the stock row is the first, walking forward from shard
-- :start, that has the whole group's units free and that no other transaction is holding now
-- (SKIP LOCKED: it never waits, and keeps no lock when it finds nothing). Its guarded UPDATE
-- takes the group's sum or nothing, and only while the sale is open; the holds and their ledger
-- rows are written in the same statement. :ids, :keys, :buyers and :qtys are array literals of equal length,
-- one element per hold, in the order the requests arrived.
-- The first row back tells whether the units were taken (claimed = 1); each placed hold comes
-- back as a row. A key taken meanwhile by another transaction is skipped (ON CONFLICT): the
-- caller then sees fewer holds than it asked for, although all their units were taken.
WITH asked AS (
    SELECT a.id, a.idempotency_key, a.buyer_id, a.qty
      FROM unnest(CAST(:ids AS uuid[]), CAST(:keys AS varchar[]), CAST(:buyers AS varchar[]),
                  CAST(:qtys AS integer[])) AS a (id, idempotency_key, buyer_id, qty)
), target AS (
    SELECT sku, shard
      FROM stock_shard
     WHERE sku = :sku
       AND total - held - sold >= (SELECT sum(qty) FROM asked)
     ORDER BY shard < CAST(:start AS smallint), shard
     LIMIT 1
       FOR UPDATE SKIP LOCKED
), claimed AS (
    UPDATE stock_shard
       SET held = stock_shard.held + (SELECT sum(qty) FROM asked)
      FROM target
     WHERE stock_shard.sku = target.sku
       AND stock_shard.shard = target.shard
       AND stock_shard.total - stock_shard.held - stock_shard.sold >= (SELECT sum(qty) FROM asked)
       AND sku_on_sale(stock_shard.sku)
    RETURNING stock_shard.sku, stock_shard.shard
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
