-- What the storefront authentication accepts: the hashes of keys not revoked.
SELECT key_sha256, name
  FROM api_key
 WHERE revoked_at IS NULL
