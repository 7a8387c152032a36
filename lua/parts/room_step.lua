-- A part of lua/room_batch.lua, not a script of its own: ScriptParts puts this text in place of
-- the script's line `--#include parts/room_step.lua` when RedisScripts reads the scripts. It
-- defines stepRoom, the room's step of housekeeping and admission: one step serves all the calls
-- of a batch, and a batch with no call runs the step alone (units came back, or a token ran out).
-- The keys and arguments are the script's (KEYS, ARGV: see its header).
--
-- stepRoom(cfg, now, drawn, polled): cfg the room's settings and state as the script read them
-- (its HMGET; `done` is raised here by the reserve requests found stuck), now Redis' clock in ms,
-- drawn whether the lottery is drawn, polled the tickets this call polls (index -> ticket),
-- marked seen now. Returns soldOut (nothing available, nothing held), why (0 admission runs,
-- 1 paused, 2 no unit free for one more buyer, 3 the most active buyers are in), admittedNow,
-- admittedList (ticket, buyer, ticket, buyer, ... in admission order), reofferedNow (of the
-- admitted, those handed a returned unit) and admittedExpiry (their tokens' expiry, 0: none).

-- A wait's bucket in the report's histogram: a second each below a minute (0-59), ten seconds each
-- below ten minutes (60-113), a minute each below two hours (114-223), and 224 for longer.
-- (RoomFigures in the room's entity package reads the buckets back, and only it.)
local function waitBucket(ms)
    local s = math.floor(math.max(0, ms) / 1000)
    if s < 60 then
        return s
    elseif s < 600 then
        return 60 + math.floor((s - 60) / 10)
    elseif s < 7200 then
        return 114 + math.floor((s - 600) / 60)
    end
    return 224
end

local function stepRoom(cfg, now, drawn, polled)
    -- Tokens that ran out free their places; waiting tickets that missed their polls lose theirs.
    local ranOut = redis.call('ZREMRANGEBYSCORE', KEYS[8], '-inf', now)
    if ranOut > 0 then
        redis.call('HINCRBY', KEYS[11], 'expired', ranOut)
    end
    redis.call('ZREMRANGEBYSCORE', KEYS[9], '-inf', now)
    -- A reserve request on its way for a minute never got its answer recorded (its node died): done.
    local stuck = redis.call('ZREMRANGEBYSCORE', KEYS[10], '-inf', now - 60000)
    if stuck > 0 then
        redis.call('HINCRBY', KEYS[1], 'done', stuck)
        cfg[11] = tostring(tonumber(cfg[11] or '0') + stuck)
    end
    -- A missed-poll clock runs from the end of the draw at the earliest (its steps take time, and the
    -- pre-queue's tickets are told to keep waiting meanwhile).
    if drawn then
        local lapsed = {}
        if now - tonumber(cfg[5]) > tonumber(cfg[18] or '0') then
            lapsed = redis.call('ZRANGEBYSCORE', KEYS[6], '-inf', now - tonumber(cfg[5]), 'LIMIT', 0, 1000)
        end
        for _, gone in ipairs(lapsed) do
            redis.call('ZREM', KEYS[5], gone)
            redis.call('ZREM', KEYS[6], gone)
            redis.call('HSET', KEYS[7], gone, 'X')
            redis.call('HDEL', KEYS[12], gone)
        end
        if #lapsed > 0 then
            redis.call('HINCRBY', KEYS[11], 'expired', #lapsed)
        end
        for _, ticket in pairs(polled) do
            redis.call('ZADD', KEYS[6], 'XX', string.format('%d', now), ticket)
        end
    end

    local available = tonumber(ARGV[1])
    local held = tonumber(ARGV[2])
    local soldOut = available <= 0 and held <= 0
    local why = 0
    local admittedNow = 0
    local admittedList = {}
    local reofferedNow = 0
    local admittedExpiry = 0
    if cfg[8] == '1' then
        why = 1
    end
    if drawn and not soldOut then
        local rate = tonumber(cfg[2])
        local last = tonumber(cfg[10] or now)
        local allowance = math.min(math.max(1, rate), tonumber(cfg[9] or '0') + math.max(0, now - last) * rate / 1000)
        local doneSince = math.max(0, tonumber(cfg[11] or '0') - tonumber(ARGV[3]))
        local unitsFree = available - redis.call('ZCARD', KEYS[8]) - redis.call('ZCARD', KEYS[10]) - doneSince
        local placesFree = tonumber(cfg[3]) - redis.call('ZCARD', KEYS[9])
        if why == 0 then
            local n = math.min(math.floor(allowance), unitsFree, placesFree)
            if n > 0 then
                local expiry = now + tonumber(cfg[4])
                local admitted = redis.call('ZRANGE', KEYS[5], 0, n - 1)
                admittedExpiry = expiry
                for _, following in ipairs(admitted) do
                    admittedList[#admittedList + 1] = following
                    admittedList[#admittedList + 1] = redis.call('HGET', KEYS[3], following) or ''
                    redis.call('ZREM', KEYS[5], following)
                    redis.call('ZREM', KEYS[6], following)
                    redis.call('HSET', KEYS[7], following, 'A:' .. string.format('%d', expiry))
                    redis.call('ZADD', KEYS[8], string.format('%d', expiry), following)
                    redis.call('ZADD', KEYS[9], string.format('%d', expiry), following)
                    local joined = redis.call('HGET', KEYS[12], following)
                    redis.call('HDEL', KEYS[12], following)
                    redis.call('HINCRBY', KEYS[11], 'w' .. waitBucket(now - tonumber(joined or cfg[6])), 1)
                end
                allowance = allowance - #admitted
                admittedNow = #admitted
                if admittedNow > 0 then
                    redis.call('HINCRBY', KEYS[1], 'admittedTotal', admittedNow)
                    local owed = tonumber(cfg[16] or '0') - tonumber(cfg[17] or '0')
                    if owed > 0 then
                        reofferedNow = math.min(owed, admittedNow)
                        redis.call('HINCRBY', KEYS[1], 'unitsReoffered', reofferedNow)
                    end
                end
                unitsFree = unitsFree - #admitted
                placesFree = placesFree - #admitted
            end
            if unitsFree <= 0 then
                why = 2
            elseif placesFree <= 0 then
                why = 3
            end
        end
        redis.call('HSET', KEYS[1], 'allowance', tostring(allowance), 'last', string.format('%d', now))
    end
    return soldOut, why, admittedNow, admittedList, reofferedNow, admittedExpiry
end
