-- Records a room's figures as Redis counts them; each only ever upwards (the waits bucket by
-- bucket), so that nodes recording at once, or a Redis that lost its counts, never take one back.
-- :waits is the histogram's counts, comma-separated, bucket 0 first.
UPDATE sale_room
   SET admitted_total = greatest(admitted_total, :admitted),
       tickets_total = greatest(tickets_total, :tickets),
       left_total = greatest(left_total, :left),
       revoked_total = greatest(revoked_total, :revoked),
       expired_total = greatest(expired_total, :expired),
       waits = (SELECT coalesce(array_agg(greatest(coalesce(was, 0), coalesce(counted, 0)) ORDER BY bucket), '{}')
                  FROM unnest(waits, string_to_array(nullif(:waits, ''), ',')::bigint[]) WITH ORDINALITY AS w(was, counted, bucket))
 WHERE sale_id = :saleId
