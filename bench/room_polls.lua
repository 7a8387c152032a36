-- Polls of queue tickets for as long as -d says: GET /api/sales/SALE/queue/TICKET, the tickets
-- of TICKETS_FILE (one a line, taken by the benchmark before) in turn, each thread starting at its
-- own place. Every answer is 200: the ticket waiting, or admitted with its token.
--   wrk -t T -c C -d SECONDS --timeout 30s -s room_polls.lua URL -- SALE API_KEY TICKETS_FILE
local answers = require "answers"

setup = answers.setup
response = answers.response
done = answers.done

local prefix, api_key
local tickets = {}
local next_ticket = 1

function init(args)
   prefix, api_key = "/api/sales/" .. args[1] .. "/queue/", args[2]
   for line in io.lines(args[3]) do
      tickets[#tickets + 1] = line
   end
   next_ticket = (id * 997) % #tickets + 1
end

function request()
   answers.sent()
   local ticket = tickets[next_ticket]
   next_ticket = next_ticket % #tickets + 1
   return wrk.format("GET", prefix .. ticket, { ["X-Api-Key"] = api_key })
end
