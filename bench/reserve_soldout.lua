-- Reservations of one unit for as long as -d says, each with a buyer and an idempotency key of
-- its own: on a SKU whose units are gone, the sold-out path (every answer must be 409
-- sold-out); the warm-up also runs it on a SKU that never runs out (the success path).
--   wrk -t T -c C -d SECONDS --timeout 30s -s reserve_soldout.lua URL -- SKU API_KEY RUN
-- RUN keeps the keys of two runs on the same SKU apart.
local answers = require "answers"

setup = answers.setup
response = answers.response
done = answers.done

local sku, api_key, run
local counter = 0

function init(args)
   sku, api_key, run = args[1], args[2], args[3]
end

function request()
   answers.sent()
   counter = counter + 1
   local who = string.format("%s-%d-%d", run, id, counter)
   return answers.reservation(sku, api_key, "buyer-" .. who, sku .. "-" .. who)
end
