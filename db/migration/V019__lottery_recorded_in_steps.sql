-- A draw is recorded in steps inside its one transaction (the tickets as taken, then the order with
-- the draw's second, then the public record), so that a node holds one large value at a time: a
-- room of a million tickets makes three values of 50 to 80 MB. The rule that a drawn room has all its
-- lists still holds: drawn_at is set with the last step, and a room not drawn has no order.
ALTER TABLE sale_room DROP CONSTRAINT sale_room_drawn_whole;
ALTER TABLE sale_room ADD CONSTRAINT sale_room_drawn_whole CHECK ((drawn_at IS NULL) = (lottery_order IS NULL)
                                                                  AND (drawn_at IS NULL OR lottery_tickets IS NOT NULL));
