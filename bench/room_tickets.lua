-- Queue tickets for as long as -d says, each for a buyer of its own: POST /api/sales/SALE/queue,
-- every answer a new ticket (201).
--   wrk -t T -c C -d SECONDS --timeout 30s -s room_tickets.lua URL -- SALE API_KEY RUN
-- RUN keeps the buyers of two runs on the same sale apart.
local answers = require "answers"

setup = answers.setup
response = answers.response
done = answers.done

local path, api_key, run
local counter = 0

function init(args)
   path, api_key, run = "/api/sales/" .. args[1] .. "/queue", args[2], args[3]
end

function request()
   answers.sent()
   counter = counter + 1
   local body = string.format('{"buyerId":"%s-%d-%d"}', run, id, counter)
   return wrk.format("POST", path, { ["X-Api-Key"] = api_key, ["Content-Type"] = "application/json" }, body)
end
