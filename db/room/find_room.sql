-- A sale's room with the sale's opening second (starts_at) and its figures as last recorded, or
-- none. The lottery's lists are not read here (a million tickets each): only the draw and the
-- record read them.
SELECT r.sale_id, r.enabled, r.paused, r.admission_per_second, r.max_active, r.token_seconds, r.missed_poll_seconds,
       r.prequeue_opens_at, r.seed, r.seed_hash, r.drawn_at, r.admitted_total, r.tickets_total, r.left_total,
       r.revoked_total, r.expired_total, array_to_string(r.waits, ',') AS waits,
       s.starts_at, s.ends_at
  FROM sale_room r
  JOIN sale s ON s.id = r.sale_id
 WHERE r.sale_id = :saleId
