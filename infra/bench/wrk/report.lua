-- Appended to every wrk script by wrk.ts: one line "WRK_JSON {...}" with the counts and the latency
-- percentiles (microseconds) for the caller to parse.
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"duration_us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%.1f,"p90":%.1f,"p95":%.1f,"p99":%.1f,"max":%.1f,"bytes":%d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max, summary.bytes))
end
