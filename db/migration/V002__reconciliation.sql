-- Reconciliation: PostgreSQL audits itself, and the Redis gate is compared with PostgreSQL.
-- Every run and every gap found is kept here for the console and the admin API.

CREATE TABLE reconciliation_run (
    id            bigserial   PRIMARY KEY,
    started_at    timestamptz NOT NULL DEFAULT now(),
    finished_at   timestamptz,
    node          varchar(200) NOT NULL,
    redis_checked boolean     NOT NULL DEFAULT false,
    skus_checked  integer     NOT NULL DEFAULT 0,
    gaps          integer     NOT NULL DEFAULT 0
);

-- kind:   LEDGER_BUG  stock counts differ from the sums of their reservations (a bug in PostgreSQL's own data)
--         REDIS_HIGH  the gate's counter is above PostgreSQL's available units (it lets through buyers PostgreSQL must refuse)
--         REDIS_LOW   the gate's counter is below (it only undersells; often a claim in flight)
-- action: ALERTED     corrected at once and raised as an alert (REDIS_HIGH)
--         WATCHED     left alone until the next run sees the same gap (REDIS_LOW)
--         CORRECTED   the counter was rebuilt from PostgreSQL
--         RECORDED    nothing can be corrected automatically: a person must look (LEDGER_BUG)
CREATE TABLE reconciliation_gap (
    id             bigserial   PRIMARY KEY,
    run_id         bigint      NOT NULL REFERENCES reconciliation_run (id),
    sku            varchar(64) NOT NULL,
    kind           varchar(10) NOT NULL CHECK (kind IN ('LEDGER_BUG', 'REDIS_HIGH', 'REDIS_LOW')),
    action         varchar(9)  NOT NULL CHECK (action IN ('ALERTED', 'WATCHED', 'CORRECTED', 'RECORDED')),
    postgres_value integer     NOT NULL,
    other_value    integer     NOT NULL,
    detail         varchar(500) NOT NULL,
    found_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reconciliation_gap_by_run ON reconciliation_gap (run_id);
CREATE INDEX reconciliation_gap_by_sku ON reconciliation_gap (sku, run_id);
