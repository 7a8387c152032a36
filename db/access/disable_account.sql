-- A user disabled, unless it is the last enabled administrator; its credentials version raised,
-- so that its console sessions stay ended when it is enabled again. The enabled administrators'
-- rows are locked first, so that two administrators disabling each other at once cannot both
-- pass the count. No row back: unknown, disabled already, or the last administrator.
WITH administrators AS (
    SELECT username FROM app_user WHERE role = 'administrator' AND enabled FOR UPDATE
)
UPDATE app_user SET enabled = false, credentials_version = credentials_version + 1
 WHERE username = :username AND enabled
   AND (role <> 'administrator' OR (SELECT count(*) FROM administrators) > 1)
RETURNING username
