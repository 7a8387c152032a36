-- Every webhook (at most flashsale.webhooks.max of them), newest first; the secret is read by the
-- caller only to show its first characters.
SELECT id, url, array_to_string(events, ',') AS events, secret, enabled, created_by, created_at, updated_at
  FROM webhook
 ORDER BY created_at DESC
