-- A reserve request shows an admission token whose signature is good: is its ticket still
-- admitted with that very token (not revoked, not left)? The first use moves the ticket from
-- admitted-not-reserved to reserving, which frees a unit for the next admission.
--
-- KEYS     the room's nine keys (see room_ticket.lua)
-- ARGV[1]  the token's ticket
-- ARGV[2]  the token's expiry, epoch ms, as in the ticket's state
--
-- Returns 1 the token stands, 0 revoked, left or replaced, -1 no such ticket.
local state = redis.call('HGET', KEYS[7], ARGV[1])
if not state then
    return -1
end
if state ~= 'A:' .. ARGV[2] then
    return 0
end
if redis.call('ZREM', KEYS[8], ARGV[1]) == 1 then
    redis.call('HINCRBY', KEYS[1], 'used', 1)
end
return 1
