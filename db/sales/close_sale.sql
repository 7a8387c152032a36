-- Any state but CLOSED -> CLOSED, for good: a closed sale never opens again.
UPDATE sale SET status = 'CLOSED', updated_at = now()
 WHERE id = :id AND status IN ('DRAFT', 'OPEN', 'PAUSED')
RETURNING id
