-- What every node keeps in memory to end a disabled user's logins, an old password's and the
-- console sessions made with credentials since changed.
SELECT username, password_hash, role, credentials_version
  FROM app_user
 WHERE enabled
