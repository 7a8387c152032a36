-- The reserve request that showed a ticket's token was answered (its units taken, or not): the
-- ticket is no longer reserving, and the room's `done` count, which admission compares with the
-- count read before the sale's units, goes up. When the answer is a reservation (made now, or
-- the one its key made before), the reservation's key is tied to the ticket, so that the
-- reservation's end frees the ticket's place (room_checkout_ended.lua) on whichever node it ends.
--
-- KEYS (all with the sale as hash tag {sale:<id>}, so that they share a Redis Cluster slot):
-- KEYS[1]  the room: settings and state (hash); its field `done` counts the answers, endsMs
--          and keptMs say when the room's keys expire (room_batch.lua)    fs:{sale:<id>}:room
-- KEYS[2]  reserving: ticket by the start of its reserve request, ms (zset) fs:{sale:<id>}:reserving
-- KEYS[3]  checkouts: reservation's idempotency key -> ticket (hash)       fs:{sale:<id>}:checkouts
-- ARGV[1]  the ticket
-- ARGV[2]  the idempotency key of the reservation the request answered with; absent when the
--          answer was a refusal
--
-- Returns 1 recorded, 0 the ticket was not reserving (a retry answered already; the key is
-- tied to the ticket all the same).
if ARGV[2] then
    redis.call('HSET', KEYS[3], ARGV[2], ARGV[1])
    -- The checkouts expire with the room's other keys.
    local kept = redis.call('HMGET', KEYS[1], 'endsMs', 'keptMs')
    if tonumber(kept[2] or '0') > 0 then
        local clock = redis.call('TIME')
        local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
        redis.call('PEXPIREAT', KEYS[3], string.format('%d', math.max(tonumber(kept[1] or '0'), now) + tonumber(kept[2])))
    end
end
if redis.call('ZREM', KEYS[2], ARGV[1]) == 0 then
    return 0
end
redis.call('HINCRBY', KEYS[1], 'done', 1)
return 1
