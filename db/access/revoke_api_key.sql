-- A key is revoked once; no row back: unknown or already revoked.
UPDATE api_key SET revoked_at = now()
 WHERE id = :id AND revoked_at IS NULL
RETURNING name
