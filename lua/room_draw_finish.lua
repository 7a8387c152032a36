-- The waiting room's lottery ends, once its order is in place (lua/room_draw.lua, step after
-- step): a pre-queue ticket the order does not name (none should be) queues behind the
-- lottery's places in arrival order, a bounded number per call; then the room is drawn and
-- admission starts, its rate's bucket empty now. Any node may run this, the first one wins.
--
-- KEYS (all with the sale as hash tag {sale:<id>}, so that they share a Redis Cluster slot):
-- KEYS[1]  the room: settings and state (hash); its fields enabled, drawn ('1'), drawPlaced,
--          drawnMs, allowance and last                  fs:{sale:<id>}:room
-- KEYS[2]  the pre-queue: ticket by arrival (zset)            fs:{sale:<id>}:prequeue
-- KEYS[3]  the queue: ticket by place (zset)                  fs:{sale:<id>}:queue
-- KEYS[4]  waiting tickets by last poll, ms (zset)            fs:{sale:<id>}:seen
-- KEYS[5]  ticket -> state (hash): W while waiting            fs:{sale:<id>}:state
-- ARGV[1]  how many tickets the lottery's order has
-- ARGV[2]  the most pre-queue tickets this call moves to the queue
--
-- Returns 1 drawn now, 0 drawn before (nothing changed), -1 no room in Redis (nothing changed:
-- load its settings, then draw again), -3 the order's places are not all in place (drawPlaced
-- is behind ARGV[1]: step on from there), 2 pre-queue tickets are left to move: call again.
if not redis.call('HGET', KEYS[1], 'enabled') then
    return -1
end
local room = redis.call('HMGET', KEYS[1], 'drawn', 'drawPlaced')
if room[1] == '1' then
    return 0
end
if tonumber(room[2] or '0') < tonumber(ARGV[1]) then
    return -3
end
local clock = redis.call('TIME')
local now = string.format('%d', tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000))
local left = redis.call('ZRANGE', KEYS[2], 0, tonumber(ARGV[2]) - 1, 'WITHSCORES')
for i = 1, #left, 2 do
    local ticket = left[i]
    if redis.call('HGET', KEYS[5], ticket) == 'W' then
        -- Behind every place of the lottery, before every ticket taken after the opening (1e12 + seq).
        redis.call('ZADD', KEYS[3], string.format('%d', 100000000000 + tonumber(left[i + 1])), ticket)
        redis.call('ZADD', KEYS[4], now, ticket)
    end
    redis.call('ZREM', KEYS[2], ticket)
end
if redis.call('ZCARD', KEYS[2]) > 0 then
    return 2
end
redis.call('HSET', KEYS[1], 'drawn', '1', 'drawnMs', now, 'last', now, 'allowance', '0')
return 1
