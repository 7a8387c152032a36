-- Sets a sale's room; the seed (and its published hash) is made once, with the first setting,
-- and kept through every later change, so that a hash once published stays the one drawn with.
INSERT INTO sale_room (sale_id, enabled, admission_per_second, max_active, token_seconds, missed_poll_seconds,
                       prequeue_opens_at, seed, seed_hash)
VALUES (:saleId, :enabled, :admissionPerSecond, :maxActive, :tokenSeconds, :missedPollSeconds,
        CAST(:preQueueOpensAt AS timestamptz), :seed, :seedHash)
ON CONFLICT (sale_id) DO UPDATE
   SET enabled = EXCLUDED.enabled, admission_per_second = EXCLUDED.admission_per_second,
       max_active = EXCLUDED.max_active, token_seconds = EXCLUDED.token_seconds,
       missed_poll_seconds = EXCLUDED.missed_poll_seconds, prequeue_opens_at = EXCLUDED.prequeue_opens_at,
       updated_at = now()
