-- A new sale starts as DRAFT: buyers cannot reserve until a merchandiser opens it.
INSERT INTO sale (id, name, status, hold_seconds, max_per_order, max_per_buyer, late_payment, max_extension_seconds,
                  max_extensions, starts_at, ends_at)
VALUES (:id, :name, 'DRAFT', :holdSeconds, :maxPerOrder, CAST(:maxPerBuyer AS integer), :latePayment, :maxExtensionSeconds,
        :maxExtensions, :startsAt, :endsAt)
