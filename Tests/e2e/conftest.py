"""Process-level fixtures: the built layout-service binary, started on a free port."""
import os
import socket
import subprocess
import tempfile
import time

import pytest

BIN = os.environ.get("LAYOUT_SERVICE_BIN", ".build/debug/layout-service")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Service:
    """The service on a free port, with its own data directory (or `data_dir`, to restart over the same one)."""

    def __init__(self, *args, env=None, data_dir=None):
        self.port = free_port()
        self.data_dir = data_dir or tempfile.mkdtemp(prefix="layout-service-")
        environment = dict(os.environ, **(env or {}))
        # The log (a line per request) goes to a file: a pipe nobody reads would fill and block the service.
        self.log_path = os.path.join(tempfile.mkdtemp(prefix="layout-service-log-"), "service.log")
        self.log = open(self.log_path, "wb")
        self.proc = subprocess.Popen([BIN, "--host", "127.0.0.1", "--port", str(self.port),
                                      "--data-dir", self.data_dir, *args],
                                     stdout=self.log, stderr=subprocess.STDOUT, env=environment)
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


@pytest.fixture
def service():
    s = Service()
    yield s
    s.stop()


@pytest.fixture
def start():
    started = []

    def make(*args, env=None, data_dir=None):
        s = Service(*args, env=env, data_dir=data_dir)
        started.append(s)
        return s

    yield make
    for s in started:
        s.stop()
