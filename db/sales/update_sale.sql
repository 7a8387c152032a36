-- Changes a sale's terms; a closed sale is history and stays as it was.
UPDATE sale
   SET name = :name, hold_seconds = :holdSeconds, max_per_order = :maxPerOrder,
       max_per_buyer = CAST(:maxPerBuyer AS integer), late_payment = :latePayment,
       starts_at = :startsAt, ends_at = :endsAt, updated_at = now()
 WHERE id = :id AND status <> 'CLOSED'
RETURNING status
