-- Appended to a wrk script by the benchmarks: checks every answer of a timed run, and prints the count of those
-- that are not 2xx of an expected size as "bad answers: N" (the benchmark stops on any). The script that includes
-- it sets `expected_sizes` (a set of body lengths) before this part.
bad = 0

response = function(status, headers, body)
  if status < 200 or status > 299 or not expected_sizes[#body] then
    bad = bad + 1
  end
end

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do
    total = total + thread:get("bad")
  end
  io.write(string.format("bad answers: %d\n", total))
end
