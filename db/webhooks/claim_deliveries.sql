-- Claims up to :batch due deliveries of enabled webhooks for this sender, at most :perWebhook of
-- any one webhook and none of the webhooks in :busy (those whose deliveries already take this
-- node's share of its senders): a slow receiver's backlog never takes every sender. Each gets a
-- fresh :claim and is not due again for :leaseSeconds (its lease). SKIP LOCKED lets the senders of
-- several nodes claim at once, each its own rows; a sender that dies before it records the
-- outcome leaves the row PENDING, and it is claimed again when the lease runs out. The attempt is
-- counted here, so one cut short by a dying node counts too.
WITH due AS (
    SELECT d.id
      FROM webhook w
     CROSS JOIN LATERAL (
            SELECT d.id, d.next_attempt_at
              FROM webhook_delivery d
             WHERE d.webhook_id = w.id
               AND d.status = 'PENDING'
               AND d.next_attempt_at <= now()
             ORDER BY d.next_attempt_at
             LIMIT :perWebhook
               FOR UPDATE OF d SKIP LOCKED) d
     WHERE w.enabled
       AND w.id <> ALL (CAST(:busy AS uuid[]))
     ORDER BY d.next_attempt_at
     LIMIT :batch
), claimed AS (
    UPDATE webhook_delivery d
       SET next_attempt_at = now() + CAST(:leaseSeconds AS integer) * interval '1 second',
           claim = CAST(:claim AS uuid), claimed_by = :node, attempts = d.attempts + 1, last_attempt_at = now()
      FROM due
     WHERE d.id = due.id
    RETURNING d.id, d.outbox_id, d.webhook_id, d.attempts
)
SELECT c.id, c.webhook_id, c.attempts, o.id AS message_id, o.body, w.url, w.secret
  FROM claimed c
  JOIN outbox o ON o.id = c.outbox_id
  JOIN webhook w ON w.id = c.webhook_id
