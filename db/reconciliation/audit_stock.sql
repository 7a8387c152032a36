-- PostgreSQL audits itself: per SKU of a sale that is not closed, held and sold must equal the
-- sums of its live reservations. Every row returned is a bug.
SELECT st.sku, st.held, st.sold,
       coalesce(r.held, 0) AS reserved_held,
       coalesce(r.sold, 0) AS reserved_sold
  FROM stock st
  JOIN sale s ON s.id = st.sale_id AND s.status <> 'CLOSED'
  LEFT JOIN (SELECT sku,
                    sum(qty) FILTER (WHERE status = 'HELD') AS held,
                    sum(qty) FILTER (WHERE status = 'CONFIRMED') AS sold
               FROM reservation
              GROUP BY sku) r ON r.sku = st.sku
 WHERE st.held <> coalesce(r.held, 0)
    OR st.sold <> coalesce(r.sold, 0)
 ORDER BY st.sku
