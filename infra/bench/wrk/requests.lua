-- wrk script (one thread: wrk.ts runs wrk -t 1): requests taken in turn from a file, one a line,
-- tab-separated, empty fields left out:  METHOD <tab> PATH <tab> COOKIE <tab> X-FORWARDED-FOR <tab> BODY
local requests = {}
local nextIndex = 1

function init(args)
  local origin = args[2]
  for line in io.lines(args[1]) do
    local f = {}
    for field in (line .. "\t"):gmatch("([^\t]*)\t") do table.insert(f, field) end
    local headers = { ["Content-Type"] = "application/json" }
    if origin ~= "" then headers["Origin"] = origin end
    if f[3] ~= "" then headers["Cookie"] = f[3] end
    if f[4] ~= "" then headers["X-Forwarded-For"] = f[4] end
    table.insert(requests, wrk.format(f[1], f[2], headers, f[5] ~= "" and f[5] or nil))
  end
  if #requests == 0 then error("no requests in " .. args[1]) end
  -- wrk asks the first thread for one request to check it before sending: that one is the last
  -- line's, so the first sent is the first line's.
  nextIndex = #requests
end

function request()
  local r = requests[nextIndex]
  nextIndex = nextIndex % #requests + 1
  return r
end
