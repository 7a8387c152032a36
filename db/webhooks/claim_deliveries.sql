-- Claims up to :batch due deliveries of enabled webhooks for this sender: each gets a fresh
-- :claim and is not due again for :leaseSeconds (its lease). SKIP LOCKED lets the senders of
-- several nodes claim at once, each its own rows; a sender that dies before it records the
-- outcome leaves the row PENDING, and it is claimed again when the lease runs out. The attempt is
-- counted here, so one cut short by a dying node counts too.
WITH due AS (
    SELECT d.id
      FROM webhook_delivery d
      JOIN webhook w ON w.id = d.webhook_id
     WHERE d.status = 'PENDING'
       AND d.next_attempt_at <= now()
       AND w.enabled
     ORDER BY d.next_attempt_at
     LIMIT :batch
       FOR UPDATE OF d SKIP LOCKED
), claimed AS (
    UPDATE webhook_delivery d
       SET next_attempt_at = now() + CAST(:leaseSeconds AS integer) * interval '1 second',
           claim = CAST(:claim AS uuid), claimed_by = :node, attempts = d.attempts + 1, last_attempt_at = now()
      FROM due
     WHERE d.id = due.id
    RETURNING d.id, d.outbox_id, d.webhook_id, d.attempts
)
SELECT c.id, c.attempts, o.id AS message_id, o.body, w.url, w.secret
  FROM claimed c
  JOIN outbox o ON o.id = c.outbox_id
  JOIN webhook w ON w.id = c.webhook_id
