-- The ledger is folded up to :below.
UPDATE report_fold SET folded_below = :below, folded_at = now()
