#!/usr/bin/env python3
"""Small rect queries while other requests make the service prepare a large layout again, with and without the
work that would wait answered off the event loop (the default, against `--offload-body-bytes 0`, which runs it on
the loop). Prints each mode's latencies of the small queries (p50, p99, max), and how many of them and how many
preparations ran in the time.

Usage: python3 bench/prepare-stalls.py SERVICE_BIN [items] [seconds]
  e.g. python3 bench/prepare-stalls.py .build/release/layout-service 1000000 3

The large layout has `items` per-item sizes, and the layout cache (`--cache-bytes 1000000`) cannot keep it: each
of its GETs prepares it again (about 8 ms for 1,000,000 items on the 2-core machine of docs/performance.md). Two
threads GET it in a loop while the main thread times GETs of a 10-item layout, one after the other, for `seconds`. Every answer must be a 200,
or the run stops.
"""
import json
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url):
    with urllib.request.urlopen(url, timeout=30) as r:
        body = r.read()
        if r.status != 200:
            raise SystemExit("answered %d for %s" % (r.status, url))
        return body


def post(base, spec):
    request = urllib.request.Request(base + "/v1/layouts", data=json.dumps(spec).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=120) as r:
        if r.status not in (200, 201):
            raise SystemExit("POST answered %d" % r.status)
        return json.load(r)["id"]


def run(binary, extra, items, seconds):
    port = free_port()
    base = "http://127.0.0.1:%d" % port
    log = tempfile.TemporaryFile()
    proc = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), "--store", "memory",
                             "--cache-bytes", "1000000", *extra], stdout=log, stderr=subprocess.STDOUT)
    try:
        for _ in range(100):
            try:
                get(base + "/healthz")
                break
            except OSError:
                time.sleep(0.1)
        random.seed(1)
        sizes = [[random.randint(50, 150), random.randint(50, 150)] for _ in range(items)]
        big = post(base, {"layout": "flow", "collectionView": {"width": 1000, "height": 1600},
                          "sections": [{"itemSizes": sizes}]})
        small = post(base, {"layout": "flow", "collectionView": {"width": 1000, "height": 1600},
                            "itemSize": {"width": 100, "height": 100}, "sections": [{"items": 10}]})
        stop, failures = threading.Event(), []

        def prepare_again():
            while not stop.is_set():
                try:
                    get("%s/v1/layouts/%s/attributes?rect=0,0,1000,1600" % (base, big))
                except BaseException as e:  # a failed baseline stops the run
                    failures.append(e)
                    return

        threads = [threading.Thread(target=prepare_again) for _ in range(2)]
        for t in threads:
            t.start()
        latencies = []
        ends = time.perf_counter() + seconds
        try:
            while time.perf_counter() < ends:
                started = time.perf_counter()
                get("%s/v1/layouts/%s/attributes?rect=0,0,1000,1600" % (base, small))
                latencies.append(time.perf_counter() - started)
        finally:
            stop.set()
            for t in threads:
                t.join()
        if failures:
            raise SystemExit("a large layout's GET failed: %s" % failures[0])
        metrics = get(base + "/metrics").decode()
        prepares = next(int(float(l.split()[1])) for l in metrics.splitlines() if l.startswith("layout_prepares_total "))
        latencies.sort()
        pick = lambda q: latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000
        return pick(0.5), pick(0.99), latencies[-1] * 1000, len(latencies), prepares
    finally:
        proc.terminate()
        proc.wait(10)


def main():
    binary = sys.argv[1]
    items = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 3.0
    for name, extra in (("off the loop (default)", []), ("on the loop (--offload-body-bytes 0)", ["--offload-body-bytes", "0"])):
        p50, p99, worst, count, prepares = run(binary, extra, items, seconds)
        print("%-38s %5d small queries: p50 %6.2f ms  p99 %6.2f ms  max %6.2f ms; %4d preparations in %.0f s"
              % (name, count, p50, p99, worst, prepares, seconds), flush=True)


if __name__ == "__main__":
    main()
