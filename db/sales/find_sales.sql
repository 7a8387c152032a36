-- Every sale, newest first, with the sums over its SKUs.
SELECT s.id, s.name, s.status, s.starts_at, s.ends_at, s.created_at,
       count(st.sku) AS skus,
       coalesce(sum(st.total), 0) AS total, coalesce(sum(st.held), 0) AS held, coalesce(sum(st.sold), 0) AS sold
  FROM sale s
  LEFT JOIN stock st ON st.sale_id = s.id
 GROUP BY s.id
 ORDER BY s.created_at DESC
 LIMIT :limit
