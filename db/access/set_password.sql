-- No row back: unknown user.
UPDATE app_user SET password_hash = :passwordHash
 WHERE username = :username
RETURNING username
