-- What the admin console needs: a sale's selling window, the people who may log in, the
-- storefront credentials, and the trail of every admin action.

-- A sale takes reservations only while OPEN and inside its window (either end may be left open).
ALTER TABLE sale ADD COLUMN starts_at timestamptz;
ALTER TABLE sale ADD COLUMN ends_at timestamptz;
ALTER TABLE sale ADD CONSTRAINT sale_window CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at);

-- Console and admin API users. The password is kept only as the platform's PBKDF2 hash
-- (algorithm:iterations:salt:hash). merchandiser changes sales; viewer reads only.
CREATE TABLE app_user (
    username      varchar(64)  PRIMARY KEY CHECK (username ~ '^[A-Za-z0-9._@-]+$'),
    password_hash varchar(400) NOT NULL,
    role          varchar(12)  NOT NULL CHECK (role IN ('merchandiser', 'viewer')),
    enabled       boolean      NOT NULL DEFAULT true,
    created_at    timestamptz  NOT NULL DEFAULT now()
);

-- Storefront API keys. Only the SHA-256 of a key is kept; its first characters (prefix) let a
-- person tell keys apart. A revoked key stays for the record.
CREATE TABLE api_key (
    id         uuid         PRIMARY KEY,
    name       varchar(100) NOT NULL CHECK (length(btrim(name)) > 0),
    prefix     varchar(12)  NOT NULL,
    key_sha256 char(64)     NOT NULL UNIQUE,
    created_by varchar(64)  NOT NULL,
    created_at timestamptz  NOT NULL DEFAULT now(),
    revoked_at timestamptz
);

-- Who did what, when: one row per admin action, written in the action's own transaction.
CREATE TABLE audit_event (
    id     bigserial    PRIMARY KEY,
    at     timestamptz  NOT NULL DEFAULT now(),
    actor  varchar(100) NOT NULL,
    action varchar(40)  NOT NULL,
    target varchar(200) NOT NULL,
    detail varchar(1000) NOT NULL DEFAULT ''
);
CREATE INDEX audit_event_recent ON audit_event (at DESC);

CREATE TRIGGER audit_event_append_only
    BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_event
    FOR EACH STATEMENT EXECUTE FUNCTION stock_movement_is_append_only();
