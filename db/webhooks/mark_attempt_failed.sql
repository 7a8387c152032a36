-- An attempt failed: due again after :delayMs, but never later than the end of its round
-- (:giveUpSeconds after it began), and FAILED once that end has come. Only the sender that holds
-- the claim records it: a claim taken over after a lapsed lease is the new holder's.
UPDATE webhook_delivery
   SET status = CASE WHEN round_started_at + CAST(:giveUpSeconds AS integer) * interval '1 second' <= now()
                     THEN 'FAILED' ELSE 'PENDING' END,
       next_attempt_at = LEAST(now() + CAST(:delayMs AS bigint) * interval '1 millisecond',
                               round_started_at + CAST(:giveUpSeconds AS integer) * interval '1 second'),
       last_status = CAST(:status AS integer), last_error = :error, claim = NULL
 WHERE id = :id
   AND claim = CAST(:claim AS uuid)
   AND status = 'PENDING'
RETURNING status
