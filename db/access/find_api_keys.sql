SELECT id, name, prefix, created_by, created_at, revoked_at
  FROM api_key
 ORDER BY created_at DESC
