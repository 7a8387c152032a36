-- A sender claims each webhook's due deliveries apart (db/webhooks/claim_deliveries.sql, at most a
-- few of one webhook a round), oldest first.
CREATE INDEX webhook_delivery_due_per_webhook ON webhook_delivery (webhook_id, next_attempt_at) WHERE status = 'PENDING';
