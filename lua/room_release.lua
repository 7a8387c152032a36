-- A ticket leaves the room: the buyer left (L) or a merchandiser revoked it (V). Its place, its
-- token and its active slot are freed at once.
--
-- KEYS     the room's eleven keys (see room_batch.lua)
-- ARGV[1]  the ticket
-- ARGV[2]  L or V
--
-- Returns 1 done, 0 the ticket had already expired, left, been revoked or ended its checkout,
-- -1 no such ticket.
local state = redis.call('HGET', KEYS[7], ARGV[1])
if not state then
    return -1
end
if state == 'X' or state == 'L' or state == 'V' or state == 'C' then
    return 0
end
redis.call('HSET', KEYS[7], ARGV[1], ARGV[2])
redis.call('ZREM', KEYS[4], ARGV[1])
redis.call('ZREM', KEYS[5], ARGV[1])
redis.call('ZREM', KEYS[6], ARGV[1])
redis.call('ZREM', KEYS[8], ARGV[1])
redis.call('ZREM', KEYS[9], ARGV[1])
return 1
