-- The reserve refusals of each SKU of a sale, by reason (the problem type's slug): counted by each
-- node in its memory as it answers them and added here every flashsale.reports.refusals-flush-ms,
-- never a write per refusal. A node that stops without its last flush loses those: the counts are
-- a lower bound.
CREATE TABLE sku_refusal (
    sku     varchar(64) NOT NULL REFERENCES sku_item (sku) ON DELETE CASCADE,
    reason  varchar(64) NOT NULL CHECK (reason ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
    refused bigint      NOT NULL CHECK (refused >= 0),
    PRIMARY KEY (sku, reason)
);
