#!/usr/bin/env python3
"""The POST of 1,000,000 posted frames, end to end: the time from sending the request to reading the whole answer,
on one keep-alive connection, for five distinct specs (the view's width differs, so each is decoded, hashed,
stored and prepared). Prints the body's size, each time and the median, and the service's processor time a POST
(user + system, from /proc: what the POST costs on a machine shared with other work). Then five batches on the last
layout, each inserting 1 frame and moving 10 with new frames (`POST .../updates`, the same figures). With `--write-spec FILE` it writes the
frames of the scene of bench/instructions.sh instead (the flow layout of 1,000,000 items 100x100, spacing 10,
1000 wide, as frames), for `SPEC_FILE=FILE bench/instructions.sh ...`, and exits.

Usage: python3 bench/post-frames.py SERVICE_BIN [--store memory|sqlite] [--frames N]
       python3 bench/post-frames.py --write-spec FILE

The frames are a three-column feed: columns 0, 130 and 260 wide 120, each item 100 to 300 tall (whole points)
under the shortest column, 10 apart.
"""
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_ms(pid):
    """The process's user and system time so far, ms (/proc/PID/stat, clock ticks of 10 ms)."""
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / os.sysconf("SC_CLK_TCK")


def feed(n):
    rng = random.Random(32)
    bottoms = [0, 0, 0]
    x, y, h = [], [], []
    for _ in range(n):
        c = bottoms.index(min(bottoms))
        height = rng.randint(100, 300)
        x.append(130 * c)
        y.append(bottoms[c])
        h.append(height)
        bottoms[c] += height + 10
    return {"x": x, "y": y, "width": [120] * n, "height": h}


def flow_scene():
    """The frames of bench/instructions.sh's flow layout: 9 items a row, justified (12.5 apart), rows 110 apart."""
    n = 1_000_000
    x = [(i % 9) * 112.5 for i in range(n)]
    y = [(i // 9) * 110 for i in range(n)]
    x[-1] = 0  # the last row holds one item, at the leading edge
    return {"x": x, "y": y, "width": [100] * n, "height": [100] * n}


def body(width, elements):
    return ('{"layout":"frames","collectionView":{"width":%d,"height":844},"elements":%s}'
            % (width, json.dumps(elements, separators=(",", ":")))).encode()


def posts(c, pid, requests):
    """POSTs each (path, body) in turn, each answered 201: their times and the service's processor times (ms), and
    the last answer."""
    times, cpu = [], []
    for path, b in requests:
        before = cpu_ms(pid)
        start = time.perf_counter()
        c.request("POST", path, body=b, headers={"Content-Type": "application/json"})
        r = c.getresponse()
        answer = r.read()
        times.append((time.perf_counter() - start) * 1000)
        cpu.append(cpu_ms(pid) - before)
        if r.status != 201:
            sys.exit("POST %s answered %d: %s" % (path, r.status, answer[:300]))
    return times, cpu, answer


def batch(n, k):
    """A frame inserted in the middle and ten moved with new frames; `k` varies the frames (a new layout each)."""
    ops = [{"op": "insertItems", "indexPaths": [[0, n // 2 + 5]], "frames": [[0, 1000 + k, 120, 100]]}]
    for j in range(10):
        ops.append({"op": "moveItem", "from": [0, n // 10 * j + 7], "to": [0, n // 10 * j + 3],
                    "frame": [260, 1000 + k + j, 120, 100]})
    return json.dumps({"updates": ops}).encode()


def main():
    if sys.argv[1] == "--write-spec":
        spec = body(1000, flow_scene()).replace(b'"height":844}', b'"height":1600}', 1)
        open(sys.argv[2], "wb").write(spec)
        return
    binary = sys.argv[1]
    store = sys.argv[sys.argv.index("--store") + 1] if "--store" in sys.argv else "memory"
    n = int(sys.argv[sys.argv.index("--frames") + 1]) if "--frames" in sys.argv else 1_000_000
    elements = feed(n)
    bodies = [body(390 + i, elements) for i in range(5)]
    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        service = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", str(port), "--store", store,
                                    "--data-dir", data, "--spec-memory-bytes", str(1 << 31)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    time.sleep(0.1)
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            times, cpu, answer = posts(c, service.pid, [("/v1/layouts", b) for b in bodies])
            summary = json.loads(answer)
            print("POST %d frames (%.1f MB, --store %s): %s ms; median %.0f ms; the service's processor time a "
                  "POST (user + system): median %.0f ms; items %d" % (
                      n, len(bodies[0]) / 1e6, store, ", ".join("%.0f" % t for t in times), statistics.median(times),
                      statistics.median(cpu), summary["items"]))
            path = "/v1/layouts/%s/updates" % summary["id"]
            times, cpu, _ = posts(c, service.pid, [(path, batch(n, k)) for k in range(5)])
            print("POST .../updates, 1 frame inserted and 10 moved: %s ms; median %.0f ms; processor time median "
                  "%.0f ms" % (", ".join("%.0f" % t for t in times), statistics.median(times), statistics.median(cpu)))
        finally:
            service.terminate()
            service.wait()


if __name__ == "__main__":
    main()
