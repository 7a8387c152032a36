-- What the storefront authentication accepts: the hashes of keys not revoked, with the name and
-- the id (what a key makes belongs to its id: names are not unique).
SELECT key_sha256, id, name
  FROM api_key
 WHERE revoked_at IS NULL
