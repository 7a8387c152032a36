-- Where the last fold of the ledger into the reports stopped, locked: one fold at a time, on any node.
SELECT folded_below FROM report_fold FOR UPDATE
