-- OPEN -> PAUSED: reservations are refused; holds already taken can still be confirmed.
UPDATE sale SET status = 'PAUSED', updated_at = now()
 WHERE id = :id AND status = 'OPEN'
RETURNING id
