-- The newest :limit deliveries in :status, with their event and webhook, for the console and the admin API.
SELECT d.id, d.webhook_id, w.url, o.id AS message_id, o.type, d.status, d.attempts, d.next_attempt_at,
       d.last_status, d.last_error, d.last_attempt_at, d.created_at, d.delivered_at
  FROM webhook_delivery d
  JOIN outbox o ON o.id = d.outbox_id
  JOIN webhook w ON w.id = d.webhook_id
 WHERE d.status = :status
 ORDER BY d.created_at DESC
 LIMIT :limit
