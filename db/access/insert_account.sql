-- A new console / admin API user. No row back: the name is taken.
INSERT INTO app_user (username, password_hash, role)
VALUES (:username, :passwordHash, :role)
ON CONFLICT (username) DO NOTHING
RETURNING username
