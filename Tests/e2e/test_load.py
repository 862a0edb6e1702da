"""Load on a real socket (wrk from Debian, loopback, bounded): no errors while the cache evicts, metrics that move
as the load did, and SIGTERM in the middle of it."""
import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
import urllib.request

import pytest


def need_wrk():
    if shutil.which("wrk") is None:
        if os.environ.get("CI"):
            pytest.fail("wrk is not installed (apt-get install wrk)")
        pytest.skip("wrk is not installed (apt-get install wrk)")


def post(url, spec):
    request = urllib.request.Request(url + "/v1/layouts", data=json.dumps(spec).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=10) as r:
        return json.load(r)["id"]


def metric(text, series):
    for line in text.splitlines():
        if line.startswith(series + " "):
            return float(line.split(" ")[1])
    return 0.0


def script_over(paths):
    """A wrk script requesting the paths in turn."""
    f = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    f.write("paths = {%s}\ni = 0\nrequest = function()\n  i = i %% #paths + 1\n"
            "  return wrk.format(\"GET\", paths[i])\nend\n" % ", ".join('"%s"' % p for p in paths))
    f.close()
    return f.name


def run_wrk(url, script, seconds, connections=16):
    return subprocess.Popen(["wrk", "-t2", "-c%d" % connections, "-d%ds" % seconds, "-s", script, url],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def requests_of(report):
    m = re.search(r"(\d+) requests in", report)
    return int(m.group(1)) if m else 0


def settled_metrics(url, route):
    """The exposition once the requests wrk left behind as it stopped are recorded: a request is counted after its
    answer is sent (its count, then its duration), so a scrape at that moment may see one without the other."""
    deadline = time.monotonic() + 5
    while True:
        with urllib.request.urlopen(url + "/metrics") as r:
            text = r.read().decode()
        total = metric(text, "http_requests_total" + route)
        if metric(text, "http_request_duration_seconds_count" + route) == total or time.monotonic() > deadline:
            return text
        time.sleep(0.05)


def test_no_errors_while_the_cache_evicts_and_metrics_follow(start):
    need_wrk()
    # 24 layouts of 2,000 per-item sizes (~66 KB prepared each) in a 400 KB cache: most requests evict.
    s = start("--store", "memory", "--cache-bytes", "400000", "--log-level", "warning")
    ids = [post(s.url, {"layout": "flow", "collectionView": {"width": 390, "height": 844},
                        "sections": [{"itemSizes": [[30 + (i + k) % 50, 30] for i in range(2000)]}]})
           for k in range(24)]
    paths = ["/v1/layouts/%s/attributes?rect=0,%d,390,844" % (layout_id, 100 * k) for k, layout_id in enumerate(ids)]
    wrk = run_wrk(s.url, script_over(paths), 3)
    report, _ = wrk.communicate(timeout=60)
    assert wrk.returncode == 0, report
    assert "Non-2xx" not in report and "Socket errors" not in report, report
    served = requests_of(report)
    assert served > 500, report
    route = '{method="GET",route="/v1/layouts/{id}/attributes",status="200"}'
    text = settled_metrics(s.url, route)
    # wrk counts the answers it read to the end; a few more may have been answered as it stopped.
    assert served <= metric(text, "http_requests_total" + route) <= served + 64
    assert metric(text, "http_request_duration_seconds_count" + route) == metric(text, "http_requests_total" + route)
    assert metric(text, "layout_cache_evictions_total") > 100
    # Every miss prepares once (a preparation still running as wrk stopped is counted as a miss already).
    prepares, misses = metric(text, "layout_prepares_total"), metric(text, "layout_cache_misses_total")
    assert 100 < prepares <= misses <= prepares + 16
    assert metric(text, "layout_cache_bytes") <= 400000
    assert metric(text, "layout_specs") == 24


def test_sigterm_under_load_fails_no_request_and_exits_0(start):
    need_wrk()
    s = start("--store", "memory", "--log-level", "notice", "--drain-seconds", "5")
    layout_id = post(s.url, {"layout": "flow", "collectionView": {"width": 390, "height": 844},
                             "itemSize": {"width": 50, "height": 50}, "sections": [{"items": 100000}]})
    wrk = run_wrk(s.url, script_over(["/v1/layouts/%s/attributes?rect=0,%d,390,844" % (layout_id, y)
                                      for y in range(0, 400000, 9973)]), 4)
    import time
    time.sleep(1.5)
    s.proc.send_signal(signal.SIGTERM)
    assert s.proc.wait(15) == 0
    report, _ = wrk.communicate(timeout=60)
    # Every answer wrk read was a 2xx (no request was cut into an error); after the stop, new connections are
    # refused (connect errors), which is expected of a stopped service.
    assert "Non-2xx" not in report, report
    assert not re.search(r"timeout [1-9]", report), report
    assert requests_of(report) > 100, report
    assert "draining" in s.output() and "stopped" in s.output()
