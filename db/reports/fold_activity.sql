-- Adds the holds and payments among the ledger entries of the transactions from :from to :below to
-- their SKUs' seconds.
INSERT INTO sku_activity AS a (sku, second, holds, sales, refusals)
SELECT sku, date_trunc('second', at),
       count(*) FILTER (WHERE kind = 'CLAIM'), count(*) FILTER (WHERE kind IN ('CONFIRM', 'RECLAIM')), 0
FROM stock_movement
WHERE txid >= :from AND txid < :below AND kind IN ('CLAIM', 'CONFIRM', 'RECLAIM')
GROUP BY sku, date_trunc('second', at)
ON CONFLICT (sku, second) DO UPDATE SET holds = a.holds + EXCLUDED.holds, sales = a.sales + EXCLUDED.sales
