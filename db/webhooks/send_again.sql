-- A failed delivery goes out again at once, with a new round of attempts (retries up to the
-- give-up time from now). Only a FAILED one: 0 rows otherwise.
UPDATE webhook_delivery
   SET status = 'PENDING', next_attempt_at = now(), round_started_at = now(), claim = NULL
 WHERE id = :id
   AND status = 'FAILED'
RETURNING id
