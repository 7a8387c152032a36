-- The schema of a flash sale. PostgreSQL is the truth: the CHECK constraints below make an
-- oversold or negative count impossible even for a code path that forgets the guarded UPDATE.

CREATE TABLE sale (
    id            uuid         PRIMARY KEY,
    name          varchar(200) NOT NULL CHECK (length(btrim(name)) > 0),
    status        varchar(8)   NOT NULL DEFAULT 'DRAFT'
                               CHECK (status IN ('DRAFT', 'OPEN', 'PAUSED', 'CLOSED')),
    hold_seconds  integer      NOT NULL CHECK (hold_seconds BETWEEN 1 AND 86400),
    max_per_order integer      NOT NULL CHECK (max_per_order BETWEEN 1 AND 10000),
    late_payment  varchar(8)   NOT NULL DEFAULT 'REFUSE' CHECK (late_payment IN ('REFUSE', 'RECLAIM')),
    created_at    timestamptz  NOT NULL DEFAULT now(),
    updated_at    timestamptz  NOT NULL DEFAULT now()
);

-- One row per SKU on sale. A SKU belongs to exactly one sale; available = total - held - sold.
CREATE TABLE stock (
    sku     varchar(64) PRIMARY KEY CHECK (sku ~ '^[A-Za-z0-9][A-Za-z0-9._:-]*$'),
    sale_id uuid        NOT NULL REFERENCES sale (id),
    total   integer     NOT NULL CHECK (total >= 0),
    held    integer     NOT NULL DEFAULT 0 CHECK (held >= 0),
    sold    integer     NOT NULL DEFAULT 0 CHECK (sold >= 0),
    CONSTRAINT stock_not_oversold CHECK (held + sold <= total)
);
CREATE INDEX stock_sale ON stock (sale_id);

CREATE TABLE reservation (
    id              uuid         PRIMARY KEY,
    idempotency_key varchar(128) NOT NULL UNIQUE,
    sku             varchar(64)  NOT NULL REFERENCES stock (sku),
    buyer_id        varchar(128) NOT NULL,
    qty             integer      NOT NULL CHECK (qty > 0),
    status          varchar(9)   NOT NULL DEFAULT 'HELD'
                                 CHECK (status IN ('HELD', 'CONFIRMED', 'CANCELLED', 'EXPIRED')),
    created_at      timestamptz  NOT NULL DEFAULT now(),
    expires_at      timestamptz  NOT NULL,
    updated_at      timestamptz  NOT NULL DEFAULT now()
);
-- The sweeper and the lazy reclaim look only at live holds, oldest deadline first.
CREATE INDEX reservation_live_hold ON reservation (expires_at) WHERE status = 'HELD';
CREATE INDEX reservation_live_hold_by_sku ON reservation (sku, expires_at) WHERE status = 'HELD';
CREATE INDEX reservation_by_sku_status ON reservation (sku, status);

-- Every unit that moves leaves one row here, so any unit can be traced:
-- per SKU, sum(held_delta) = stock.held and sum(sold_delta) = stock.sold.
CREATE TABLE stock_movement (
    id             bigserial   PRIMARY KEY,
    reservation_id uuid        NOT NULL REFERENCES reservation (id),
    sku            varchar(64) NOT NULL REFERENCES stock (sku),
    kind           varchar(8)  NOT NULL CHECK (kind IN ('CLAIM', 'CONFIRM', 'CANCEL', 'EXPIRE', 'RECLAIM')),
    qty            integer     NOT NULL CHECK (qty > 0),
    held_delta     integer     NOT NULL,
    sold_delta     integer     NOT NULL,
    at             timestamptz NOT NULL DEFAULT now(),
    -- Movements written by one transaction share it: a lazy reclaim shows as an EXPIRE and a
    -- CLAIM with the same txid.
    txid           bigint      NOT NULL DEFAULT txid_current()
);
CREATE INDEX stock_movement_by_reservation ON stock_movement (reservation_id);
CREATE INDEX stock_movement_by_sku ON stock_movement (sku);

-- The ledger is append-only: history is never rewritten, not even by a future bug.
CREATE FUNCTION stock_movement_is_append_only() RETURNS trigger
    LANGUAGE plpgsql AS
$$
BEGIN
    RAISE EXCEPTION 'stock_movement is append-only (% refused)', TG_OP;
END;
$$;

CREATE TRIGGER stock_movement_append_only
    BEFORE UPDATE OR DELETE OR TRUNCATE ON stock_movement
    FOR EACH STATEMENT EXECUTE FUNCTION stock_movement_is_append_only();
