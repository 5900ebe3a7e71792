-- wrk script: requests taken in turn from a file, one a line, tab-separated:
--   METHOD <tab> PATH <tab> COOKIE <tab> X-FORWARDED-FOR <tab> BODY
-- (empty fields are left out). Thread n of N takes lines n, n+N, n+2N... and starts over at the
-- end of the file, so every connection sends a different session's request.
local counter = 0
local threads = {}

function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

local function split(line)
  local fields = {}
  local start = 1
  while true do
    local tab = string.find(line, "\t", start, true)
    if not tab then
      table.insert(fields, string.sub(line, start))
      return fields
    end
    table.insert(fields, string.sub(line, start, tab - 1))
    start = tab + 1
  end
end

local requests = {}
local nextIndex = 1

function init(args)
  local file = assert(io.open(args[1], "r"))
  local threadCount = tonumber(args[2])
  local origin = args[3]
  local n = 0
  for line in file:lines() do
    if n % threadCount == tid then
      local f = split(line)
      local headers = { ["Content-Type"] = "application/json" }
      if origin and origin ~= "" then headers["Origin"] = origin end
      if f[3] and f[3] ~= "" then headers["Cookie"] = f[3] end
      if f[4] and f[4] ~= "" then headers["X-Forwarded-For"] = f[4] end
      local body = nil
      if f[5] and f[5] ~= "" then body = f[5] end
      table.insert(requests, wrk.format(f[1], f[2], headers, body))
    end
    n = n + 1
  end
  file:close()
  if #requests == 0 then error("no requests for thread " .. tid) end
end

function request()
  local r = requests[nextIndex]
  nextIndex = nextIndex + 1
  if nextIndex > #requests then nextIndex = 1 end
  return r
end
