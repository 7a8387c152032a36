-- Bounds the waits of the reserve transaction that runs this first: how long it waits for a row
-- lock, and how long any of its statements runs (both in milliseconds, for this transaction only).
SELECT set_config('lock_timeout', :lockTimeout, true), set_config('statement_timeout', :statementTimeout, true)
