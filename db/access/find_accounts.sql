SELECT username, role, enabled, created_at
  FROM app_user
 ORDER BY username
