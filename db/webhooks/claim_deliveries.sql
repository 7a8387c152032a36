-- Claims up to :batch due deliveries of enabled webhooks for this sender, within what this node's
-- senders have in flight (webhooks/control/Receivers): none of the webhooks in :busy; of a
-- webhook in :allowed, as many as its entry in :allowances; of any other, one; and of the
-- webhooks in :slow all together, at most :slowMost, in the order :slow lists them (their turns),
-- so that receivers slow at once never take every sender. Each gets a fresh :claim and is not due
-- again for :leaseSeconds (its lease). SKIP LOCKED lets the senders of several nodes claim at
-- once, each its own rows (a row locked here but not chosen is skipped by the others until this
-- commits); a sender that dies before it records the outcome leaves the row PENDING, and it is
-- claimed again when the lease runs out. The attempt is counted here, so one cut short by a dying
-- node counts too.
WITH due AS (
    SELECT d.id, d.next_attempt_at, array_position(CAST(:slow AS uuid[]), w.id) AS turn
      FROM webhook w
     CROSS JOIN LATERAL (
            SELECT d.id, d.next_attempt_at
              FROM webhook_delivery d
             WHERE d.webhook_id = w.id
               AND d.status = 'PENDING'
               AND d.next_attempt_at <= now()
             ORDER BY d.next_attempt_at
             LIMIT COALESCE((CAST(:allowances AS integer[]))[array_position(CAST(:allowed AS uuid[]), w.id)], 1)
               FOR UPDATE OF d SKIP LOCKED) d
     WHERE w.enabled
       AND w.id <> ALL (CAST(:busy AS uuid[]))
), chosen AS (
    SELECT ranked.id
      FROM (SELECT due.*, row_number() OVER (PARTITION BY due.turn IS NOT NULL ORDER BY due.turn, due.next_attempt_at) AS place
              FROM due) ranked
     WHERE ranked.turn IS NULL OR ranked.place <= :slowMost
     ORDER BY ranked.next_attempt_at
     LIMIT :batch
), claimed AS (
    UPDATE webhook_delivery d
       SET next_attempt_at = now() + CAST(:leaseSeconds AS integer) * interval '1 second',
           claim = CAST(:claim AS uuid), claimed_by = :node, attempts = d.attempts + 1, last_attempt_at = now()
      FROM chosen
     WHERE d.id = chosen.id
    RETURNING d.id, d.outbox_id, d.webhook_id, d.attempts
)
SELECT c.id, c.webhook_id, c.attempts, o.id AS message_id, o.body, w.url, w.secret
  FROM claimed c
  JOIN outbox o ON o.id = c.outbox_id
  JOIN webhook w ON w.id = c.webhook_id
