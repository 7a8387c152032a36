-- What every node keeps in memory to end a disabled user's logins and an old password's.
SELECT username, password_hash, role
  FROM app_user
 WHERE enabled
