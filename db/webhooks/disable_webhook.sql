-- Turns a webhook off, the first step of its deletion (committed on its own): no event begun after
-- it finds the webhook, so the deletion that follows waits only for the events already in flight.
UPDATE webhook SET enabled = false, updated_at = now() WHERE id = :id
