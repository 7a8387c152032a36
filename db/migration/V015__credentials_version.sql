-- Each user's credentials version, raised by every password set or reset, role change and
-- disable: a console session remembers the version it logged in with and ends once its node knows
-- a newer one (access.boundary.ConsoleSessions), so that changed credentials end old sessions.
ALTER TABLE app_user ADD COLUMN credentials_version bigint NOT NULL DEFAULT 1;
