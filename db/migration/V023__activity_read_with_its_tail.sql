-- A sale's activity (holds placed and paid, second by second) is read like its counts: the folded
-- seconds (sku_activity) plus the ledger entries not folded yet. Read from the folded seconds alone,
-- a report missed every hold written after the oldest transaction still running anywhere began,
-- while its counts, which read the tail, had them. This is the one definition a fold writes and a
-- report reads.
CREATE FUNCTION ledger_activity(from_txid bigint, below_txid bigint)
    RETURNS TABLE (sku varchar, second timestamptz, holds bigint, sales bigint)
    LANGUAGE sql STABLE
    AS $$
        SELECT m.sku, date_trunc('second', m.at),
               count(*) FILTER (WHERE m.kind = 'CLAIM'), count(*) FILTER (WHERE m.kind IN ('CONFIRM', 'RECLAIM'))
        FROM stock_movement m
        WHERE m.txid >= from_txid AND m.txid < below_txid AND m.kind IN ('CLAIM', 'CONFIRM', 'RECLAIM')
        GROUP BY m.sku, date_trunc('second', m.at)
    $$;
