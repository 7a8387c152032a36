-- Locks a webhook's deliveries in the order of their ids, the deletion's step before
-- delete_webhook.sql: the sender records a batch's outcomes in that same order (WebhookSender),
-- so the two never hold one delivery each while waiting for the other's. (The deletion's cascade
-- took them in the table's order and deadlocked with a sender's round.) Answers only how many.
SELECT count(*) AS locked
  FROM (SELECT 1 FROM webhook_delivery WHERE webhook_id = :id ORDER BY id FOR UPDATE) AS held
