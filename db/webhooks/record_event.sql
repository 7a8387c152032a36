-- Writes an event to the outbox, in the caller's transaction, with one delivery for every enabled
-- webhook subscribed to its :type; an event no webhook is subscribed to is not written at all.
-- :body is the JSON sent, fixed now: every attempt sends the same bytes under the same id.
WITH subscribed AS (
    SELECT id FROM webhook WHERE enabled AND CAST(:type AS varchar) = ANY (events)
), event AS (
    INSERT INTO outbox (id, type, body)
    SELECT CAST(:id AS uuid), :type, :body
     WHERE EXISTS (SELECT 1 FROM subscribed)
    RETURNING id, created_at
)
INSERT INTO webhook_delivery (id, outbox_id, webhook_id, next_attempt_at, round_started_at)
SELECT gen_random_uuid(), event.id, subscribed.id, event.created_at, event.created_at
  FROM event
 CROSS JOIN subscribed
