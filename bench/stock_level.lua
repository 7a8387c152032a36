-- A product page's crowd: GET /api/skus/SKU/stock of one SKU, with the storefront key, for as
-- long as -d says, every answer counted by status (answers.lua).
--   wrk -t T -c C -d SECONDS --timeout 30s -s stock_level.lua URL -- SKU API_KEY
local answers = require "answers"

setup = answers.setup
response = answers.response
done = answers.done

local path, api_key

function init(args)
   path, api_key = "/api/skus/" .. args[1] .. "/stock", args[2]
end

function request()
   answers.sent()
   return wrk.format("GET", path, { ["X-Api-Key"] = api_key })
end
