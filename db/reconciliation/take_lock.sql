-- One reconciliation at a time across all app nodes: the lock ends with the transaction.
SELECT pg_try_advisory_xact_lock(hashtext('flashsale.reconciliation')) AS locked
