-- Writes an event to the outbox, in the caller's transaction, with one delivery for every enabled
-- webhook subscribed to its :type; an event no webhook is subscribed to is not written at all.
-- :body is the JSON sent, fixed now: every attempt sends the same bytes under the same id.
-- The webhooks found are locked FOR KEY SHARE to the commit: one deleted meanwhile is passed over
-- (a deletion in flight is waited for), and none can be deleted under the deliveries written for
-- it. Without the lock, a deletion committed between this statement's snapshot and its insert
-- failed the insert's foreign key, and with it the storefront request that wrote the event.
-- The lock is shared: events never wait for each other, nor for a webhook's change, only for its
-- deletion. A deletion turns the webhook off first, in a transaction of its own
-- (disable_webhook.sql), so that it waits only for the events in flight: new shared lockers
-- would otherwise keep joining while it waits.
WITH subscribed AS (
    SELECT id FROM webhook WHERE enabled AND CAST(:type AS varchar) = ANY (events) FOR KEY SHARE
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
