-- Adds the ledger entries of the transactions from :from to :below to their SKUs' folded rows.
INSERT INTO sku_report AS r (sku, reservations, confirmed, reclaimed, cancelled, expired, units_held, units_returned,
                             units_sold, units_taken, taken, first_hold, sold_out_at, last_payment)
SELECT sku, reservations, confirmed, reclaimed, cancelled, expired, units_held, units_returned,
       units_sold, units_taken, taken, first_hold, sold_out_at, last_payment
FROM ledger_counts(:from, :below)
ON CONFLICT (sku) DO UPDATE SET
    reservations = r.reservations + EXCLUDED.reservations,
    confirmed = r.confirmed + EXCLUDED.confirmed,
    reclaimed = r.reclaimed + EXCLUDED.reclaimed,
    cancelled = r.cancelled + EXCLUDED.cancelled,
    expired = r.expired + EXCLUDED.expired,
    units_held = r.units_held + EXCLUDED.units_held,
    units_returned = r.units_returned + EXCLUDED.units_returned,
    units_sold = r.units_sold + EXCLUDED.units_sold,
    units_taken = r.units_taken + EXCLUDED.units_taken,
    taken = r.taken + EXCLUDED.taken,
    first_hold = least(r.first_hold, EXCLUDED.first_hold),
    sold_out_at = coalesce(r.sold_out_at, EXCLUDED.sold_out_at),
    last_payment = greatest(r.last_payment, EXCLUDED.last_payment)
