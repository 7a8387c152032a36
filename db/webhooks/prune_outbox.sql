-- Forgets up to :batch events older than :keptHours with no delivery pending, their deliveries
-- with them (delivered or failed), oldest first.
DELETE FROM outbox
 WHERE id IN (SELECT o.id
                FROM outbox o
               WHERE o.created_at < now() - CAST(:keptHours AS integer) * interval '1 hour'
                 AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.outbox_id = o.id AND d.status = 'PENDING')
               ORDER BY o.created_at
               LIMIT :batch)
