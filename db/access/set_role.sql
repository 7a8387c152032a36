-- A user's role changed and its credentials version raised, unless that leaves no enabled
-- administrator. The enabled administrators' rows are locked first, as for a disable. No row back:
-- unknown, the role already, or the last enabled administrator.
WITH administrators AS (
    SELECT username FROM app_user WHERE role = 'administrator' AND enabled FOR UPDATE
)
UPDATE app_user SET role = :role, credentials_version = credentials_version + 1
 WHERE username = :username AND role <> :role
   AND (role <> 'administrator' OR NOT enabled OR (SELECT count(*) FROM administrators) > 1)
RETURNING username
