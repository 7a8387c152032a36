-- A delivery's status, to tell an unknown delivery from one in another state.
SELECT status FROM webhook_delivery WHERE id = :id
