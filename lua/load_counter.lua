-- Sets the gate's counter of a SKU to the units PostgreSQL has available, and the sold-out flag
-- to match. Counters are only ever built from PostgreSQL, never the other way round.
--
-- KEYS[1]  counter        fs:{SKU}:available
-- KEYS[2]  sold-out flag  fs:{SKU}:sold-out
-- ARGV[1]  units available in PostgreSQL (>= 0)
--
-- A counter with units is announced on the channel fs:units-back (the message: the SKU), so that
-- every node forgets at once that the SKU was sold out.
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
if not before then
    return -1
end
return tonumber(before)
