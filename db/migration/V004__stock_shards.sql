-- Sharded stock: a SKU's units can be spread over N rows (shards), so that concurrent claims on
-- a hot SKU wait on N row locks instead of one. The counts live only in the shards; the view
-- `stock` keeps the SKU's sums under the old name for every reader. Every CHECK holds per shard,
-- and so in sum.

ALTER TABLE stock RENAME TO sku_item;
ALTER TABLE sku_item RENAME CONSTRAINT stock_pkey TO sku_item_pkey;
ALTER INDEX stock_sale RENAME TO sku_item_sale;
ALTER TABLE sku_item ADD COLUMN shards smallint NOT NULL DEFAULT 1 CHECK (shards BETWEEN 1 AND 64);

CREATE TABLE stock_shard (
    sku   varchar(64) NOT NULL REFERENCES sku_item (sku) ON DELETE CASCADE,
    shard smallint    NOT NULL CHECK (shard >= 0),
    total integer     NOT NULL CHECK (total >= 0),
    held  integer     NOT NULL DEFAULT 0 CHECK (held >= 0),
    sold  integer     NOT NULL DEFAULT 0 CHECK (sold >= 0),
    CONSTRAINT stock_shard_not_oversold CHECK (held + sold <= total),
    PRIMARY KEY (sku, shard)
);

INSERT INTO stock_shard (sku, shard, total, held, sold)
SELECT sku, 0, total, held, sold FROM sku_item;

ALTER TABLE sku_item DROP COLUMN total;
ALTER TABLE sku_item DROP COLUMN held;
ALTER TABLE sku_item DROP COLUMN sold;

-- A reservation's units sit on one shard; its confirm, cancel or expiry moves them there.
ALTER TABLE reservation ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE stock_movement ADD COLUMN shard smallint NOT NULL DEFAULT 0;

-- The SKU as a whole: the sums of its shards. Remaining stock is only ever this sum.
CREATE VIEW stock AS
SELECT i.sku, i.sale_id, i.shards,
       CAST(sum(sh.total) AS integer) AS total,
       CAST(sum(sh.held) AS integer) AS held,
       CAST(sum(sh.sold) AS integer) AS sold
  FROM sku_item i
  JOIN stock_shard sh ON sh.sku = i.sku
 GROUP BY i.sku, i.sale_id, i.shards;
