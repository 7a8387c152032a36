-- The configured first user made administrator, when no enabled administrator exists yet (a
-- database from before the role); a role change, so its credentials version is raised. No row
-- back: there is one, or the user is unknown or disabled.
UPDATE app_user SET role = 'administrator', credentials_version = credentials_version + 1
 WHERE username = :username AND enabled AND role <> 'administrator'
   AND NOT EXISTS (SELECT 1 FROM app_user WHERE role = 'administrator' AND enabled)
RETURNING username
