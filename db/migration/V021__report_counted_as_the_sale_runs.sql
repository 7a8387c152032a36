-- A sale's report is counted as the sale runs, not summed over its whole ledger at each reading:
-- every node folds the ledger entries of finished transactions into one row per SKU every
-- flashsale.reports.fold-ms, and a report reads those rows plus the entries not folded yet.
--
-- Which entries a fold takes is decided by transaction id, not by entry id: an entry's id is taken
-- as it is written, so a transaction still running can commit an entry whose id is below one
-- already read. A fold takes the entries of the transactions with ids from folded_below up to the
-- oldest one still running (pg_snapshot_xmin), which are all finished and will never gain an entry,
-- and moves folded_below there in the same transaction as the counts.
CREATE TABLE report_fold (
    one          boolean     PRIMARY KEY DEFAULT true CHECK (one),
    folded_below bigint      NOT NULL CHECK (folded_below >= 0),
    folded_at    timestamptz
);
INSERT INTO report_fold (folded_below) VALUES (0);

-- A SKU's ledger, folded: reservations (CLAIM), paid (CONFIRM and RECLAIM, of which RECLAIM a hold
-- paid after it ran out), cancelled, run out, the units held, returned, sold and taken (CLAIM and
-- RECLAIM), held + sold after the last folded entry (taken), and its moments: the first hold, the
-- first entry after which held + sold reached the SKU's units as they were then (sold out), the
-- last payment.
CREATE TABLE sku_report (
    sku            varchar(64) PRIMARY KEY REFERENCES sku_item (sku) ON DELETE CASCADE,
    reservations   bigint      NOT NULL CHECK (reservations >= 0),
    confirmed      bigint      NOT NULL CHECK (confirmed >= 0),
    reclaimed      bigint      NOT NULL CHECK (reclaimed >= 0),
    cancelled      bigint      NOT NULL CHECK (cancelled >= 0),
    expired        bigint      NOT NULL CHECK (expired >= 0),
    units_held     bigint      NOT NULL CHECK (units_held >= 0),
    units_returned bigint      NOT NULL CHECK (units_returned >= 0),
    units_sold     bigint      NOT NULL,
    units_taken    bigint      NOT NULL CHECK (units_taken >= 0),
    taken          bigint      NOT NULL,
    first_hold     timestamptz,
    sold_out_at    timestamptz,
    last_payment   timestamptz
);

-- A SKU's activity, second by second, for the report's chart: holds placed and holds paid, folded
-- from the ledger with the counts above, and reserves refused, flushed from the nodes' memory with
-- their counts by reason (sku_refusal).
CREATE TABLE sku_activity (
    sku      varchar(64) NOT NULL REFERENCES sku_item (sku) ON DELETE CASCADE,
    second   timestamptz NOT NULL CHECK (second = date_trunc('second', second)),
    holds    bigint      NOT NULL CHECK (holds >= 0),
    sales    bigint      NOT NULL CHECK (sales >= 0),
    refusals bigint      NOT NULL CHECK (refusals >= 0),
    PRIMARY KEY (sku, second)
);

-- The ledger is written in transaction order, nearly: a block range index finds a fold's entries
-- at the cost of a few bytes per 128 pages, not an entry per row on the crowd's path. A range not
-- summarized yet is read by every search, so each fold summarizes the new ones
-- (db/reports/summarize_ledger_ranges.sql), and autovacuum does too.
CREATE INDEX stock_movement_by_txid ON stock_movement USING brin (txid) WITH (autosummarize = on);

-- The counts of the ledger entries of transactions from_txid (inclusive) to below_txid, per SKU,
-- carrying on from the SKU's folded row: the one definition a fold writes and a report reads.
CREATE FUNCTION ledger_counts(from_txid bigint, below_txid bigint)
    RETURNS TABLE (sku varchar, reservations bigint, confirmed bigint, reclaimed bigint, cancelled bigint,
                   expired bigint, units_held bigint, units_returned bigint, units_sold bigint, units_taken bigint,
                   taken bigint, first_hold timestamptz, sold_out_at timestamptz, last_payment timestamptz)
    LANGUAGE sql STABLE
    AS $$
        WITH batch AS (
            SELECT m.id, m.sku, m.kind, m.qty, m.held_delta + m.sold_delta AS taken_delta, m.sold_delta, m.at
            FROM stock_movement m
            WHERE m.txid >= from_txid AND m.txid < below_txid
        ), sums AS (
            SELECT b.sku,
                   count(*) FILTER (WHERE b.kind = 'CLAIM') AS reservations,
                   count(*) FILTER (WHERE b.kind IN ('CONFIRM', 'RECLAIM')) AS confirmed,
                   count(*) FILTER (WHERE b.kind = 'RECLAIM') AS reclaimed,
                   count(*) FILTER (WHERE b.kind = 'CANCEL') AS cancelled,
                   count(*) FILTER (WHERE b.kind = 'EXPIRE') AS expired,
                   coalesce(sum(b.qty) FILTER (WHERE b.kind = 'CLAIM'), 0) AS units_held,
                   coalesce(sum(b.qty) FILTER (WHERE b.kind IN ('CANCEL', 'EXPIRE')), 0) AS units_returned,
                   sum(b.sold_delta) AS units_sold,
                   coalesce(sum(b.qty) FILTER (WHERE b.kind IN ('CLAIM', 'RECLAIM')), 0) AS units_taken,
                   sum(b.taken_delta) AS taken,
                   min(b.at) FILTER (WHERE b.kind = 'CLAIM') AS first_hold,
                   max(b.at) FILTER (WHERE b.kind IN ('CONFIRM', 'RECLAIM')) AS last_payment
            FROM batch b
            GROUP BY b.sku
        ), running AS (
            SELECT b.sku, b.at, s.total,
                   coalesce(r.taken, 0) + sum(b.taken_delta) OVER (PARTITION BY b.sku ORDER BY b.id) AS taken
            FROM batch b
            JOIN stock s ON s.sku = b.sku
            LEFT JOIN sku_report r ON r.sku = b.sku
            WHERE r.sold_out_at IS NULL
        ), full_at AS (
            SELECT u.sku, min(u.at) AS sold_out_at FROM running u WHERE u.total > 0 AND u.taken >= u.total GROUP BY u.sku
        )
        SELECT s.sku, s.reservations, s.confirmed, s.reclaimed, s.cancelled, s.expired, s.units_held, s.units_returned,
               s.units_sold, s.units_taken, s.taken, s.first_hold, f.sold_out_at, s.last_payment
        FROM sums s LEFT JOIN full_at f ON f.sku = s.sku
    $$;
