-- A reservation and its idempotency key belong to the storefront key that made it: the issued
-- key's id (api_key.id), or the nil UUID for the key configured in flashsale.storefront.api-key.
-- Which key made the reservations recorded before is not known; they go to the configured key,
-- the storefront's one key before keys could be issued. An idempotency key is unique in its
-- owner's space; the key comes first in the index, so that the admin's search by key alone uses it.
ALTER TABLE reservation ADD COLUMN owner uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000';
ALTER TABLE reservation ALTER COLUMN owner DROP DEFAULT;
ALTER TABLE reservation DROP CONSTRAINT reservation_idempotency_key_key;
ALTER TABLE reservation ADD CONSTRAINT reservation_idempotency_key_owner_key UNIQUE (idempotency_key, owner);
