-- Forgets up to :batch events older than :keptHours with no delivery pending, their deliveries
-- with them (delivered or failed), oldest first. Their deliveries are locked first, in the order
-- of their ids, as a webhook's deletion locks its own (lock_deliveries_of_webhook.sql): the
-- cascade alone took them event by event, and a prune and a deletion each held a delivery the
-- other waited for (40P01). The count of the locked rows is asked before any row goes, so every
-- lock is taken before the cascade runs; a locked row is read as it is now, so an event whose
-- delivery was sent again meanwhile (PENDING once more) is kept.
WITH forgotten AS MATERIALIZED (
    SELECT o.id
      FROM outbox o
     WHERE o.created_at < now() - CAST(:keptHours AS integer) * interval '1 hour'
       AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.outbox_id = o.id AND d.status = 'PENDING')
     ORDER BY o.created_at
     LIMIT :batch
), locked AS MATERIALIZED (
    SELECT d.id, d.outbox_id, d.status
      FROM webhook_delivery d
     WHERE d.outbox_id IN (SELECT id FROM forgotten)
     ORDER BY d.id
       FOR UPDATE OF d
)
DELETE FROM outbox
 WHERE id IN (SELECT id FROM forgotten)
   AND id NOT IN (SELECT outbox_id FROM locked WHERE status = 'PENDING')
   AND (SELECT count(*) FROM locked) >= 0
