-- The waiting room answers a ticket's poll, and admits the next buyers while it is at it: there
-- is no admission job, so admission advances on whichever node answers a poll, at the room's
-- rate (a bucket of admissions that fills at `rate` a second, up to one second's worth), never
-- past `maxActive` buyers with a live token, and never more admitted-but-not-reserved buyers
-- than units available (admitted, reserving, or reserved since the units were read). Tickets that missed their polls for `missMs` lose their place first,
-- so abandoned tickets never hold up live ones.
--
-- KEYS     the room's eleven keys (see room_ticket.lua)
-- ARGV[1]  the ticket
-- ARGV[2]  units available in the sale (PostgreSQL, as this node last read it)
-- ARGV[3]  units held in the sale (same reading)
-- ARGV[4]  the room's `done` count read just before that reading: reserve requests answered
--          since may have taken units the reading still counts as available, and so may the
--          requests still on their way (KEYS[10]); both count as taken
--
-- Returns
--   {1, place, queueLength, why}   WAITING; why: 0 admission runs, 1 paused by a merchandiser,
--                                  2 no unit free for one more buyer (holds may come back),
--                                  3 the most active buyers are in
--   {2, tokenExpiryMs, queueLength, buyer}  ADMITTED: the token may be (re)issued until then
--   {3, opensMs, preQueueLength}   WAITING for the lottery at the opening second
--   {4, queueLength}  SOLD_OUT: nothing available and nothing held that could come back
--   {5, queueLength}  EXPIRED (missed polls, or the token ran out)
--   {6, queueLength}  LEFT
--   {7, queueLength}  REVOKED
--   {8, queueLength}  CHECKOUT_ENDED: a reservation made with the ticket's token ended
--   {-1}  no room in Redis: load its settings, then ask again
--   {-4}  no such ticket
--   {-5}  the opening second has passed and the lottery is not drawn: draw it, then ask again
local cfg = redis.call('HMGET', KEYS[1], 'enabled', 'rate', 'maxActive', 'tokenMs', 'missMs', 'opensMs', 'drawn',
    'paused', 'allowance', 'last', 'done')
if not cfg[1] then
    return {-1}
end
local ticket = ARGV[1]
local state = redis.call('HGET', KEYS[7], ticket)
if not state then
    return {-4}
end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
if cfg[7] ~= '1' then
    if now < tonumber(cfg[6]) then
        if state == 'W' then
            return {3, cfg[6], redis.call('ZCARD', KEYS[4])}
        end
    else
        return {-5}
    end
end

-- Tokens that ran out free their places; waiting tickets that missed their polls lose theirs.
redis.call('ZREMRANGEBYSCORE', KEYS[8], '-inf', now)
redis.call('ZREMRANGEBYSCORE', KEYS[9], '-inf', now)
-- A reserve request on its way for a minute never got its answer recorded (its node died): done.
local stuck = redis.call('ZREMRANGEBYSCORE', KEYS[10], '-inf', now - 60000)
if stuck > 0 then
    redis.call('HINCRBY', KEYS[1], 'done', stuck)
    cfg[11] = tostring(tonumber(cfg[11] or '0') + stuck)
end
if cfg[7] == '1' then
    local lapsed = redis.call('ZRANGEBYSCORE', KEYS[6], '-inf', now - tonumber(cfg[5]), 'LIMIT', 0, 1000)
    for _, gone in ipairs(lapsed) do
        redis.call('ZREM', KEYS[5], gone)
        redis.call('ZREM', KEYS[6], gone)
        redis.call('HSET', KEYS[7], gone, 'X')
    end
    state = redis.call('HGET', KEYS[7], ticket)
    if state == 'W' then
        redis.call('ZADD', KEYS[6], 'XX', string.format('%d', now), ticket)
    end
end

local available = tonumber(ARGV[2])
local held = tonumber(ARGV[3])
local soldOut = available <= 0 and held <= 0
local why = 0
if cfg[8] == '1' then
    why = 1
end
if cfg[7] == '1' and not soldOut then
    local rate = tonumber(cfg[2])
    local last = tonumber(cfg[10] or now)
    local allowance = math.min(math.max(1, rate), tonumber(cfg[9] or '0') + math.max(0, now - last) * rate / 1000)
    local doneSince = math.max(0, tonumber(cfg[11] or '0') - tonumber(ARGV[4]))
    local unitsFree = available - redis.call('ZCARD', KEYS[8]) - redis.call('ZCARD', KEYS[10]) - doneSince
    local placesFree = tonumber(cfg[3]) - redis.call('ZCARD', KEYS[9])
    if why == 0 then
        local n = math.min(math.floor(allowance), unitsFree, placesFree)
        if n > 0 then
            local expiry = now + tonumber(cfg[4])
            local admitted = redis.call('ZRANGE', KEYS[5], 0, n - 1)
            for _, next in ipairs(admitted) do
                redis.call('ZREM', KEYS[5], next)
                redis.call('ZREM', KEYS[6], next)
                redis.call('HSET', KEYS[7], next, 'A:' .. string.format('%d', expiry))
                redis.call('ZADD', KEYS[8], string.format('%d', expiry), next)
                redis.call('ZADD', KEYS[9], string.format('%d', expiry), next)
            end
            allowance = allowance - #admitted
            if #admitted > 0 then
                redis.call('HINCRBY', KEYS[1], 'admittedTotal', #admitted)
            end
            unitsFree = unitsFree - #admitted
            placesFree = placesFree - #admitted
        end
        if unitsFree <= 0 then
            why = 2
        elseif placesFree <= 0 then
            why = 3
        end
    end
    redis.call('HSET', KEYS[1], 'allowance', tostring(allowance), 'last', string.format('%d', now))
    state = redis.call('HGET', KEYS[7], ticket)
end

local queued = redis.call('ZCARD', KEYS[5])
if state == 'W' then
    if soldOut then
        return {4, queued}
    end
    return {1, redis.call('ZRANK', KEYS[5], ticket) + 1, queued, why}
end
if string.sub(state, 1, 2) == 'A:' then
    local expiry = tonumber(string.sub(state, 3))
    if expiry > now then
        return {2, string.sub(state, 3), queued, redis.call('HGET', KEYS[3], ticket)}
    end
    return {5, queued}
end
if state == 'X' then
    return {5, queued}
elseif state == 'L' then
    return {6, queued}
elseif state == 'C' then
    return {8, queued}
end
return {7, queued}
