#!/usr/bin/env python3
"""Where a request's time goes outside the server's own code: for the service and the C server (mhd_server.c mode
`query`), on side_by_side.py's scene, the CPU time per answered request split into user and system time (from
/proc), and per request the system calls, the waits (poll, epoll_wait) and the context switches (perf stat
tracepoints: needs perf and root, else those columns are left out).

instructions.sh counts user-space instructions only. On loopback, sending an answer also runs the client's TCP
receive path on the sender's time, and a loop that sleeps is woken by a context switch: this shows that part.

Usage: kernel_share.py SERVICE_BIN MHD_SERVER_BIN [--connections N] [--seconds S] [--rounds R] [--format columns|tiles]
Every answer is checked first (200 of the expected size); a non-2xx answer or a socket error during a run stops it.
"""
import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

SPEC = {"layout": "flow", "collectionView": {"width": 1000, "height": 1600},
        "itemSize": {"width": 100, "height": 100}, "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
        "sections": [{"items": 1000000}]}
TOP = 10998400  # content height less the view's
EVENTS = {"syscalls": "raw_syscalls:sys_enter", "poll": "syscalls:sys_enter_poll",
          "epoll_wait": "syscalls:sys_enter_epoll_wait", "context switches": "context-switches"}

ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ap.add_argument("service_bin")
ap.add_argument("mhd_bin")
ap.add_argument("--connections", type=int, default=32)
ap.add_argument("--seconds", type=int, default=4)
ap.add_argument("--rounds", type=int, default=3)
ap.add_argument("--format", choices=["full", "columns", "tiles"], default="full")
args = ap.parse_args()
args.service_bin, args.mhd_bin = os.path.abspath(args.service_bin), os.path.abspath(args.mhd_bin)
if shutil.which("wrk") is None:
    sys.exit("wrk is missing (apt-get install wrk)")
perf = shutil.which("perf") is not None and os.geteuid() == 0
work = tempfile.mkdtemp(prefix="kernel-share.")


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start(cmd):
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=work)


def fetch(url, data=None):
    headers = {"Content-Type": "application/json"} if data else {}
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=30) as r:
        return r.status, r.read()


def wait_until_up(url):
    for _ in range(300):
        try:
            return fetch(url)
        except OSError:
            time.sleep(0.1)
    sys.exit("did not start: " + url)


def cpu_ticks(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return int(fields[11]), int(fields[12])  # utime, stime


def measure(name, pid, base, path_lua):
    """One wrk run; figures per answered request."""
    script = os.path.join(work, name + ".lua")
    open(script, "w").write("request = function()\n  return wrk.format(\"GET\", %s)\nend\n" % path_lua)
    counters = None
    if perf:
        out = os.path.join(work, name + ".perf")
        counters = subprocess.Popen(["perf", "stat", "-x", ",", "-o", out, "-p", str(pid),
                                     "-e", ",".join(EVENTS.values()), "--", "sleep", str(args.seconds + 0.5)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.2)
    u0, s0 = cpu_ticks(pid)
    text = subprocess.run(["wrk", "-t1", "-c%d" % args.connections, "-d%ds" % args.seconds, "-s", script, base],
                          capture_output=True, text=True).stdout
    u1, s1 = cpu_ticks(pid)
    if "Non-2xx" in text or "Socket errors" in text:
        sys.exit("%s: a non-2xx answer or a socket error during the run:\n%s" % (name, text))
    n = int(re.search(r"(\d+) requests in", text).group(1))
    tick = os.sysconf("SC_CLK_TCK")
    row = {"req/s": float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)),
           "user us": (u1 - u0) * 1e6 / tick / n, "system us": (s1 - s0) * 1e6 / tick / n}
    if counters:
        counters.wait()
        values = {}
        for line in open(os.path.join(work, name + ".perf")):
            parts = line.strip().split(",")
            if len(parts) > 2 and parts[0].replace(".", "").isdigit():
                values[parts[2]] = float(parts[0])
        for label, event in EVENTS.items():
            row[label] = values.get(event, 0) / n
    return row


svc_port, c_port = free_port(), free_port()
os.makedirs(work + "/www")
for name, size in (("body_10k.json", 10000), ("body_200.json", 200)):  # mhd_server.c's other modes read them
    open(work + "/www/" + name, "w").write("[" + " " * (size - 2) + "]")
servers = [start([args.service_bin, "--host", "127.0.0.1", "--port", str(svc_port), "--store", "memory"]),
           start([args.mhd_bin, str(c_port), work + "/www", "query"])]
try:
    wait_until_up("http://127.0.0.1:%d/healthz" % svc_port)
    svc = "http://127.0.0.1:%d" % svc_port
    summary = json.loads(fetch(svc + "/v1/layouts", json.dumps(SPEC).encode())[1])
    layout = "/v1/layouts/" + summary["id"]
    rect = '"%s/attributes?rect=0," .. math.random(0, %d) .. ",1000,1600%s"' % (
        layout, TOP, "&format=columns" if args.format == "columns" else "")
    svc_path = '"%s/tiles/" .. math.random(0, 199)' % layout if args.format == "tiles" else rect
    c_path = '"/q?y=" .. math.random(0, %d)' % TOP
    wait_until_up("http://127.0.0.1:%d/q?y=0" % c_port)
    # every answer checked before timing: 200 and a body
    sizes = []
    for url in (svc + layout + ("/tiles/100" if args.format == "tiles" else "/attributes?rect=0,5000,1000,1600"
                                + ("&format=columns" if args.format == "columns" else "")),
                "http://127.0.0.1:%d/q?y=5000" % c_port):
        status, body = fetch(url)
        if status != 200 or len(body) < 100:
            sys.exit("broken baseline: %s answered %d with %d bytes" % (url, status, len(body)))
        sizes.append(len(body))
    print("answers: service %d B (%s), C server %d B" % (sizes[0], args.format, sizes[1]))
    rows = {"service": [], "C+MHD": []}
    for r in range(args.rounds):
        order = [("service", servers[0].pid, svc, svc_path), ("C+MHD", servers[1].pid,
                                                                "http://127.0.0.1:%d" % c_port, c_path)]
        for name, pid, base, path in (order if r % 2 == 0 else order[::-1]):
            rows[name].append(measure(name.replace("+", ""), pid, base + "/", path))
    print("per answered request, medians of %d rounds (wrk -t1 -c%d, %d s, %s)%s:" % (
        args.rounds, args.connections, args.seconds, args.format, "" if perf else "; no perf: no counts"))
    for name, runs in rows.items():
        medians = {k: statistics.median(x[k] for x in runs) for k in runs[0]}
        print("  %-8s " % name + "  ".join(("%s %.0f" if k == "req/s" else "%s %.3g") % (k, v)
                                           for k, v in medians.items()))
    print("RESULT " + json.dumps({name: {k: round(statistics.median(x[k] for x in runs), 3) for k in runs[0]}
                                  for name, runs in rows.items()}))
finally:
    for p in servers:
        p.terminate()
        p.wait()
    shutil.rmtree(work, ignore_errors=True)
