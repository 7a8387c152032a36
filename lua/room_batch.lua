-- The waiting room's storefront calls of one moment, in one go: the tickets taken and the tickets
-- polled on this node while its last call ran (a crowd's requests share one round trip and one
-- round of the room's housekeeping and admission, instead of one each).
--
-- The script does two things, in two files: the calls of the moment (tickets taken, polls
-- answered) here, and the room's step (its housekeeping and admission) in lua/parts/room_step.lua,
-- which the script takes in where it says `--#include parts/room_step.lua` (ScriptParts puts the
-- part's text in place when RedisScripts reads the scripts): one script still, one round trip.
--
-- Why taking and polling are one script, not two: a ticket taken is answered with its poll, and
-- a crowd's takes and polls travel together. Two scripts would cost a second Redis call per
-- crowd on the storefront's hottest path (or, pipelined, a poll script that cannot see which
-- ticket the take script just found for a buyer), and would run the housekeeping and admission
-- twice. The room's other jobs, which no crowd shares, have a script each: room_draw.lua (the
-- lottery), room_release.lua (leave, revoke), room_use_token.lua and room_reserved.lua (a reserve
-- request with a token), room_checkout_ended.lua (a reservation's end).
--
-- A ticket taken: one ticket per buyer and sale, the buyer's own from before or a new one. Before
-- the opening second a new ticket joins the pre-queue, which the lottery orders (room_draw.lua);
-- from then on it joins the queue behind everyone there, in arrival order. It is then polled with
-- the others.
--
-- A ticket polled: where it stands, and the room admits the next buyers while it is at it. There
-- is no admission job, so admission advances on whichever node calls, at the room's rate (a
-- bucket of admissions that fills at `rate` a second, up to one second's worth), never past
-- `maxActive` buyers with a live token, and never more admitted-but-not-reserved buyers than
-- units available (admitted, reserving, or reserved since the units were read). Tickets that
-- missed their polls for `missMs` lose their place first, so abandoned tickets never hold up
-- live ones. The clock is Redis' (TIME), the one clock every node shares.
--
-- KEYS (all with the sale as hash tag {sale:<id>}, so that they share a Redis Cluster slot):
-- KEYS[1]  the room: settings and state (hash)        fs:{sale:<id>}:room
--            enabled ('1' on, '0' off; absent: no room in Redis), paused ('1'/'0'), rate
--            (admissions a second), maxActive, tokenMs, missMs, preOpensMs, opensMs (epoch ms);
--            drawn ('1'), drawnMs (when the draw ended), seq (tickets taken), admittedTotal, done (reserve requests with a
--            token answered), allowance and last (the admission rate's bucket); ticketsMax (the
--            most tickets the room gives out; absent: no bound), endsMs (the sale's end, epoch ms;
--            0: none) and keptMs (how long the keys outlive it; absent or 0: for ever);
--            unitsReturned (units that holds of the sale gave back, counted by the node that gave
--            them back) and unitsReoffered (of those, the ones admission has handed to a waiting
--            buyer since: every admission while unitsReturned is ahead of unitsReoffered counts one)
-- KEYS[2]  buyer -> ticket (hash)                     fs:{sale:<id>}:tickets
-- KEYS[3]  ticket -> buyer (hash)                     fs:{sale:<id>}:owners
-- KEYS[4]  the pre-queue: ticket by arrival (zset)    fs:{sale:<id>}:prequeue
-- KEYS[5]  the queue: ticket by place (zset)          fs:{sale:<id>}:queue
-- KEYS[6]  waiting tickets by last poll, ms (zset)    fs:{sale:<id>}:seen
-- KEYS[7]  ticket -> state (hash): W waiting, A:<token expiry ms> admitted, X expired, L left,
--          V revoked, C its checkout ended            fs:{sale:<id>}:state
-- KEYS[8]  admitted, not yet reserved: ticket by token expiry (zset)   fs:{sale:<id>}:admitted
-- KEYS[9]  admitted and active: ticket by token expiry (zset)          fs:{sale:<id>}:active
-- KEYS[10] reserving: a reserve request with the ticket's token is on its way, by its start, ms
--          (zset)                                                       fs:{sale:<id>}:reserving
-- KEYS[11] the room's figures for the sale's report (hash)             fs:{sale:<id>}:figures
--          expired (tickets that missed their polls, and tokens that ran out unused), left and
--          revoked (room_release.lua), w<n> (buyers admitted after a wait in bucket n: waitBucket
--          in lua/parts/room_step.lua)
-- KEYS[12] ticket -> when it joined the queue, ms (hash), for a ticket taken after the opening
--          second (one from the pre-queue waits from the opening second)   fs:{sale:<id>}:joined
--
-- ARGV[1]  units available in the sale (PostgreSQL, as this node last read it)
-- ARGV[2]  units held in the sale (same reading)
-- ARGV[3]  the room's `done` count read just before that reading: reserve requests answered
--          since may have taken units the reading still counts as available, and so may the
--          requests still on their way (KEYS[10]); both count as taken
-- ARGV[4..] the calls, three arguments each, in the order they came:
--          'T', buyer id, a new ticket (taken only when the buyer has none)   a ticket taken
--          'P', ticket, ''                                                     a ticket polled
--          None at all: one step of housekeeping and admission (units came back, or a token ran out).
--
-- Every key of the room expires keptMs after the sale's end, or after now when that is later
-- (a sale with no end, or ended: its keys outlive the room's last call by keptMs).
--
-- Returns one answer per call, in the same order, then one more: {admitted, nextTokenExpiryMs,
-- reoffered, tokenExpiryMs, ticket, buyer, ticket, buyer, ...}: the buyers this call admitted and
-- when the first token of an active buyer runs out (0: none), so that a node can step the room then
-- and pass that buyer's unit (not reserved) or place on at once; how many of the admitted were
-- handed a returned unit (the first ones), their tokens' expiry, and each admitted ticket with its
-- buyer, in admission order (at most one second's worth of the room's rate), for the webhooks.
-- A ticket taken:
--   {1, ticket, <its poll>}  a new ticket;  {0, ticket, <its poll>}  the buyer's own from before
--   {-2}  the room is off (no new ticket; a buyer's own ticket is still answered, as above)
--   {-3, preOpensMs}  the pre-queue is not open yet
--   {-6, ticketsMax}  the room gave out its most tickets (no new ticket; a buyer's own is answered)
-- A ticket polled, and <its poll> above:
--   {1, place, queueLength, why}   WAITING; why: 0 admission runs, 1 paused by a merchandiser,
--                                  2 no unit free for one more buyer (holds may come back),
--                                  3 the most active buyers are in
--   {2, tokenExpiryMs, queueLength, buyer}  ADMITTED: the token may be (re)issued until then
--   {3, opensMs, preQueueLength}   WAITING for the lottery at the opening second
--   {4, queueLength}  SOLD_OUT: nothing available and nothing held that could come back
--   {5, queueLength}  EXPIRED (missed polls, or the token ran out)
--   {6, queueLength}  LEFT
--   {7, queueLength}  REVOKED
--   {8, queueLength}  CHECKOUT_ENDED: a reservation made with the ticket's token ended
--   {-4}  no such ticket
--   {-5}  the opening second has passed and the lottery is not drawn: draw it, then ask again
-- Any call: {-1}  no room in Redis (nothing changed): load its settings, then ask again
-- (RoomReplies in the room's control package decodes these answers, and only it.)
--#include parts/room_step.lua

local calls = (#ARGV - 3) / 3
local answers = {}
local cfg = redis.call('HMGET', KEYS[1], 'enabled', 'rate', 'maxActive', 'tokenMs', 'missMs', 'opensMs', 'drawn',
    'paused', 'allowance', 'last', 'done', 'preOpensMs', 'ticketsMax', 'endsMs', 'keptMs', 'unitsReturned', 'unitsReoffered', 'drawnMs')
if not cfg[1] then
    for i = 1, calls do
        answers[i] = {-1}
    end
    answers[calls + 1] = {0, 0}
    return answers
end
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local drawn = cfg[7] == '1'

-- The room's keys expire keptMs after the sale's end (or after now, when later); each key's expiry
-- is set again only when it is a minute off, so that most calls write none.
local function keepKeys()
    local kept = tonumber(cfg[15] or '0')
    if kept <= 0 then
        return
    end
    local at = math.max(tonumber(cfg[14] or '0'), now) + kept
    for _, key in ipairs(KEYS) do
        if math.abs(redis.call('PTTL', key) - (at - now)) > 60000 then
            redis.call('PEXPIREAT', key, string.format('%d', at))
        end
    end
end
local ticketsLeft = cfg[13] and tonumber(cfg[13]) - redis.call('HLEN', KEYS[2])

-- The tickets taken, in arrival order; each is polled below with the others.
local polled = {}
for i = 1, calls do
    local kind, first, second = ARGV[1 + 3 * i], ARGV[2 + 3 * i], ARGV[3 + 3 * i]
    if kind == 'P' then
        polled[i] = first
    else
        local existing = redis.call('HGET', KEYS[2], first)
        if existing then
            answers[i] = {0, existing}
            polled[i] = existing
        elseif cfg[1] ~= '1' then
            answers[i] = {-2}
        elseif now < tonumber(cfg[12]) then
            answers[i] = {-3, cfg[12]}
        elseif ticketsLeft and ticketsLeft <= 0 then
            answers[i] = {-6, cfg[13]}
        else
            ticketsLeft = ticketsLeft and ticketsLeft - 1
            local seq = redis.call('HINCRBY', KEYS[1], 'seq', 1)
            if not drawn and now < tonumber(cfg[6]) then
                redis.call('ZADD', KEYS[4], seq, second)
            else
                -- Behind every place the lottery gives (1..n), in arrival order.
                redis.call('ZADD', KEYS[5], string.format('%d', 1000000000000 + seq), second)
                redis.call('ZADD', KEYS[6], string.format('%d', now), second)
                redis.call('HSET', KEYS[12], second, string.format('%d', now))
            end
            redis.call('HSET', KEYS[2], first, second)
            redis.call('HSET', KEYS[3], second, first)
            redis.call('HSET', KEYS[7], second, 'W')
            answers[i] = {1, second}
            polled[i] = second
        end
    end
end

local function answer(i, poll)
    if answers[i] then
        for _, value in ipairs(poll) do
            table.insert(answers[i], value)
        end
    else
        answers[i] = poll
    end
end

-- Before the lottery: waiting tickets wait for the opening second; once it has passed, nothing
-- is answered until the lottery is drawn.
if not drawn then
    local preQueued
    for i, ticket in pairs(polled) do
        local state = redis.call('HGET', KEYS[7], ticket)
        if not state then
            answer(i, {-4})
            polled[i] = nil
        elseif now >= tonumber(cfg[6]) then
            answer(i, {-5})
            polled[i] = nil
        elseif state == 'W' then
            preQueued = preQueued or redis.call('ZCARD', KEYS[4])
            answer(i, {3, cfg[6], preQueued})
            polled[i] = nil
        end
    end
    if next(polled) == nil then
        keepKeys()
        answers[calls + 1] = {0, 0}
        return answers
    end
end

-- The room's step: housekeeping, then admission (lua/parts/room_step.lua).
local soldOut, why, admittedNow, admittedList, reofferedNow, admittedExpiry = stepRoom(cfg, now, drawn, polled)

local queued = redis.call('ZCARD', KEYS[5])
for i, ticket in pairs(polled) do
    local state = redis.call('HGET', KEYS[7], ticket)
    if not state then
        answer(i, {-4})
    elseif state == 'W' then
        if soldOut then
            answer(i, {4, queued})
        else
            answer(i, {1, redis.call('ZRANK', KEYS[5], ticket) + 1, queued, why})
        end
    elseif string.sub(state, 1, 2) == 'A:' then
        local expiry = tonumber(string.sub(state, 3))
        if expiry > now then
            answer(i, {2, string.sub(state, 3), queued, redis.call('HGET', KEYS[3], ticket)})
        else
            answer(i, {5, queued})
        end
    elseif state == 'X' then
        answer(i, {5, queued})
    elseif state == 'L' then
        answer(i, {6, queued})
    elseif state == 'C' then
        answer(i, {8, queued})
    else
        answer(i, {7, queued})
    end
end
keepKeys()
local first = redis.call('ZRANGE', KEYS[9], 0, 0, 'WITHSCORES')
local stepped = {admittedNow, tonumber(first[2] or '0'), reofferedNow, admittedExpiry}
for _, item in ipairs(admittedList) do
    stepped[#stepped + 1] = item
end
answers[calls + 1] = stepped
return answers
