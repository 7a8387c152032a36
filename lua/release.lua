-- Gives units back to the gate: a claim PostgreSQL refused after the gate let it through, a
-- cancelled hold, an expired one. Idempotent per key: only a key whose hold marker still exists
-- gives its units back, and the marker goes with them, so a second release does nothing.
-- An unloaded counter stays unloaded (it is built from PostgreSQL, never guessed).
--
-- KEYS[1]  counter                 fs:{SKU}:available
-- KEYS[2]  hold marker of the key  fs:{SKU}:hold:<owner>/<key>
-- KEYS[3]  sold-out flag           fs:{SKU}:sold-out
-- KEYS[4]  deadlines of the holds  fs:{SKU}:deadlines
-- KEYS[5]  keys that hold units    fs:{SKU}:holders
-- ARGV[1]  the idempotency key, <owner>/<key> (its member in the deadlines and the holders)
--
-- Units given back are announced on the channel fs:units-back (the message: the SKU), so that
-- every node forgets at once that the SKU was sold out.
--
-- Returns the units given back (0 when the key held none).
redis.call('ZREM', KEYS[4], ARGV[1])
redis.call('SREM', KEYS[5], ARGV[1])
local held = redis.call('GET', KEYS[2])
if not held then
    return 0
end
redis.call('DEL', KEYS[2])
if redis.call('EXISTS', KEYS[1]) == 0 then
    return 0
end
redis.call('INCRBY', KEYS[1], tonumber(held))
redis.call('DEL', KEYS[3])
redis.call('PUBLISH', 'fs:units-back', string.match(KEYS[1], '{(.*)}'))
return tonumber(held)
