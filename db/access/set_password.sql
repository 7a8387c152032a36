-- A password set and the credentials version raised; back: the new version. No row back: unknown user.
UPDATE app_user SET password_hash = :passwordHash, credentials_version = credentials_version + 1
 WHERE username = :username
RETURNING credentials_version
