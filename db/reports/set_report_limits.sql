-- Bounds a report's, an export's or a fold's transaction (milliseconds): how long any statement runs, how long
-- it may sit idle while a slow client takes the rows, and the memory a sort or hash of the sale's
-- buyers may use before it spills to disk; and no plan is compiled (JIT), which the planner's guess for
-- ledger_counts() would start for a query of milliseconds.
SELECT set_config('statement_timeout', :timeout, true), set_config('idle_in_transaction_session_timeout', :timeout, true),
       set_config('work_mem', '32MB', true), set_config('jit', 'off', true)
