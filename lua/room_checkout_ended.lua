-- Reservations ended (paid for, cancelled, or expired by a sweeper on any node): the tickets
-- whose tokens made them are through with the room. Each such ticket still admitted leaves the
-- active buyers at once and its token reserves no more (state C), so that a room at `maxActive`
-- admits the next waiting buyer on the next poll, as when a ticket is revoked. A key the room
-- never tied to a ticket (a sale without a room, a reservation made without a token) is passed.
-- A reserve request of the ticket still on its way stays counted as reserving until its answer.
--
-- KEYS     the room's eleven keys (see room_batch.lua)
-- ARGV     the idempotency keys of the reservations that ended
--
-- Returns the number of tickets whose place was freed.
local freed = 0
for _, key in ipairs(ARGV) do
    local ticket = redis.call('HGET', KEYS[11], key)
    if ticket then
        redis.call('HDEL', KEYS[11], key)
        local state = redis.call('HGET', KEYS[7], ticket)
        if state and string.sub(state, 1, 2) == 'A:' then
            redis.call('HSET', KEYS[7], ticket, 'C')
            redis.call('ZREM', KEYS[8], ticket)
            redis.call('ZREM', KEYS[9], ticket)
            freed = freed + 1
        end
    end
end
return freed
