-- Sets the gate's counter of a SKU to the units PostgreSQL has available, and the sold-out flag
-- to match. Counters are only ever built from PostgreSQL, never the other way round.
--
-- KEYS[1]  counter        fs:{SKU}:available
-- KEYS[2]  sold-out flag  fs:{SKU}:sold-out
-- KEYS[3]  not-open mark  fs:{SKU}:not-open (optional)
-- ARGV[1]  units available in PostgreSQL (>= 0)
-- ARGV[2]  with KEYS[3]: the epoch millisecond at which the sale's window opens; 'paused' for a
--          sale that is paused; or 0 when the SKU gets no mark
-- ARGV[3]  with KEYS[3]: the margin in milliseconds for Redis' clock and PostgreSQL's to differ
--
-- The mark holds "start - margin" and lives until "start + margin" on Redis' clock. Before the
-- first, reserve.lua refuses without taking units: a crowd that comes before the window is told
-- so, instead of draining the counter with claims PostgreSQL refuses (and being told "sold out"
-- meanwhile). Between the two, around the opening, it takes nothing and sends the buyer to
-- PostgreSQL, which decides the opening by its own clock. A start with its margin already past
-- (on Redis' clock), or 0, removes the mark. A paused sale's mark lives until the next load: the
-- gate takes nothing and PostgreSQL answers every buyer (a crowd meeting the pause would
-- otherwise drain the counter too). Without KEYS[3] the mark is left as it is.
--
-- Returns the counter's value before (-1 when it was not loaded).
local before = redis.call('GET', KEYS[1])
local available = tonumber(ARGV[1])
redis.call('SET', KEYS[1], available)
if available > 0 then
    redis.call('DEL', KEYS[2])
    redis.call('PUBLISH', 'fs:units-back', string.match(KEYS[1], '{(.*)}'))
else
    redis.call('SET', KEYS[2], '1')
end
if KEYS[3] and ARGV[2] == 'paused' then
    redis.call('SET', KEYS[3], 'paused')
elseif KEYS[3] then
    local clock = redis.call('TIME')
    local now_ms = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
    local opens_ms = tonumber(ARGV[2])
    local margin_ms = tonumber(ARGV[3])
    if opens_ms > 0 and opens_ms + margin_ms > now_ms then
        redis.call('SET', KEYS[3], opens_ms - margin_ms, 'PXAT', opens_ms + margin_ms)
    else
        redis.call('DEL', KEYS[3])
    end
end
if not before then
    return -1
end
return tonumber(before)
