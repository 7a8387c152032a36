-- The receiver answered 2xx: delivered, whoever holds the claim now (it was delivered all the same).
UPDATE webhook_delivery
   SET status = 'DELIVERED', delivered_at = now(), last_status = :status, last_error = NULL, claim = NULL
 WHERE id = :id
   AND status <> 'DELIVERED'
