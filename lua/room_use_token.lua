-- A reserve request shows an admission token whose signature is good: is its ticket still
-- admitted with that very token (not revoked, not left)? If so the ticket leaves
-- admitted-not-reserved (on its first use) and is reserving until the request's answer
-- (room_reserved.lua): admission counts its unit as taken either way.
--
-- KEYS (all with the sale as hash tag {sale:<id>}, so that they share a Redis Cluster slot):
-- KEYS[1]  ticket -> state (hash): A:<token expiry ms> while admitted       fs:{sale:<id>}:state
-- KEYS[2]  admitted, not yet reserved: ticket by token expiry (zset)       fs:{sale:<id>}:admitted
-- KEYS[3]  reserving: ticket by the start of its reserve request, ms (zset) fs:{sale:<id>}:reserving
-- ARGV[1]  the token's ticket
-- ARGV[2]  the token's expiry, epoch ms, as in the ticket's state
--
-- The token's expiry is judged by Redis' clock (TIME), the one that set it: a node whose own clock
-- is off neither refuses a live token nor honours one that ran out before the room's step noticed.
--
-- Returns 1 the token stands, 0 revoked, left, replaced or its checkout ended (nothing changed),
-- -1 no such ticket, -2 the token ran out, whether or not the room's step has passed its place on yet
-- (nothing changed).
local state = redis.call('HGET', KEYS[1], ARGV[1])
if not state then
    return -1
end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
if tonumber(ARGV[2]) <= now then
    return -2
end
if state ~= 'A:' .. ARGV[2] then
    return 0
end
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZADD', KEYS[3], string.format('%d', now), ARGV[1])
return 1
