-- What every benchmark script shares (loaded with require "answers"; wrk runs with bench/ as its
-- working directory): it counts each thread's answers by status and, for a problem answer, by
-- problem type, and done() prints the run as one line, "wrk-summary {json}", for the benchmark
-- program to read:
--   answered, sent       answers counted, requests sent (fixed-count runs; sent = answered then)
--   wallMs               first request sent to last answer, over all threads (LuaJIT's ffi:
--                        clock_gettime(CLOCK_MONOTONIC), one clock for every thread)
--   statuses, problems   answers by status, and by the last segment of a problem's type
--   firstMs              per problem type, when its first answer came (ms after the start)
--   perSecond            answers in each second of the run
--   latencyUs            wrk's own distribution (p50, p90, p99, p999, max, mean), microseconds
--   errors               wrk's socket errors (connect, read, write, timeout) and its count of
--                        answers with a status above 399 (status)
--   shares               requests the threads were given (fixed-count runs), else 0
-- A fixed-count run calls answers.share(n) in init() and uses answers.delay: the thread sends n
-- requests, holds its connections back after that, and once n answers came it prints
-- "wrk-thread-done" and stops. wrk itself waits for -d: the program ends it with SIGINT when
-- every thread is done, and done() still runs.
local ffi = require("ffi")
pcall(ffi.cdef, [[
struct answers_timespec { long tv_sec; long tv_nsec; };
int clock_gettime(int clock_id, struct answers_timespec *now);
]])

local CLOCK_MONOTONIC = 1
local clock = ffi.new("struct answers_timespec")
local HELD_BACK_MS = 3600000

local answers = {}

function answers.now_ms()
   ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
   return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end

-- Flat on purpose: wrk copies a thread's globals to done() with thread:get, tables of numbers
-- and strings included.
tally = { answered = 0, sent = 0, promised = 0, share = -1, startedMs = -1, lastMs = -1 }
statuses, problems, firstMs, perSecond = {}, {}, {}, {}

local threads = {}

function answers.setup(thread)
   thread:set("id", #threads)
   threads[#threads + 1] = thread
end

function answers.share(requests)
   tally.share = requests
end

-- False for the one request() call wrk makes on the first thread before the run, to check the
-- script's request: a fixed-count script answers it without using up a request of its share
-- (every request really sent follows a delay() call, that one none).
function answers.sending()
   return tally.promised > 0
end

-- Counts a request about to be sent; the first one starts the clock.
function answers.sent()
   if tally.startedMs < 0 then
      tally.startedMs = answers.now_ms()
   end
   tally.sent = tally.sent + 1
end

-- Called by wrk before each request of a connection: past the thread's share, the connection
-- waits (an hour: the thread stops long before).
function answers.delay()
   if tally.share >= 0 then
      if tally.promised >= tally.share then
         return HELD_BACK_MS
      end
      tally.promised = tally.promised + 1
   end
   return 0
end

-- POST /api/reservations for one unit, as a storefront sends it.
function answers.reservation(sku, api_key, buyer, idempotency_key)
   local body = string.format('{"sku":"%s","buyerId":"%s","qty":1}', sku, buyer)
   return wrk.format("POST", "/api/reservations", {
      ["X-Api-Key"] = api_key,
      ["Content-Type"] = "application/json",
      ["Idempotency-Key"] = idempotency_key,
   }, body)
end

function answers.response(status, headers, body)
   local now = answers.now_ms()
   if tally.startedMs < 0 then
      tally.startedMs = now
   end
   local code = tostring(status)
   statuses[code] = (statuses[code] or 0) + 1
   if status >= 400 and body then
      local problem = body:match('/problems/([%w%-]+)') or "none"
      problems[problem] = (problems[problem] or 0) + 1
      if not firstMs[problem] then
         firstMs[problem] = now - tally.startedMs
      end
   end
   local second = tostring(math.floor((now - tally.startedMs) / 1000))
   perSecond[second] = (perSecond[second] or 0) + 1
   tally.lastMs = now
   tally.answered = tally.answered + 1
   if tally.answered == tally.share then
      io.stdout:write("wrk-thread-done ", tostring(id), "\n")
      io.stdout:flush()
      wrk.thread:stop()
   end
end

local function add(into, from)
   for key, count in pairs(from) do
      into[key] = (into[key] or 0) + count
   end
end

local function encode(value)
   if type(value) == "table" then
      local fields = {}
      for key, inner in pairs(value) do
         fields[#fields + 1] = string.format("%q:%s", tostring(key), encode(inner))
      end
      table.sort(fields)
      return "{" .. table.concat(fields, ",") .. "}"
   end
   return string.format("%.3f", value)
end

function answers.done(summary, latency, requests)
   local run = { answered = 0, sent = 0, shares = 0 }
   local all = { statuses = {}, problems = {}, perSecond = {} }
   local firstOfAll, started, last = {}, math.huge, -1
   for _, thread in ipairs(threads) do
      local counts = thread:get("tally")
      run.answered = run.answered + counts.answered
      run.sent = run.sent + counts.sent
      run.shares = run.shares + math.max(0, counts.share)
      if counts.startedMs >= 0 then
         started = math.min(started, counts.startedMs)
      end
      last = math.max(last, counts.lastMs)
      add(all.statuses, thread:get("statuses"))
      add(all.problems, thread:get("problems"))
      add(all.perSecond, thread:get("perSecond"))
   end
   for _, thread in ipairs(threads) do
      local counts = thread:get("tally")
      for problem, ms in pairs(thread:get("firstMs")) do
         local at = ms + counts.startedMs - started
         if not firstOfAll[problem] or at < firstOfAll[problem] then
            firstOfAll[problem] = at
         end
      end
   end
   run.wallMs = last >= 0 and last - started or 0
   run.statuses, run.problems, run.perSecond, run.firstMs = all.statuses, all.problems, all.perSecond, firstOfAll
   run.latencyUs = { p50 = latency:percentile(50), p90 = latency:percentile(90), p99 = latency:percentile(99),
                     p999 = latency:percentile(99.9), max = latency.max, mean = latency.mean }
   run.errors = { connect = summary.errors.connect, read = summary.errors.read, write = summary.errors.write,
                  status = summary.errors.status, timeout = summary.errors.timeout }
   run.wrkRequests = summary.requests
   run.wrkDurationUs = summary.duration
   io.stdout:write("wrk-summary ", encode(run), "\n")
end

return answers
