SELECT id, name, status, hold_seconds, max_per_order, max_per_buyer, late_payment, max_extension_seconds, max_extensions,
       starts_at, ends_at, created_at, updated_at
  FROM sale
 WHERE id = :id
