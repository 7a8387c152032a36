-- The waiting room's lottery, applied once: the pre-queue's tickets take places 1..n in the
-- order the lottery gave them (computed and recorded in PostgreSQL before this runs; any node
-- may run this, the first one wins). Tickets already queued after the opening stay behind them.
-- Every drawn ticket starts its missed-poll clock now, and the admission rate's bucket starts
-- empty now.
--
-- KEYS (all with the sale as hash tag {sale:<id>}, so that they share a Redis Cluster slot):
-- KEYS[1]  the room: settings and state (hash); its fields enabled (set once the settings are
--          in), drawn ('1'), drawnMs, allowance and last      fs:{sale:<id>}:room
-- KEYS[2]  the pre-queue: ticket by arrival (zset)            fs:{sale:<id>}:prequeue
-- KEYS[3]  the queue: ticket by place (zset)                  fs:{sale:<id>}:queue
-- KEYS[4]  waiting tickets by last poll, ms (zset)            fs:{sale:<id>}:seen
-- KEYS[5]  ticket -> state (hash): W while waiting            fs:{sale:<id>}:state
-- ARGV     the pre-queue's tickets in the lottery's order
--
-- Returns 1 drawn now, 0 drawn before (nothing changed), -1 no room in Redis (nothing changed:
-- load its settings, then draw again).
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
    if redis.call('HGET', KEYS[5], ticket) == 'W' then
        place = place + 1
        redis.call('ZADD', KEYS[3], place, ticket)
        redis.call('ZADD', KEYS[4], now, ticket)
    end
end
-- A pre-queue ticket the record does not name (none should be) keeps its place, after them.
for _, ticket in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    if redis.call('ZSCORE', KEYS[3], ticket) == false and redis.call('HGET', KEYS[5], ticket) == 'W' then
        place = place + 1
        redis.call('ZADD', KEYS[3], place, ticket)
        redis.call('ZADD', KEYS[4], now, ticket)
    end
end
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], 'drawn', '1', 'drawnMs', now, 'last', now, 'allowance', '0')
return 1
