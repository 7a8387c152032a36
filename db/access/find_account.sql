SELECT username, password_hash, role, credentials_version
  FROM app_user
 WHERE username = :username AND enabled
