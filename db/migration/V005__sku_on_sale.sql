-- The one place that says whether a SKU takes new holds: its sale is OPEN. Every statement
-- that takes units calls it inside its guarded UPDATE, so a sale closed while a request was
-- on its way refuses the take in the same statement. A scalar SQL function of one expression:
-- the planner inlines it, so it costs what the EXISTS written out costs.
CREATE FUNCTION sku_on_sale(checked_sku varchar) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
        SELECT EXISTS (SELECT 1
                         FROM sku_item i
                         JOIN sale s ON s.id = i.sale_id
                        WHERE i.sku = checked_sku
                          AND s.status = 'OPEN')
    $$;
