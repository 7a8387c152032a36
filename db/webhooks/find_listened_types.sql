-- The event types some enabled webhook subscribes to (each node keeps them, so that a job asks no
-- database whether anyone would hear of its events).
SELECT DISTINCT unnest(events) AS type FROM webhook WHERE enabled
