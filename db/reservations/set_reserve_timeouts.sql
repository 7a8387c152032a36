-- Bounds the waits of the reserve transaction that runs this first, for this transaction only
-- (all in milliseconds): how long it waits for a row lock, how long any of its statements runs,
-- and how long it may sit idle while open. The last is the safety net for a transaction that
-- its connection lost track of (seen after a PostgreSQL restart, in the server's pool): PostgreSQL
-- ends it, and with it the stock row locks it holds, instead of keeping the SKU locked for good.
SELECT set_config('lock_timeout', :lockTimeout, true), set_config('statement_timeout', :statementTimeout, true),
       set_config('idle_in_transaction_session_timeout', :idleTimeout, true)
