-- A rate limit shared by every node: a token bucket kept as one number, the generic cell rate
-- algorithm (GCRA). The key holds the theoretical arrival time (TAT) in microseconds of Redis'
-- own clock: the bucket is full when TAT <= now, and each token taken moves TAT on by one
-- interval. A request is let through while TAT - now stays within the burst. Redis' clock is
-- used, not the caller's, so that nodes with skewed clocks share one bucket.
--
-- KEYS[1]  the bucket                                        fs:rate:{<scope>:<id>}
-- ARGV[1]  microseconds per token (1,000,000 / tokens per second), a positive integer
-- ARGV[2]  burst: tokens a full bucket holds, a positive integer
-- ARGV[3]  tokens this request takes, a non-negative integer
-- ARGV[4]  take  = take the tokens if the bucket has them, else take nothing
--          peek  = take nothing, only tell whether the tokens are there
--          count = take them even when the bucket is empty (an event that already happened,
--                  such as a failed login): the bucket then stays empty for longer, but never
--                  longer than one full burst
--          lease = take as many of them as the bucket has, at least one: a node takes a few at
--                  once and spends them in its memory
-- ARGV[5]  lease only, optional: tokens of the node's last lease it did not spend, given back
--          first (never to more than a full bucket)
--
-- Returns 0 when the tokens are (or were) there, else the microseconds until they will be;
-- lease: -n when n tokens were taken (1 <= n <= ARGV[3]), else the microseconds until one will be.
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local mode = ARGV[4]

local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])

local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
if tat < now then
    tat = now
end
if mode == 'lease' then
    local back = tonumber(ARGV[5] or '0')
    if back > 0 then
        tat = math.max(now, tat - back * interval)
    end
    local free = math.floor((burst * interval - (tat - now)) / interval)
    if free < 1 then
        return tat + interval - burst * interval - now
    end
    cost = math.min(cost, free)
end
local after = tat + cost * interval
local wait = after - burst * interval - now

if mode == 'peek' or (mode == 'take' and wait > 0) then
    return math.max(wait, 0)
end
local ceiling = now + (burst + 1) * interval
if after > ceiling then
    after = ceiling
end
-- A bucket that has filled again is the same as no key: the key lives until then.
-- string.format keeps all 16 digits; Lua's tostring would round them.
redis.call('SET', KEYS[1], string.format('%d', after), 'PX', math.floor((after - now) / 1000) + 1)
if mode == 'lease' then
    return -cost
end
return 0
