-- DRAFT or PAUSED -> OPEN. No row back: the sale is missing or in another state.
UPDATE sale SET status = 'OPEN', updated_at = now()
 WHERE id = :id AND status IN ('DRAFT', 'PAUSED')
RETURNING id
