-- The oldest transaction still running: every transaction below it is finished, and no entry of
-- the ledger will ever be written with a lower one.
SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS horizon
