-- Records a room's admissions as Redis counts them; only ever upwards, so that nodes recording
-- at once, or a Redis that lost the count, never take it back.
UPDATE sale_room SET admitted_total = :admitted WHERE sale_id = :saleId AND admitted_total < :admitted
