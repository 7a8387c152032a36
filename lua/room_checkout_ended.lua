-- Reservations ended (paid for, cancelled, or expired by a sweeper on any node): the tickets
-- whose tokens made them are through with the room. Each such ticket still admitted leaves the
-- active buyers at once and its token reserves no more (state C), so that a room at `maxActive`
-- admits the next waiting buyer on the next poll, as when a ticket is revoked. A key the room
-- never tied to a ticket (a sale without a room, a reservation made without a token) is passed.
-- A reserve request of the ticket still on its way stays counted as reserving until its answer.
--
-- KEYS (all with the sale as hash tag {sale:<id>}, so that they share a Redis Cluster slot):
-- KEYS[1]  checkouts: reservation's idempotency key -> ticket (hash)  fs:{sale:<id>}:checkouts
-- KEYS[2]  ticket -> state (hash): A:<token expiry ms> while admitted  fs:{sale:<id>}:state
-- KEYS[3]  admitted, not yet reserved (zset)                           fs:{sale:<id>}:admitted
-- KEYS[4]  admitted and active (zset)                                  fs:{sale:<id>}:active
-- ARGV     the idempotency keys of the reservations that ended
--
-- Returns the number of tickets whose place was freed (0 when none: keys not tied to a ticket,
-- or tickets no longer admitted).
local freed = 0
for _, key in ipairs(ARGV) do
    local ticket = redis.call('HGET', KEYS[1], key)
    if ticket then
        redis.call('HDEL', KEYS[1], key)
        local state = redis.call('HGET', KEYS[2], ticket)
        if state and string.sub(state, 1, 2) == 'A:' then
            redis.call('HSET', KEYS[2], ticket, 'C')
            redis.call('ZREM', KEYS[3], ticket)
            redis.call('ZREM', KEYS[4], ticket)
            freed = freed + 1
        end
    end
end
return freed
