"""The service as a process: signals, flags, environment, healthcheck, conformance over HTTP."""
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

from conftest import BIN, free_port, kill_during_a_burst_of_posts

SPEC = json.dumps({"layout": "flow", "collectionView": {"width": 320, "height": 480},
                   "itemSize": {"width": 100, "height": 50}, "sections": [{"items": 7}]}).encode()
HERE = os.path.dirname(os.path.abspath(__file__))
CHECKER = os.path.join(HERE, "check_conformance.py")
FIXTURES = os.path.join(HERE, "..", "Fixtures", "flow-cases.json")


def read_response(sock):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    while len(body) < length:
        body += sock.recv(65536)
    return int(head.split(b" ")[1]), head.decode(), body


def test_sigterm_finishes_the_request_in_flight_and_exits_0(service):
    idle = socket.create_connection(("127.0.0.1", service.port))  # a keep-alive connection, open before the signal
    idle.sendall(b"GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert read_response(idle)[0] == 200
    sock = socket.create_connection(("127.0.0.1", service.port))
    sock.sendall(b"POST /v1/layouts HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(SPEC) + SPEC[:10])
    time.sleep(0.2)
    service.proc.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    assert service.proc.poll() is None, "exited with a request in flight"
    try:
        socket.create_connection(("127.0.0.1", service.port), timeout=1).close()
        refused = False
    except OSError:
        refused = True
    assert refused, "still accepting connections while draining"
    idle.sendall(b"GET /readyz HTTP/1.1\r\nHost: x\r\n\r\n")
    assert read_response(idle)[0] == 503  # not ready while draining
    sock.sendall(SPEC[10:])
    status, head, body = read_response(sock)
    assert status == 201, (status, body)
    assert json.loads(body)["id"]
    assert service.proc.wait(10) == 0
    output = service.output()
    assert "draining" in output and "stopped" in output


def test_sigterm_with_posts_in_the_queue_exits_0_and_answers_each(start):
    """POSTs run one at a time here; at the signal, those waiting are refused (503 with Retry-After) rather than
    waited for, and those handled on the offload pool are finished even past --drain-seconds: libmicrohttpd aborts
    the process when a daemon stops with a connection suspended (it did, with exit -6, before)."""
    import threading
    s = start("--store", "memory", "--drain-seconds", "0", "--max-post-bytes-in-flight", "1",
              "--post-queue-seconds", "60")
    sizes = b",[100,80]" * 999_999  # a million per-item sizes: parsed and prepared in about 0.1 s
    answers, first = [], threading.Event()

    def post(i):
        body = b'{"layout":"flow","collectionView":{"width":1000,"height":1600},"sections":[{"itemSizes":[[%d,80]%s]}]}' % (
            100 + i, sizes)
        request = urllib.request.Request(s.url + "/v1/layouts", data=body, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=60) as r:
                answers.append((r.status, None))
        except urllib.error.HTTPError as e:
            answers.append((e.code, e.headers.get("Retry-After")))
        except OSError as e:
            answers.append((type(e).__name__, None))
        first.set()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    assert first.wait(60)
    s.proc.send_signal(signal.SIGTERM)
    assert s.proc.wait(30) == 0, s.output()[-2000:]
    for t in threads:
        t.join(30)
    assert len(answers) == 8 and all(a in ((201, None), (503, "1")) for a in answers), answers
    assert (503, "1") in answers, answers  # some were still waiting at the signal


def test_sigint_on_an_idle_service_exits_0(service):
    service.proc.send_signal(signal.SIGINT)
    assert service.proc.wait(10) == 0


def test_help_lists_every_option_with_its_variable():
    out = subprocess.run([BIN, "--help"], capture_output=True, text=True).stdout
    for flag, variable in [("--host", "HOST"), ("--port", "PORT"), ("--threads", "THREADS"),
                           ("--cache-bytes", "CACHE_BYTES"), ("--max-body-bytes", "MAX_BODY_BYTES"),
                           ("--max-items", "MAX_ITEMS"), ("--max-sections", "MAX_SECTIONS"),
                           ("--max-text-length", "MAX_TEXT_LENGTH"),
                           ("--max-elements", "MAX_ELEMENTS"), ("--max-connections", "MAX_CONNECTIONS"),
                           ("--max-connections-per-ip", "MAX_CONNECTIONS_PER_IP"),
                           ("--connection-timeout", "CONNECTION_TIMEOUT"), ("--drain-seconds", "DRAIN_SECONDS"),
                           ("--connection-memory-bytes", "CONNECTION_MEMORY_BYTES"), ("--cors-origins", "CORS_ORIGINS"),
                           ("--store", "STORE"), ("--data-dir", "DATA_DIR"),
                           ("--body-rate-window", "BODY_RATE_WINDOW"), ("--body-timeout", "BODY_TIMEOUT"),
                           ("--drain-accept-seconds", "DRAIN_ACCEPT_SECONDS")]:
        assert flag in out, flag
        assert "LAYOUT_SERVICE_" + variable in out, variable
    assert "healthcheck" in out


def test_environment_variables_configure_the_service(start):
    s = start(env={"LAYOUT_SERVICE_MAX_ITEMS": "5"})
    spec = json.dumps({"layout": "flow", "collectionView": {"width": 1, "height": 1},
                       "sections": [{"items": 6}]}).encode()
    req = urllib.request.Request(s.url + "/v1/layouts", data=spec, method="POST")
    try:
        urllib.request.urlopen(req)
        raise AssertionError("accepted 6 items with a limit of 5")
    except urllib.error.HTTPError as e:
        assert e.code == 422
        assert json.loads(e.read())["pointer"] == "/sections/0/items"


def test_the_default_event_loops_are_the_processors_it_may_use(start):
    """Started on one CPU (as `taskset -c 0` or a container's cpuset would), the service runs one event loop: two
    would take turns on it by the scheduler's time slices."""
    saved = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(saved)})  # the child inherits it
    try:
        s = start()
    finally:
        os.sched_setaffinity(0, saved)
    s.wait_for_output("threads=")
    assert "threads=1" in s.output(), s.output()
    task = "/proc/%d/task" % s.proc.pid
    names = [open(os.path.join(task, t, "comm")).read().strip() for t in os.listdir(task)]
    assert sorted(n for n in names if n.startswith("http-loop")) == ["http-loop-0"], names


def test_bad_options_are_refused():
    for args, env in [(["--port", "70000"], {}), (["--threads", "-1"], {}), ([], {"LAYOUT_SERVICE_PORT": "x"}),
                      (["--body-rate-window", "0"], {}), (["--body-timeout", "-1"], {}),
                      ([], {"LAYOUT_SERVICE_DRAIN_ACCEPT_SECONDS": "-1"})]:
        r = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=10,
                           env=dict(os.environ, **env))
        assert r.returncode != 0, args
        assert r.stderr.strip() or r.stdout.strip()


def test_healthcheck_command(service):
    assert subprocess.run([BIN, "healthcheck", "--port", str(service.port)], timeout=10).returncode == 0
    assert subprocess.run([BIN, "healthcheck", "--port", str(free_port())], capture_output=True,
                          timeout=10).returncode == 1


def test_conformance_with_the_checker(service):
    """Tests/e2e/check_conformance.py: every case of Tests/Fixtures/flow-cases.json over HTTP."""
    cases = FIXTURES
    r = subprocess.run([sys.executable, CHECKER, service.url, cases], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "cases match" in r.stdout


def test_ids_survive_a_kill_in_the_middle_of_a_burst_of_posts(start):
    """Every POST answered 201 before a SIGKILL is served by the restarted process (the spec was stored first)."""
    first = start()
    accepted = kill_during_a_burst_of_posts(first, lambda worker, n: {
        "layout": "flow", "collectionView": {"width": 300 + worker, "height": 400}, "sections": [{"items": n}]})
    assert len(accepted) > 20, len(accepted)
    second = start(data_dir=first.data_dir)
    for layout_id, n in accepted:
        with urllib.request.urlopen("%s/v1/layouts/%s" % (second.url, layout_id)) as r:
            assert json.load(r)["items"] == n


def test_memory_store_forgets_on_restart(start):
    first = start("--store", "memory")
    spec = json.dumps({"layout": "flow", "collectionView": {"width": 10, "height": 10}, "sections": [{"items": 1}]}).encode()
    layout_id = json.load(urllib.request.urlopen(urllib.request.Request(first.url + "/v1/layouts", data=spec, method="POST")))["id"]
    first.stop()
    second = start("--store", "memory", data_dir=first.data_dir)
    try:
        urllib.request.urlopen("%s/v1/layouts/%s" % (second.url, layout_id))
        raise AssertionError("a memory store remembered")
    except urllib.error.HTTPError as e:
        assert e.code == 404


def test_gzip_request_id_and_a_log_line_over_the_socket(start):
    import gzip
    s = start("--store", "memory")
    spec = json.dumps({"layout": "flow", "collectionView": {"width": 390, "height": 844},
                       "itemSize": {"width": 40, "height": 40}, "sections": [{"items": 5000}]}).encode()
    layout_id = json.load(urllib.request.urlopen(urllib.request.Request(s.url + "/v1/layouts", data=spec, method="POST")))["id"]
    path = "/v1/layouts/%s/attributes?rect=0,0,390,844" % layout_id
    plain = urllib.request.urlopen(s.url + path).read()
    request = urllib.request.Request(s.url + path, headers={"Accept-Encoding": "gzip", "X-Request-Id": "trace-me-1"})
    with urllib.request.urlopen(request) as r:
        assert r.headers["Content-Encoding"] == "gzip" and r.headers["Vary"] == "Accept-Encoding"
        assert r.headers["X-Request-Id"] == "trace-me-1"
        zipped = r.read()
    assert len(zipped) < len(plain) / 4 and gzip.decompress(zipped) == plain
    time.sleep(0.2)
    lines = [line for line in s.output().splitlines() if "id=trace-me-1" in line]
    assert len(lines) == 1 and "route=/v1/layouts/{id}/attributes" in lines[0] and "status=200" in lines[0]


def test_answers_made_off_the_event_loop_after_a_restart(start):
    """After a restart the layouts are only in the store: a GET reads and prepares one off the event loop
    (HTTPResponse.offLoop), and its answer goes through every layer as any other: gzip, the request id, the log
    line, the metrics; a tile likewise; a revalidation is a 304 without preparing."""
    import gzip
    first = start()
    spec = json.dumps({"layout": "flow", "collectionView": {"width": 390, "height": 844},
                       "itemSize": {"width": 40, "height": 40}, "sections": [{"items": 5000}]}).encode()
    layout_id = json.load(urllib.request.urlopen(urllib.request.Request(first.url + "/v1/layouts", data=spec, method="POST")))["id"]
    path = "/v1/layouts/%s/attributes?rect=0,0,390,844" % layout_id
    with urllib.request.urlopen(first.url + path) as r:
        plain, tag = r.read(), r.headers["ETag"]
    tile = urllib.request.urlopen("%s/v1/layouts/%s/tiles/1" % (first.url, layout_id)).read()
    first.stop()

    second = start(data_dir=first.data_dir)

    def prepares():
        metrics = urllib.request.urlopen(second.url + "/metrics").read().decode()
        return int(next(line.split()[1] for line in metrics.splitlines() if line.startswith("layout_prepares_total ")))

    revalidation = urllib.request.Request(second.url + path, headers={"If-None-Match": tag})
    try:
        urllib.request.urlopen(revalidation)
        raise AssertionError("no 304")
    except urllib.error.HTTPError as e:
        assert e.code == 304 and e.headers["ETag"] == tag
    assert prepares() == 0  # the store was read for the id, and nothing prepared
    request = urllib.request.Request(second.url + path, headers={"Accept-Encoding": "gzip", "X-Request-Id": "restarted-1"})
    with urllib.request.urlopen(request) as r:
        assert r.headers["Content-Encoding"] == "gzip" and r.headers["ETag"] == "W/" + tag
        assert r.headers["X-Request-Id"] == "restarted-1" and r.headers["Access-Control-Allow-Origin"] == "*"
        assert gzip.decompress(r.read()) == plain
    assert urllib.request.urlopen("%s/v1/layouts/%s/tiles/1" % (second.url, layout_id)).read() == tile
    metrics = urllib.request.urlopen(second.url + "/metrics").read().decode()
    assert "layout_prepares_total 1\n" in metrics  # the GET prepared it; the tile used it
    assert 'http_requests_total{method="GET",route="/v1/layouts/{id}/attributes",status="200"} 1\n' in metrics
    assert 'status="0"' not in metrics
    time.sleep(0.2)
    lines = [line for line in second.output().splitlines() if "id=restarted-1" in line]
    assert len(lines) == 1 and "route=/v1/layouts/{id}/attributes" in lines[0] and "status=200" in lines[0]
