-- Replaces the deadlines of a SKU's live holds with PostgreSQL's, in one atomic step (a script,
-- not MULTI, so that it runs alike on one server and on a Redis Cluster).
--
-- KEYS[1]  deadlines of the SKU's holds  fs:{SKU}:deadlines
-- ARGV     pairs: epoch ms of a deadline, then its idempotency key (none: no live hold)
--
-- Returns the number of holds recorded.
redis.call('DEL', KEYS[1])
for i = 1, #ARGV, 2 do
    redis.call('ZADD', KEYS[1], ARGV[i], ARGV[i + 1])
end
return #ARGV / 2
