-- A step of the waiting room's lottery: puts one slice of the lottery's order in place, so that
-- no call holds Redis for long whatever the room's size. The order is computed and recorded in
-- PostgreSQL before; the node drawing passes it slice after slice, from the room's first place
-- on, then ends the draw with lua/room_draw_finish.lua. Any node may run any step, at the same
-- time as another or again: a step places each ticket at the place the order gives it (its
-- score in the queue), so doing it twice changes nothing.
--
-- KEYS (all with the sale as hash tag {sale:<id>}, so that they share a Redis Cluster slot):
-- KEYS[1]  the room: settings and state (hash); its fields enabled (set once the settings are
--          in), drawn ('1' once the draw ended), drawPlaced (the lottery's places in the queue
--          so far, 1..drawPlaced)                        fs:{sale:<id>}:room
-- KEYS[2]  the pre-queue: ticket by arrival (zset)            fs:{sale:<id>}:prequeue
-- KEYS[3]  the queue: ticket by place (zset)                  fs:{sale:<id>}:queue
-- KEYS[4]  waiting tickets by last poll, ms (zset)            fs:{sale:<id>}:seen
-- KEYS[5]  ticket -> state (hash): W while waiting            fs:{sale:<id>}:state
-- ARGV[1]  the place of the first ticket given (1 for the lottery's first); a step starts at
--          most one past drawPlaced
-- ARGV[2..] the tickets at that place and after, in the lottery's order (at most 2,000)
--
-- Each ticket given leaves the pre-queue; a waiting one takes its place and starts its
-- missed-poll clock now (lua/room_batch.lua counts no poll as missed before the draw ended); one
-- that left or was revoked meanwhile is passed over (its place stays empty: a place is a rank).
-- Returns drawPlaced after the step (a step starting past drawPlaced + 1 places nothing and
-- answers it, for the caller to go on from there), -1 no room in Redis (nothing changed: load
-- its settings, then draw again), -2 drawn before (nothing changed).
if not redis.call('HGET', KEYS[1], 'enabled') then
    return -1
end
local room = redis.call('HMGET', KEYS[1], 'drawn', 'drawPlaced')
if room[1] == '1' then
    return -2
end
local placed = tonumber(room[2] or '0')
local first = tonumber(ARGV[1])
local count = #ARGV - 1
if count == 0 or first > placed + 1 then
    return placed
end
local clock = redis.call('TIME')
local now = string.format('%d', tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000))
local tickets = {}
for i = 2, #ARGV do
    tickets[i - 1] = ARGV[i]
end
local states = redis.call('HMGET', KEYS[5], unpack(tickets))
local queued, seen = {}, {}
for i, ticket in ipairs(tickets) do
    if states[i] == 'W' then
        queued[#queued + 1] = first + i - 1
        queued[#queued + 1] = ticket
        seen[#seen + 1] = now
        seen[#seen + 1] = ticket
    end
end
if #queued > 0 then
    redis.call('ZADD', KEYS[3], unpack(queued))
    redis.call('ZADD', KEYS[4], unpack(seen))
end
redis.call('ZREM', KEYS[2], unpack(tickets))
local last = first + count - 1
if last > placed then
    placed = last
    redis.call('HSET', KEYS[1], 'drawPlaced', placed)
end
return placed
