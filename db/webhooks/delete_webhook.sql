-- Removes a webhook and its deliveries, pending ones included (ON DELETE CASCADE); run after
-- disable_webhook.sql has committed (record_event.sql says why), and after
-- lock_deliveries_of_webhook.sql in the same transaction (it says why).
DELETE FROM webhook WHERE id = :id
