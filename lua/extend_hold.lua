-- A hold's deadline moved later (PostgreSQL committed an extension): the gate's record of it
-- follows, so that the gate does not send buyers to PostgreSQL for a lazy reclaim of a hold that
-- is not overdue, and the hold's marker lives on past the new deadline. Only a deadline the gate
-- still has is moved (XX: a hold paid for, cancelled or expired meanwhile has left the deadlines
-- and must not come back), and only later (GT: two extensions' follow-ups arriving out of order
-- leave the later deadline).
--
-- KEYS[1]  deadlines of the SKU's holds (idempotency key -> epoch ms)  fs:{SKU}:deadlines
-- KEYS[2]  hold marker of the key                                       fs:{SKU}:hold:<owner>/<key>
-- KEYS[3]  the idempotency keys that hold units of the SKU (set)        fs:{SKU}:holders
-- ARGV[1]  the idempotency key, <owner>/<key> (its member in the deadlines)
-- ARGV[2]  the new deadline, epoch ms
-- ARGV[3]  marker lifetime in seconds (longer than any hold), counted from now
--
-- Returns 1 when the deadline was moved, 0 when the gate has no deadline of this hold or a later one.
local moved = redis.call('ZADD', KEYS[1], 'XX', 'GT', 'CH', ARGV[2], ARGV[1])
if redis.call('EXISTS', KEYS[2]) == 1 then
    redis.call('EXPIRE', KEYS[2], tonumber(ARGV[3]))
    redis.call('EXPIRE', KEYS[3], tonumber(ARGV[3]))
end
return moved
