-- Records a SKU's live holds as PostgreSQL has them, in one atomic step (a script, not MULTI, so
-- that it runs alike on one server and on a Redis Cluster): their deadlines replace the gate's,
-- and a hold without a marker gets one. A hold placed while the gate was closed took nothing at
-- the gate and left no marker; the counter built with this record counts it as held, so its
-- release must give its units back like any other's. An existing marker is left as it is.
--
-- KEYS[1]    deadlines of the SKU's holds          fs:{SKU}:deadlines
-- KEYS[1+i]  marker of hold i                      fs:{SKU}:hold:<owner i>/<key i>
-- ARGV[1]    marker lifetime in seconds (longer than any hold)
-- ARGV       then for hold i: epoch ms of its deadline, its idempotency key (<owner>/<key>), its units
--
-- Returns the number of holds recorded.
redis.call('DEL', KEYS[1])
local ttl = tonumber(ARGV[1])
for i = 1, #KEYS - 1 do
    local at = 2 + (i - 1) * 3
    redis.call('ZADD', KEYS[1], ARGV[at], ARGV[at + 1])
    redis.call('SET', KEYS[1 + i], ARGV[at + 2], 'EX', ttl, 'NX')
end
return #KEYS - 1
