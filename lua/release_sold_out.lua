-- Ends the hold marker of a key whose units PostgreSQL refused with none left, and sets the
-- sold-out flag only while the counter is 0, in one step. The key's units do not go back to the
-- counter: PostgreSQL had none, so the gate had let through units that were not there. A unit
-- given back since PostgreSQL's refusal (release.lua, which clears the flag) leaves the counter
-- above 0, and the flag unset: the unit is sold at once, not refused until reconciliation.
-- Idempotent per key: without its marker the key took nothing, and only the flag may be set.
-- An unloaded counter stays unloaded and sets no flag.
--
-- KEYS[1]  counter                 fs:{SKU}:available
-- KEYS[2]  hold marker of the key  fs:{SKU}:hold:<owner>/<key>
-- KEYS[3]  sold-out flag           fs:{SKU}:sold-out
-- KEYS[4]  deadlines of the holds  fs:{SKU}:deadlines
-- KEYS[5]  keys that hold units    fs:{SKU}:holders
-- ARGV[1]  the idempotency key, <owner>/<key> (its member in the deadlines and the holders)
--
-- Returns 1 when the sold-out flag is set, 0 when it is not (units are left, or no counter).
redis.call('ZREM', KEYS[4], ARGV[1])
redis.call('SREM', KEYS[5], ARGV[1])
redis.call('DEL', KEYS[2])
local available = redis.call('GET', KEYS[1])
if not available or tonumber(available) > 0 then
    return 0
end
redis.call('SET', KEYS[3], '1')
return 1
