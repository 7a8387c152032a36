-- Takes units of :sku for a group of new holds (a group of one included): the only statement
-- that takes units for a reservation. The stock row is row :shard, waited for if another
-- transaction holds it; or, with :firstFreeShard, the first row walking forward from :shard that
-- has the whole group's units free and that no other transaction is holding now (SKIP LOCKED:
-- on a sharded SKU another row will do, so it never waits; a row it locked and then found taken
-- meanwhile stays locked, which HoldUnits lets go by a savepoint when the take finds nothing).
-- The guarded UPDATE takes the group's sum or nothing, and only while the sale is
-- open; under READ COMMITTED a take that waited re-checks the guard on the new row. The holds and
-- their ledger rows are written in the same statement, so the row lock is held no longer than
-- this statement and the commit. :ids, :owners, :keys, :buyers, :qtys and :tickets are array
-- literals of equal length, one element per hold, in the order the requests arrived; an
-- idempotency key is unique in its owner's space (the storefront key that sent it).
-- A sale's waiting room is enforced here, whatever a node believes: while the SKU's sale has its
-- room on (sku_room_on), the UPDATE takes nothing for a group with a hold whose request showed no
-- checked admission token (its :tickets element NULL), and each placed hold's ticket is recorded
-- in admission_checkout, where a ticket that bought a checkout before is skipped (ON CONFLICT):
-- the first row's room_refused and tickets_recorded tell the caller, who must then roll back.
-- Each buyer's units in the sale are counted in the same statement (buyer_units, a buyer in its
-- key owner's space), by an upsert that refuses to go above :maxPerBuyer (null: no cap); buyers
-- are counted in (owner, buyer) order, the one order in which every statement locks buyer rows.
-- The first row back tells whether the units were taken (claimed = 1) and how many buyers were
-- counted of how many placed holds belong to; each placed hold comes back as a row. A key taken
-- meanwhile by another transaction is skipped (ON CONFLICT), and a buyer whose units another
-- transaction raised meanwhile past the cap is not counted: the caller then sees fewer holds
-- (or buyers) than it asked for, although all their units were taken, and must roll back.
WITH asked AS (
    SELECT a.id, a.owner, a.idempotency_key, a.buyer_id, a.qty, a.ticket
      FROM unnest(CAST(:ids AS uuid[]), CAST(:owners AS uuid[]), CAST(:keys AS varchar[]), CAST(:buyers AS varchar[]),
                  CAST(:qtys AS integer[]), CAST(:tickets AS varchar[])) AS a (id, owner, idempotency_key, buyer_id, qty, ticket)
), room AS (
    SELECT sku_room_on(:sku) AND EXISTS (SELECT 1 FROM asked WHERE ticket IS NULL) AS refused
), first_free_row AS (
    -- Read only when firstFreeShard is set (the CASE below asks for it only then).
    SELECT shard
      FROM stock_shard
     WHERE sku = :sku
       AND total - held - sold >= (SELECT sum(qty) FROM asked)
     ORDER BY shard < CAST(:shard AS smallint), shard
     LIMIT 1
       FOR UPDATE SKIP LOCKED
), claimed AS (
    UPDATE stock_shard
       SET held = held + (SELECT sum(qty) FROM asked)
     WHERE sku = :sku
       AND shard = CASE WHEN CAST(:firstFreeShard AS boolean) THEN (SELECT shard FROM first_free_row)
                        ELSE CAST(:shard AS smallint) END
       AND total - held - sold >= (SELECT sum(qty) FROM asked)
       AND sku_on_sale(sku)
       AND NOT (SELECT refused FROM room)
    RETURNING sku, shard
), placed AS (
    INSERT INTO reservation (id, owner, idempotency_key, sku, buyer_id, qty, status, expires_at, shard)
    SELECT a.id, a.owner, a.idempotency_key, c.sku, a.buyer_id, a.qty, 'HELD',
           now() + CAST(:holdSeconds AS integer) * interval '1 second', c.shard
      FROM asked a
     CROSS JOIN claimed c
        ON CONFLICT (idempotency_key, owner) DO NOTHING
    RETURNING id, owner, idempotency_key, sku, buyer_id, qty, status, created_at, expires_at, updated_at, extensions, shard
), recorded AS (
    INSERT INTO stock_movement (reservation_id, sku, shard, kind, qty, held_delta, sold_delta)
    SELECT id, sku, shard, 'CLAIM', qty, qty, 0
      FROM placed
    RETURNING reservation_id
), used AS (
    INSERT INTO admission_checkout (sale_id, ticket, reservation_id)
    SELECT i.sale_id, a.ticket, p.id
      FROM placed p
      JOIN asked a ON a.id = p.id
      JOIN sku_item i ON i.sku = p.sku
     WHERE a.ticket IS NOT NULL
        ON CONFLICT (sale_id, ticket) DO NOTHING
    RETURNING ticket
), counted AS (
    INSERT INTO buyer_units AS b (sale_id, owner, buyer_id, units)
    SELECT i.sale_id, p.owner, p.buyer_id, sum(p.qty)
      FROM placed p
      JOIN sku_item i ON i.sku = p.sku
     GROUP BY i.sale_id, p.owner, p.buyer_id
    HAVING CAST(:maxPerBuyer AS integer) IS NULL OR sum(p.qty) <= CAST(:maxPerBuyer AS integer)
     ORDER BY p.owner, p.buyer_id
        ON CONFLICT (sale_id, owner, buyer_id) DO UPDATE
       SET units = b.units + excluded.units
     WHERE CAST(:maxPerBuyer AS integer) IS NULL OR b.units + excluded.units <= CAST(:maxPerBuyer AS integer)
    RETURNING b.buyer_id
)
SELECT (SELECT count(*) FROM claimed) AS claimed, (SELECT count(*) FROM recorded) AS recorded,
       (SELECT count(*) FROM counted) AS buyers_counted, (SELECT count(DISTINCT (owner, buyer_id)) FROM placed) AS buyers,
       (SELECT refused FROM room) AS room_refused, (SELECT count(*) FROM used) AS tickets_recorded,
       (SELECT count(*) FROM placed p JOIN asked a ON a.id = p.id WHERE a.ticket IS NOT NULL) AS tickets,
       p.id, p.owner, p.idempotency_key, p.sku, p.buyer_id, p.qty, p.status, p.created_at, p.expires_at, p.updated_at,
       p.extensions
  FROM (SELECT 1) AS one
  LEFT JOIN placed p ON true
