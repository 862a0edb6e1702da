#!/usr/bin/env bash
# Instructions, reference counts and allocations per request for any GET of the service, counted by callgrind on
# the benchmark's scene (the 1,000,000-item flow layout of side_by_side.py and instructions.sh). Where
# instructions.sh compares rect queries with the C server, this measures one request path of the service alone:
# a cached tile, a page, an item.
#
# Usage: bench/request-instructions.sh SERVICE_BIN PATH_PATTERN TOP [service args...]
#   PATH_PATTERN follows /v1/layouts/{id} and holds one %d, replaced by a random integer in 0...TOP:
#     bench/request-instructions.sh .build/release/layout-service '/tiles/%d' 19          # cached tiles 0-19
#     bench/request-instructions.sh .build/release/layout-service '/attributes?rect=0,%d,1000,1600' 10998400
# The service answers 200 and then 2,200 such requests on one keep-alive connection under valgrind (every answer
# must be a 200, or the script stops); the difference over 2,000 is one request's cost. Requests that repeat a
# path (tiles) are answered from the tile cache after their first time. Takes about 30 seconds. RUNS="N1 N2"
# changes the two runs' lengths (bench/check-instructions runs shorter ones).
set -euo pipefail
read -r n1 n2 <<<"${RUNS:-200 2200}"
svc_bin=$1; pattern=$2; top=$3; shift 3
command -v valgrind >/dev/null || { echo "valgrind is missing (apt-get install valgrind)"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read the debug info Swift 6 writes: count a copy without it.
cp "$svc_bin" "$work/svc"; strip --strip-debug "$work/svc"
SPEC='{"layout":"flow","collectionView":{"width":1000,"height":1600},"itemSize":{"width":100,"height":100},"minimumLineSpacing":10,"minimumInteritemSpacing":10,"sections":[{"items":1000000}]}'

run() {  # run N [service args...] -> callgrind output in $work/cg.N
  local n=$1 p pid id
  shift
  p=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1]);s.close()')
  (cd "$work" && exec valgrind --tool=callgrind --callgrind-out-file="$work/cg.$n" "$work/svc" --host 127.0.0.1 \
    --port "$p" --store memory --threads 1 "$@" >/dev/null 2>"$work/vg.log") &
  pid=$!
  for _ in $(seq 600); do curl -sf "http://127.0.0.1:$p/healthz" -o /dev/null && break
    kill -0 "$pid" 2>/dev/null || { echo "the service did not start:"; cat "$work/vg.log"; exit 1; }; sleep 0.2; done
  id=$(curl -sf -X POST "http://127.0.0.1:$p/v1/layouts" -H 'Content-Type: application/json' -d "$SPEC" |
    python3 -c 'import json,sys;print(json.load(sys.stdin)["id"])')
  python3 - "$p" "/v1/layouts/$id$pattern" "$n" "$top" <<'PY' || { kill "$pid"; exit 1; }
import http.client, random, sys
port, path, n, top = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
random.seed(7)
c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
for _ in range(n):
    c.request("GET", path % random.randint(0, top))
    r = c.getresponse(); body = r.read()
    if r.status != 200:
        sys.exit("answered %d: %s" % (r.status, body[:200]))
PY
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
}
run "$n1" "$@"; run "$n2" "$@"
python3 - "$work/cg.$n1" "$work/cg.$n2" "$pattern" "$((n2 - n1))" <<'PY'
import glob, re, subprocess, sys
counted = ("swift_retain", "swift_release", "malloc", "free")

def figures(path):
    """Instructions in all (every part callgrind wrote), and the calls of the functions in `counted`."""
    total = sum(int(l.split()[1]) for f in glob.glob(path + "*") for l in open(f) if l.startswith("summary:"))
    calls = dict.fromkeys(counted, 0)
    out = subprocess.run(["callgrind_annotate", "--tree=caller", "--threshold=100"] + glob.glob(path + "*"),
                         capture_output=True, text=True).stdout
    callers = []  # the call counts of the caller lines above each function line
    for line in out.splitlines():
        m = re.search(r"<\s+\S+.*\((\d[\d,]*)x\)", line)
        if m:
            callers.append(int(m.group(1).replace(",", "")))
            continue
        m = re.search(r"\*\s+(\S+)", line)
        if m:
            name = m.group(1).rsplit(":", 1)[-1]
            if name in calls:
                calls[name] += sum(callers)
        callers = []
    return total, calls

(a, ca), (b, cb) = figures(sys.argv[1]), figures(sys.argv[2])
n = int(sys.argv[4])
print("%s: %d instructions per request; calls per request: %s" % (sys.argv[3], (b - a) // n,
      ", ".join("%s %.0f" % (k, (cb[k] - ca[k]) / n) for k in counted)))
PY
