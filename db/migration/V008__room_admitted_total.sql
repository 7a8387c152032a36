-- How many buyers a sale's room has admitted, as last recorded from Redis (where admission counts
-- them): the count outlives a Redis that restarted empty, which takes it back from here.
ALTER TABLE sale_room ADD COLUMN admitted_total bigint NOT NULL DEFAULT 0 CHECK (admitted_total >= 0);
