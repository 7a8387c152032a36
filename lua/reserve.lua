-- The gate in front of PostgreSQL: may this checkout attempt try to take units?
-- Checks the SKU's counter, takes the units from it and records a hold marker for the
-- idempotency key, in one atomic step. A yes only means "you may try PostgreSQL": PostgreSQL
-- still decides. The marker's TTL never gives units back; release.lua does.
--
-- KEYS[1]  counter of units the gate may still let through   fs:{SKU}:available
-- KEYS[2]  hold marker of this idempotency key                fs:{SKU}:hold:<owner>/<key>
-- KEYS[3]  sold-out flag                                      fs:{SKU}:sold-out
-- KEYS[4]  deadlines of the SKU's holds (idempotency key -> epoch ms)  fs:{SKU}:deadlines
-- KEYS[5]  the idempotency keys that hold units of the SKU (set)         fs:{SKU}:holders
-- KEYS[6]  the sale's window is not open yet (load_counter.lua)          fs:{SKU}:not-open
-- ARGV[1]  units asked for (a positive integer)
-- ARGV[2]  marker lifetime in seconds (longer than any hold)
-- ARGV[3]  the idempotency key, qualified by its owner: <owner>/<key> (each storefront key,
--          <owner> its id, has its own space of idempotency keys; so in every script here)
-- ARGV[4]  optional: 'held' when PostgreSQL already holds these units for the key (a hold made
--          while the not-open mark sent the buyer on): take them as any hold's, past the mark
--
-- Returns the units left after this take (>= 0), or
--   -1  not enough units: sold out for this request
--   -2  this key already holds units (a retry: PostgreSQL answers it)
--   -3  the counter was never loaded: build it from PostgreSQL, then ask again
--   -4  not enough units, but a hold is past its deadline: PostgreSQL may give its units back
--       to this buyer at once (lazy reclaim), so ask it
--   -5  the sale's window is not open yet: refused, nothing taken
--   -6  the sale's window opens about now (within the clocks' margin), or the sale is paused:
--       nothing taken, PostgreSQL decides (the counter is then high by what it sells, until
--       PostgreSQL's sold-out refusals or reconciliation bring it down)
local qty = tonumber(ARGV[1])

local function now_ms()
    local clock = redis.call('TIME')
    return tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
end

local function sold_out()
    if #redis.call('ZRANGEBYSCORE', KEYS[4], '-inf', now_ms(), 'LIMIT', 0, 1) > 0 then
        return -4
    end
    return -1
end

-- EXISTS answers 0 or 1, and 0 is true in Lua: compare, never test it bare.
if redis.call('EXISTS', KEYS[2]) == 1 then
    return -2
end
-- Before the window nobody may take units: a crowd waiting for it would otherwise hold the
-- counter at 0 with claims that PostgreSQL refuses, and hear "sold out" meanwhile. So while the
-- sale is paused, but PostgreSQL answers those buyers (a retry gets its reservation).
local refuse_before = redis.call('GET', KEYS[6])
if refuse_before and ARGV[4] ~= 'held' then
    if refuse_before ~= 'paused' and now_ms() < tonumber(refuse_before) then
        return -5
    end
    return -6
end
-- The counter first: a sold-out flag whose counter is gone (lost, evicted) would otherwise refuse
-- the SKU for good; without its counter the flag says nothing, and the counter is built again
-- from PostgreSQL (load_counter.lua clears the flag when units are left).
local available = redis.call('GET', KEYS[1])
if not available then
    return -3
end
available = tonumber(available)
if redis.call('EXISTS', KEYS[3]) == 1 then
    return sold_out()
end

-- Enough means available >= qty: the last unit goes to a buyer of one.
if available < qty then
    if available <= 0 then
        redis.call('SET', KEYS[3], '1')
    end
    return sold_out()
end

local left = redis.call('DECRBY', KEYS[1], qty)
redis.call('SET', KEYS[2], qty, 'EX', tonumber(ARGV[2]))
redis.call('SADD', KEYS[5], ARGV[3])
redis.call('EXPIRE', KEYS[5], tonumber(ARGV[2]))
if left == 0 then
    redis.call('SET', KEYS[3], '1')
end
return left
