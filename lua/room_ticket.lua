-- The waiting room: a queue ticket for a buyer, or the one the buyer already has (one ticket per
-- buyer and sale). Before the opening second a ticket joins the pre-queue, which the lottery
-- orders (room_draw.lua); from then on it joins the queue behind everyone there, in arrival order.
-- The clock is Redis' (TIME), the one clock every node shares.
--
-- KEYS (every room script takes the same eleven, all with the sale as hash tag {sale:<id>}):
-- KEYS[1]  the room: settings and state (hash)        fs:{sale:<id>}:room
--            enabled, paused ('1'/'0'), rate (admissions a second), maxActive, tokenMs, missMs,
--            preOpensMs, opensMs (epoch ms); drawn ('1'), seq (tickets taken), admittedTotal,
--            done (reserve requests with a token answered), allowance and last (the admission rate's bucket)
-- KEYS[2]  buyer -> ticket (hash)                     fs:{sale:<id>}:tickets
-- KEYS[3]  ticket -> buyer (hash)                     fs:{sale:<id>}:owners
-- KEYS[4]  the pre-queue: ticket by arrival (zset)    fs:{sale:<id>}:prequeue
-- KEYS[5]  the queue: ticket by place (zset)          fs:{sale:<id>}:queue
-- KEYS[6]  waiting tickets by last poll, ms (zset)    fs:{sale:<id>}:seen
-- KEYS[7]  ticket -> state (hash): W waiting, A:<token expiry ms> admitted, X expired, L left,
--          V revoked, C its checkout ended            fs:{sale:<id>}:state
-- KEYS[8]  admitted, not yet reserved: ticket by token expiry (zset)   fs:{sale:<id>}:admitted
-- KEYS[9]  admitted and active: ticket by token expiry (zset)          fs:{sale:<id>}:active
-- KEYS[10] reserving: a reserve request with the ticket's token is on its way, by its start, ms
--          (zset)                                                       fs:{sale:<id>}:reserving
-- KEYS[11] checkouts: the idempotency key of a reservation made with a ticket's token -> that
--          ticket, until the reservation ends (hash)                    fs:{sale:<id>}:checkouts
-- ARGV[1]  buyer id
-- ARGV[2]  a new ticket, taken only when the buyer has none
--
-- Returns {1, ticket} a new ticket, {0, ticket} the buyer's own ticket from before, or
--   {-1}  no room in Redis: load its settings from PostgreSQL, then ask again
--   {-2}  the room is off
--   {-3, preOpensMs}  the pre-queue is not open yet
local cfg = redis.call('HMGET', KEYS[1], 'enabled', 'preOpensMs', 'opensMs', 'drawn')
if not cfg[1] then
    return {-1}
end
local existing = redis.call('HGET', KEYS[2], ARGV[1])
if existing then
    return {0, existing}
end
if cfg[1] ~= '1' then
    return {-2}
end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
if now < tonumber(cfg[2]) then
    return {-3, cfg[2]}
end
local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
if cfg[4] ~= '1' and now < tonumber(cfg[3]) then
    redis.call('ZADD', KEYS[4], seq, ARGV[2])
else
    -- Behind every place the lottery gives (1..n), in arrival order.
    redis.call('ZADD', KEYS[5], string.format('%d', 1000000000000 + seq), ARGV[2])
    redis.call('ZADD', KEYS[6], string.format('%d', now), ARGV[2])
end
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
redis.call('HSET', KEYS[3], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[7], ARGV[2], 'W')
return {1, ARGV[2]}
