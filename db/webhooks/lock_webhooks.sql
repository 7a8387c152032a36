-- Changes to the set of webhooks one at a time across all nodes (held to the commit), so that the
-- count insert_webhook.sql reads after it is the count the bound holds for.
SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext('flashsale.webhooks'))) AS held
