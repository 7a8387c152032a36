INSERT INTO api_key (id, name, prefix, key_sha256, created_by)
VALUES (:id, :name, :prefix, :keySha256, :createdBy)
