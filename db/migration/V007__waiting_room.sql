-- The waiting room of a sale (optional): its settings, and the lottery's record, which must
-- outlive Redis. The queue itself (tickets, places, admissions) lives in Redis.
-- seed is secret until the draw; seed_hash (its SHA-256) is published from the start.
-- lottery_tickets are the pre-queue's tickets in the order they were taken, lottery_order the
-- same tickets in the order the lottery gave them (see README: recomputing the lottery).
CREATE TABLE sale_room (
    sale_id             uuid        PRIMARY KEY REFERENCES sale (id) ON DELETE CASCADE,
    enabled             boolean     NOT NULL,
    paused              boolean     NOT NULL DEFAULT false,
    admission_per_second integer    NOT NULL CHECK (admission_per_second BETWEEN 1 AND 100000),
    max_active          integer     NOT NULL CHECK (max_active BETWEEN 1 AND 10000000),
    token_seconds       integer     NOT NULL CHECK (token_seconds BETWEEN 10 AND 3600),
    missed_poll_seconds integer     NOT NULL CHECK (missed_poll_seconds BETWEEN 3 AND 3600),
    prequeue_opens_at   timestamptz,
    seed                bytea       NOT NULL CHECK (length(seed) = 32),
    seed_hash           char(64)    NOT NULL,
    drawn_at            timestamptz,
    lottery_tickets     text[],
    lottery_order       text[],
    updated_at          timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT sale_room_drawn_whole CHECK ((drawn_at IS NULL) = (lottery_order IS NULL)
                                            AND (drawn_at IS NULL) = (lottery_tickets IS NULL))
);
