-- A room's figures for the sale's report, as last recorded from Redis (where the room counts them,
-- in fs:{sale:<id>}:figures): tickets taken, buyers who left, tickets revoked, tickets that expired
-- (missed polls, or a token that ran out unused), and the admitted buyers' waits as a histogram
-- (waits[n + 1]: buyers admitted after a wait in bucket n, lua/room_batch.lua's waitBucket). Like
-- admitted_total they outlive a Redis that restarted empty, which takes them back from here, and
-- are only ever raised.
ALTER TABLE sale_room
    ADD COLUMN tickets_total bigint   NOT NULL DEFAULT 0 CHECK (tickets_total >= 0),
    ADD COLUMN left_total    bigint   NOT NULL DEFAULT 0 CHECK (left_total >= 0),
    ADD COLUMN revoked_total bigint   NOT NULL DEFAULT 0 CHECK (revoked_total >= 0),
    ADD COLUMN expired_total bigint   NOT NULL DEFAULT 0 CHECK (expired_total >= 0),
    ADD COLUMN waits         bigint[] NOT NULL DEFAULT '{}' CHECK (cardinality(waits) <= 1000);
