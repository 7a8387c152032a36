-- Locks a webhook's deliveries in the order of their ids, the deletion's step before
-- delete_webhook.sql, so that no other statement that locks several of them can hold one while
-- waiting for one the deletion holds. (The deletion's cascade took them in the table's order and
-- deadlocked with a sender that recorded a round's outcomes in one transaction; the sender now
-- records each outcome alone, WebhookSender.) Answers only how many.
SELECT count(*) AS locked
  FROM (SELECT 1 FROM webhook_delivery WHERE webhook_id = :id ORDER BY id FOR UPDATE) AS held
