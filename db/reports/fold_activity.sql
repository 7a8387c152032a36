-- Adds the holds and payments among the ledger entries of the transactions from :from to :below to
-- their SKUs' seconds.
INSERT INTO sku_activity AS a (sku, second, holds, sales, refusals)
SELECT sku, second, holds, sales, 0
FROM ledger_activity(:from, :below)
ON CONFLICT (sku, second) DO UPDATE SET holds = a.holds + EXCLUDED.holds, sales = a.sales + EXCLUDED.sales
