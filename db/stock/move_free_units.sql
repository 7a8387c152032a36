-- Moves :units free units of :sku from shard :fromShard to shard :toShard (both locked by the
-- caller): only units nobody holds or bought move, so every shard's CHECKs keep holding and the
-- SKU's total stays the same. Two rows back, or the move did not happen.
WITH taken AS (
    UPDATE stock_shard
       SET total = total - CAST(:units AS integer)
     WHERE sku = :sku
       AND shard = CAST(:fromShard AS smallint)
       AND total - held - sold >= CAST(:units AS integer)
    RETURNING sku
), given AS (
    UPDATE stock_shard
       SET total = total + CAST(:units AS integer)
      FROM taken
     WHERE stock_shard.sku = taken.sku
       AND stock_shard.shard = CAST(:toShard AS smallint)
    RETURNING stock_shard.sku
)
SELECT (SELECT count(*) FROM taken) + (SELECT count(*) FROM given) AS rows_moved
