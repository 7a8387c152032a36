-- The success path: reservations of one unit each on a SKU that never runs out, every one with
-- a buyer and an idempotency key of its own. Fixed count: the threads share REQUESTS between
-- them, each stops after its share (answers.lua).
--   wrk -t T -c C -d LIMIT --timeout 30s -s success_path.lua URL -- SKU API_KEY REQUESTS T
local answers = require "answers"

setup = answers.setup
delay = answers.delay
response = answers.response
done = answers.done

local sku, api_key
local counter = 0

function init(args)
   sku, api_key = args[1], args[2]
   local requests, threads = tonumber(args[3]), tonumber(args[4])
   answers.share(math.floor(requests / threads) + (id < requests % threads and 1 or 0))
end

function request()
   if not answers.sending() then
      return answers.reservation(sku, api_key, "buyer-check", sku .. "-check")
   end
   answers.sent()
   counter = counter + 1
   local who = string.format("%d-%d", id, counter)
   return answers.reservation(sku, api_key, "buyer-" .. who, sku .. "-" .. who)
end
