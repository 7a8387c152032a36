UPDATE sale_room SET paused = :paused, updated_at = now() WHERE sale_id = :saleId
