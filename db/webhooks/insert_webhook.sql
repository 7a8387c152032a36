-- Registers a webhook unless :max are registered already (0 rows then); run after lock_webhooks.sql
-- in the same transaction, so that two nodes creating at once cannot both pass the bound.
INSERT INTO webhook (id, url, events, secret, enabled, created_by)
SELECT :id, :url, CAST(:events AS varchar[]), :secret, :enabled, :createdBy
 WHERE (SELECT count(*) FROM webhook) < :max
