-- Webhooks: the storefronts' subscriptions, the outbox of events written in the transaction of the
-- change that caused each, and one delivery per webhook and event, sent by the timer-driven
-- sender (webhooks/boundary/WebhookSendTimer) and retried until delivered or given up.
-- Nothing here depends on a migration after V010, so V011 may be applied before or after it.
CREATE TABLE webhook (
    id          uuid PRIMARY KEY,
    url         varchar(2000) NOT NULL CHECK (url ~ '^https?://'),
    events      varchar(40)[] NOT NULL CHECK (cardinality(events) BETWEEN 1 AND 20),
    -- The Standard Webhooks secret, whsec_<base64 of 24 to 64 bytes>; the sender signs with it.
    secret      varchar(120) NOT NULL CHECK (secret LIKE 'whsec\_%'),
    enabled     boolean NOT NULL DEFAULT true,
    created_by  varchar(100) NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One row per event, its body fixed when it is written: every attempt sends these same bytes
-- under the same webhook-id (msg_<id>).
CREATE TABLE outbox (
    id          uuid PRIMARY KEY,
    type        varchar(40) NOT NULL,
    body        text NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_by_age ON outbox (created_at);

-- A delivery is PENDING until a 2xx (DELIVERED) or until it has been tried for the give-up time
-- (FAILED). A sender claims a due one by moving next_attempt_at past its lease and stamping a
-- fresh claim; a node that dies mid-delivery leaves it PENDING, claimable again once the lease ran out.
CREATE TABLE webhook_delivery (
    id               uuid PRIMARY KEY,
    outbox_id        uuid NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
    webhook_id       uuid NOT NULL REFERENCES webhook (id) ON DELETE CASCADE,
    status           varchar(10) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
    attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    claim            uuid,
    claimed_by       varchar(200),
    -- When this round of attempts began (the event's time, or a "send again"): given up 24 h after it.
    round_started_at timestamptz NOT NULL DEFAULT now(),
    last_status      integer,
    last_error       varchar(500),
    last_attempt_at  timestamptz,
    delivered_at     timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (outbox_id, webhook_id)
);
CREATE INDEX webhook_delivery_due ON webhook_delivery (next_attempt_at) WHERE status = 'PENDING';
CREATE INDEX webhook_delivery_failed ON webhook_delivery (last_attempt_at) WHERE status = 'FAILED';
CREATE INDEX webhook_delivery_by_webhook ON webhook_delivery (webhook_id);

-- Which holds were announced as about to expire, by their deadline at the time: a hold whose
-- deadline moves later is announced again before its new deadline.
CREATE TABLE hold_expiring_notice (
    reservation_id uuid NOT NULL,
    expires_at     timestamptz NOT NULL,
    PRIMARY KEY (reservation_id, expires_at)
);
CREATE INDEX hold_expiring_notice_by_deadline ON hold_expiring_notice (expires_at);
