-- Removes a webhook and its deliveries, pending ones included (ON DELETE CASCADE).
DELETE FROM webhook WHERE id = :id
