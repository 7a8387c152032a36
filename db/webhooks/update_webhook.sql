-- Changes a webhook's URL, events and state, and its secret when :secret is not null.
UPDATE webhook
   SET url = :url, events = CAST(:events AS varchar[]), enabled = :enabled,
       secret = COALESCE(CAST(:secret AS varchar), secret), updated_at = now()
 WHERE id = :id
