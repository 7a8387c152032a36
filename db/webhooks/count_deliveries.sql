-- How many deliveries are pending and failed (both by their partial indexes).
SELECT (SELECT count(*) FROM webhook_delivery WHERE status = 'PENDING') AS pending,
       (SELECT count(*) FROM webhook_delivery WHERE status = 'FAILED') AS failed
