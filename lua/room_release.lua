-- A ticket leaves the room: the buyer left (L) or a merchandiser revoked it (V). Its place, its
-- token and its active slot are freed at once.
--
-- KEYS (all with the sale as hash tag {sale:<id>}, so that they share a Redis Cluster slot):
-- KEYS[1]  ticket -> state (hash)                     fs:{sale:<id>}:state
-- KEYS[2]  the pre-queue: ticket by arrival (zset)    fs:{sale:<id>}:prequeue
-- KEYS[3]  the queue: ticket by place (zset)          fs:{sale:<id>}:queue
-- KEYS[4]  waiting tickets by last poll, ms (zset)    fs:{sale:<id>}:seen
-- KEYS[5]  admitted, not yet reserved (zset)          fs:{sale:<id>}:admitted
-- KEYS[6]  admitted and active (zset)                 fs:{sale:<id>}:active
-- KEYS[7]  the room's figures (hash): left, revoked    fs:{sale:<id>}:figures
-- KEYS[8]  ticket -> when it joined the queue (hash)   fs:{sale:<id>}:joined
-- ARGV[1]  the ticket
-- ARGV[2]  L or V
--
-- Returns 1 done, 0 the ticket had already expired, left, been revoked or ended its checkout
-- (nothing changed), -1 no such ticket.
local state = redis.call('HGET', KEYS[1], ARGV[1])
if not state then
    return -1
end
if state == 'X' or state == 'L' or state == 'V' or state == 'C' then
    return 0
end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
redis.call('ZREM', KEYS[5], ARGV[1])
redis.call('ZREM', KEYS[6], ARGV[1])
redis.call('HDEL', KEYS[8], ARGV[1])
redis.call('HINCRBY', KEYS[7], ARGV[2] == 'L' and 'left' or 'revoked', 1)
return 1
