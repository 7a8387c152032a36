-- The waiting room's lottery, applied once: the pre-queue's tickets take places 1..n in the
-- order the lottery gave them (computed and recorded in PostgreSQL before this runs; any node
-- may run this, the first one wins). Tickets already queued after the opening stay behind them.
-- Every drawn ticket starts its missed-poll clock now.
--
-- KEYS     the room's eleven keys (see room_batch.lua)
-- ARGV     the pre-queue's tickets in the lottery's order
--
-- Returns 1 drawn now, 0 drawn before (nothing changed), -1 no room in Redis.
if not redis.call('HGET', KEYS[1], 'enabled') then
    return -1
end
if redis.call('HGET', KEYS[1], 'drawn') == '1' then
    return 0
end
local clock = redis.call('TIME')
local now = string.format('%d', tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000))
local place = 0
for _, ticket in ipairs(ARGV) do
    if redis.call('HGET', KEYS[7], ticket) == 'W' then
        place = place + 1
        redis.call('ZADD', KEYS[5], place, ticket)
        redis.call('ZADD', KEYS[6], now, ticket)
    end
end
-- A pre-queue ticket the record does not name (none should be) keeps its place, after them.
for _, ticket in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do
    if redis.call('ZSCORE', KEYS[5], ticket) == false and redis.call('HGET', KEYS[7], ticket) == 'W' then
        place = place + 1
        redis.call('ZADD', KEYS[5], place, ticket)
        redis.call('ZADD', KEYS[6], now, ticket)
    end
end
redis.call('DEL', KEYS[4])
redis.call('HSET', KEYS[1], 'drawn', '1', 'drawnMs', now, 'last', now, 'allowance', '0')
return 1
