-- A sold-out reserve for bench/doors.sh: every request a new buyer and Idempotency-Key.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Api-Key"] = "@KEY@"
local n = 0
request = function()
  n = n + 1
  wrk.headers["Idempotency-Key"] = "doors-" .. n .. "-" .. math.random(1, 1000000000)
  return wrk.format(nil, nil, nil, '{"sku":"DOORS-1","buyerId":"b' .. n .. '","qty":1}')
end
