-- A third role: administrator, who alone manages users and storefront keys (and may do all a
-- merchandiser does). The configured first administrator becomes one at the next start-up
-- (access.control.FirstAdministrator): its name is configuration, not known here.
ALTER TABLE app_user ALTER COLUMN role TYPE varchar(16);
ALTER TABLE app_user DROP CONSTRAINT app_user_role_check;
ALTER TABLE app_user ADD CONSTRAINT app_user_role_check CHECK (role IN ('administrator', 'merchandiser', 'viewer'));
