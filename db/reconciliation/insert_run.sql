-- A run starts once it holds the lock: clock_timestamp(), not now(), which is the start of a
-- transaction that may have begun while the run before was still finishing.
INSERT INTO reconciliation_run (node, started_at) VALUES (:node, clock_timestamp()) RETURNING id
