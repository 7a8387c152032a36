-- A sale's waiting room is enforced where the units are: a unit of a sale whose room is on is
-- taken only for a request that showed a checked admission token, and an admission buys one
-- checkout. take_units.sql reads sku_room_on() inside its guarded UPDATE (so a room switched on,
-- or a SKU added to a sale with its room on, refuses a request without a token in the same
-- statement, whatever a node's caches believe), and records the ticket of every hold it places
-- in admission_checkout, whose key refuses a second hold for the same ticket.
CREATE FUNCTION sku_room_on(checked_sku varchar) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
        SELECT EXISTS (SELECT 1
                         FROM sku_item i
                         JOIN sale_room r ON r.sale_id = i.sale_id
                        WHERE i.sku = checked_sku
                          AND r.enabled)
    $$;

-- The one checkout each admission bought: the ticket (whose token the request showed) and the
-- reservation it made. Kept for the sale's life: a ticket whose hold ended buys no other.
CREATE TABLE admission_checkout (
    sale_id        uuid        NOT NULL REFERENCES sale (id) ON DELETE CASCADE,
    ticket         varchar(64) NOT NULL,
    reservation_id uuid        NOT NULL REFERENCES reservation (id) ON DELETE CASCADE,
    used_at        timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (sale_id, ticket)
);
CREATE INDEX admission_checkout_reservation ON admission_checkout (reservation_id);
