-- What a node needs to refuse a sold-out SKU from its own memory: which idempotency keys hold its
-- units (their retries are answered from PostgreSQL, never refused) and when the first of its
-- holds runs out (from then on a buyer may get that hold's units at once: lazy reclaim).
--
-- KEYS[1]  the idempotency keys that hold units of the SKU (set)   fs:{SKU}:holders
-- KEYS[2]  deadlines of the SKU's holds (key -> epoch ms)          fs:{SKU}:deadlines
-- KEYS[3]  sold-out flag                                           fs:{SKU}:sold-out
-- ARGV[1]  the most holders a node keeps in memory
--
-- Returns {holders, the first deadline in epoch ms or -1, 1 when the sold-out flag is set else 0,
-- the holders' keys...}; the keys only when there are at most ARGV[1] of them.
local holders = redis.call('SCARD', KEYS[1])
local first = redis.call('ZRANGE', KEYS[2], 0, 0, 'WITHSCORES')
local reply = {holders, -1, redis.call('EXISTS', KEYS[3])}
if #first == 2 then
    reply[2] = math.floor(tonumber(first[2]))
end
if holders <= tonumber(ARGV[1]) then
    for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
        reply[#reply + 1] = key
    end
end
return reply
