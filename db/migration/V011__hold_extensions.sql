-- Holds that wait for a payment in flight: a sale lets a held reservation be extended at most
-- max_extensions times, by at most max_extension_seconds each (0 = off, the default, so sales
-- made before keep their terms). A reservation counts its extensions; each is one EXTEND row in
-- the ledger, which moves no unit (held_delta = sold_delta = 0) and names the new deadline.
ALTER TABLE sale ADD COLUMN max_extension_seconds integer NOT NULL DEFAULT 0
    CHECK (max_extension_seconds BETWEEN 0 AND 3600);
ALTER TABLE sale ADD COLUMN max_extensions integer NOT NULL DEFAULT 0
    CHECK (max_extensions BETWEEN 0 AND 10);

ALTER TABLE reservation ADD COLUMN extensions smallint NOT NULL DEFAULT 0 CHECK (extensions BETWEEN 0 AND 10);

ALTER TABLE stock_movement DROP CONSTRAINT stock_movement_kind_check;
ALTER TABLE stock_movement ADD CONSTRAINT stock_movement_kind_check
    CHECK (kind IN ('CLAIM', 'CONFIRM', 'CANCEL', 'EXPIRE', 'RECLAIM', 'EXTEND'));
ALTER TABLE stock_movement ADD COLUMN extended_to timestamptz;
ALTER TABLE stock_movement ADD CONSTRAINT stock_movement_extension_moves_nothing
    CHECK (kind <> 'EXTEND' OR (held_delta = 0 AND sold_delta = 0 AND extended_to IS NOT NULL));
