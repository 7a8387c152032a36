-- Summarizes the ledger's page ranges that its transaction index has not summarized yet (written
-- since the last time): a search reads every range not summarized, so a report that came after a
-- crowd would read the crowd's whole ledger to find the few entries not folded.
SELECT brin_summarize_new_values('stock_movement_by_txid') AS summarized
