SELECT username, password_hash, role
  FROM app_user
 WHERE username = :username AND enabled
