-- The reserve request that showed a ticket's token was answered (its units taken, or not): the
-- ticket is no longer reserving, and the room's `done` count, which admission compares with the
-- count read before the sale's units, goes up.
--
-- KEYS     the room's ten keys (see room_ticket.lua)
-- ARGV[1]  the ticket
--
-- Returns 1 recorded, 0 the ticket was not reserving (a retry answered already).
if redis.call('ZREM', KEYS[10], ARGV[1]) == 0 then
    return 0
end
redis.call('HINCRBY', KEYS[1], 'done', 1)
return 1
