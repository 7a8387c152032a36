-- Changes a sale's terms; a closed sale is history and stays as it was. A hold extended before
-- keeps its deadline and its count; a lower allowance applies to its next extension.
UPDATE sale
   SET name = :name, hold_seconds = :holdSeconds, max_per_order = :maxPerOrder,
       max_per_buyer = CAST(:maxPerBuyer AS integer), late_payment = :latePayment,
       max_extension_seconds = :maxExtensionSeconds, max_extensions = :maxExtensions,
       starts_at = :startsAt, ends_at = :endsAt, updated_at = now()
 WHERE id = :id AND status <> 'CLOSED'
RETURNING status
