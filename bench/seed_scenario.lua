-- The seed scenario: one SKU, a crowd of buyers each sending one reservation under a key of its
-- own, a few of them sending the same request again (a storefront's retry, same key and body).
-- Fixed count: every request is sent once, then the thread stops (answers.lua).
--   wrk -t T -c C -d LIMIT --timeout 30s -s seed_scenario.lua URL -- SKU API_KEY BUYERS RETRY_PERCENT T C/T
-- Thread i (0-based) takes buyers i, i+T, i+2T ...; buyer b retries when b * RETRY_PERCENT % 100
-- < RETRY_PERCENT (the benchmark counts the retries by the same rule), C/T first attempts after
-- its first, by when one of the thread's connections has usually had that first answer.
local answers = require "answers"

setup = answers.setup
delay = answers.delay
response = answers.response
done = answers.done

local queue = {}
local next_request = 1

function init(args)
   local sku, api_key = args[1], args[2]
   local buyers, retry_percent, threads, lag = tonumber(args[3]), tonumber(args[4]), tonumber(args[5]), tonumber(args[6])
   local retries = {}
   local attempts = 0
   for buyer = id, buyers - 1, threads do
      local request = answers.reservation(sku, api_key, string.format("buyer-%d", buyer),
                                          string.format("%s-buyer-%d", sku, buyer))
      queue[#queue + 1] = request
      attempts = attempts + 1
      if buyer * retry_percent % 100 < retry_percent then
         retries[#retries + 1] = { due = attempts + lag, request = request }
      end
      while #retries > 0 and retries[1].due <= attempts do
         queue[#queue + 1] = table.remove(retries, 1).request
      end
   end
   for _, retry in ipairs(retries) do
      queue[#queue + 1] = retry.request
   end
   answers.share(#queue)
end

function request()
   if not answers.sending() then
      return queue[1]
   end
   answers.sent()
   local next = queue[math.min(next_request, #queue)]
   next_request = next_request + 1
   return next
end
