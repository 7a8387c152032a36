-- The lottery's public record (the JSON of GET /api/sales/{id}/queue/lottery), gzip-compressed,
-- written once with the draw: a room of a million tickets has a record of about 130 MB of JSON,
-- which is built once and then only served. Rooms drawn before have none until it is first read.
ALTER TABLE sale_room ADD COLUMN lottery_record bytea;
ALTER TABLE sale_room ADD CONSTRAINT sale_room_record_drawn CHECK (lottery_record IS NULL OR drawn_at IS NOT NULL);
