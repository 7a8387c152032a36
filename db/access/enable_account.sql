-- No row back: unknown, or enabled already.
UPDATE app_user SET enabled = true
 WHERE username = :username AND NOT enabled
RETURNING username
