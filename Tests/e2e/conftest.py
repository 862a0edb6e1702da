"""Process-level fixtures: the built layout-service binary, started on a free port."""
import os
import socket
import subprocess
import tempfile
import time

import pytest

BIN = os.environ.get("LAYOUT_SERVICE_BIN", ".build/debug/layout-service")
# A release build, for the tests whose load a debug build takes minutes over (scripts/test builds one for the
# instruction check); the debug one otherwise.
RELEASE_BIN = os.environ.get("LAYOUT_SERVICE_RELEASE_BIN", BIN)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Service:
    """The service on a free port, with its own data directory (or `data_dir`, to restart over the same one);
    `preexec` runs in the child before it starts (to set its resource limits)."""

    def __init__(self, *args, env=None, data_dir=None, preexec=None, binary=None):
        self.port = free_port()
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="layout-service-")
        # SIGTERM closes the listener at once unless a test asks for the accept window (--drain-accept-seconds).
        environment = {"LAYOUT_SERVICE_DRAIN_ACCEPT_SECONDS": "0", **os.environ, **(env or {})}
        # The log (a line per request) goes to a file: a pipe nobody reads would fill and block the service.
        self.log_path = os.path.join(tempfile.mkdtemp(prefix="layout-service-log-"), "service.log")
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen([binary or BIN, "--host", "127.0.0.1", "--port", str(self.port),
                                      "--data-dir", self.data_dir, *args],
                                     stdout=self.log, stderr=subprocess.STDOUT, env=environment,
                                     preexec_fn=preexec)
        deadline = time.time() + 15
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError("service exited: %s" % self.output())
                time.sleep(0.05)
        raise RuntimeError("service did not start")

    def output(self):
        """What the service has logged so far."""
        with open(self.log_path, "rb") as f:
            return f.read().decode()

    def wait_for_output(self, text, seconds=5):
        """Whether `text` is logged within `seconds`."""
        deadline = time.time() + seconds
        while text not in self.output():
            if time.time() > deadline:
                return False
            time.sleep(0.05)
        return True

    @property
    def url(self):
        return "http://127.0.0.1:%d" % self.port

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def post_layout(url, body, timeout=20, path="/v1/layouts", content_type="application/json"):
    """POST `path` (/v1/layouts unless told) with `body` (bytes, or an object written as JSON) of `content_type`:
    (status, JSON answer, headers), for any status."""
    import json
    import urllib.error
    import urllib.request
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url + path, data=data, method="POST", headers={"Content-Type": content_type})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as r:
            return r.status, json.load(r), r.headers
    except urllib.error.HTTPError as e:
        return e.code, json.load(e), e.headers


def kill_during_a_burst_of_posts(service, spec_of, seconds=1.0, workers=4):
    """Four threads POST `spec_of(worker, n)` (n = 1, 2, ...) to `service` until it is SIGKILLed after `seconds`.
    Returns the (id, n) of every POST answered 201 before the kill."""
    import json
    import threading
    import urllib.request
    accepted, stop = [], threading.Event()

    def burst(worker):
        n = 0
        while not stop.is_set():
            n += 1
            request = urllib.request.Request(service.url + "/v1/layouts", data=json.dumps(spec_of(worker, n)).encode(),
                                             method="POST")
            try:
                with urllib.request.urlopen(request, timeout=5) as r:
                    if r.status == 201:
                        accepted.append((json.load(r)["id"], n))
            except Exception:
                return  # the process is gone

    threads = [threading.Thread(target=burst, args=(w,)) for w in range(workers)]
    for t in threads:
        t.start()
    time.sleep(seconds)
    service.proc.kill()  # SIGKILL: no drain, no flush
    service.proc.wait(10)
    stop.set()
    for t in threads:
        t.join(10)
    return accepted


@pytest.fixture
def service():
    s = Service()
    yield s
    s.stop()


@pytest.fixture
def start():
    started = []

    def make(*args, env=None, data_dir=None, preexec=None, binary=None):
        s = Service(*args, env=env, data_dir=data_dir, preexec=preexec, binary=binary)
        started.append(s)
        return s

    yield make
    for s in started:
        s.stop()
