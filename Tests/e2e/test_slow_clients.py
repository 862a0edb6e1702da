"""Slow clients cannot hold the door: request heads have a deadline of their own (--head-timeout), bodies a minimum
rate (--min-body-bytes-per-second over --body-rate-window); libmicrohttpd's --connection-timeout measures only
idleness."""
import re
import socket
import threading
import time
import urllib.request


def health_answered(service, timeout):
    """Whether a fresh client gets GET /healthz answered 200 within `timeout` seconds."""
    try:
        with urllib.request.urlopen(service.url + "/healthz", timeout=timeout) as r:
            return r.status == 200
    except Exception:
        return False


def metric(service, name, labels):
    with urllib.request.urlopen(service.url + "/metrics", timeout=5) as r:
        text = r.read().decode()
    m = re.search(r"^%s\{%s\} (\d+)" % (re.escape(name), re.escape(labels)), text, re.M)
    return int(m.group(1)) if m else 0


class Trickler:
    """An attacker: `count` connections, each sending a request head one header line every `every` seconds and
    reconnecting whenever the server closes it, until stopped."""

    def __init__(self, service, count, every):
        self.service, self.every, self.stop = service, every, threading.Event()
        self.closed_by_server = 0
        self.answers = []
        self.threads = [threading.Thread(target=self.run, daemon=True) for _ in range(count)]
        for t in self.threads:
            t.start()

    def run(self):
        while not self.stop.is_set():
            try:
                s = socket.create_connection(("127.0.0.1", self.service.port), timeout=30)
            except OSError:
                self.stop.wait(0.2)
                continue
            try:
                s.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                n = 0
                while not self.stop.is_set():
                    s.settimeout(self.every)
                    try:
                        data = s.recv(4096)
                        if data:
                            self.answers.append(data)
                        self.closed_by_server += 1
                        break  # the server answered (a 408) or closed: come back, as an attacker would
                    except socket.timeout:
                        n += 1
                        s.sendall(b"X-Slow-%d: %s\r\n" % (n, b"a" * 20))
            except OSError:
                self.closed_by_server += 1
            finally:
                s.close()

    def end(self):
        self.stop.set()
        for t in self.threads:
            t.join(40)


def test_slow_heads_do_not_lock_others_out(start):
    head_timeout = 2.0
    service = start("--store", "memory", "--max-connections", "64", "--head-timeout", str(head_timeout),
                    "--connection-timeout", "30")
    began = time.time()
    attack = Trickler(service, count=70, every=5)
    try:
        time.sleep(0.5)  # every slot taken, the rest of the attackers waiting in the backlog
        # At most a second after the head deadline, a fresh client is answered again...
        while not health_answered(service, timeout=0.5):
            assert time.time() - began < head_timeout + 1.0, "locked out past the head deadline"
        # ...and from then on, throughout the attack (which reconnects as fast as it is closed).
        until = time.time() + 3 * head_timeout
        while time.time() < until:
            t0 = time.time()
            assert health_answered(service, timeout=2), "a fresh client was locked out during the attack"
            assert time.time() - t0 < 2
            time.sleep(0.2)
        assert attack.closed_by_server >= 64
        assert any(a.startswith(b"HTTP/1.1 408") for a in attack.answers)
    finally:
        attack.end()
    assert metric(service, "http_slow_clients_closed_total", 'phase="head"') >= 64


def test_a_lone_slow_head_is_cut_at_its_deadline(start):
    """Without pressure (one slow client, 1024 connections allowed) the head deadline itself applies: not earlier,
    and at most a check (0.1 s) later."""
    service = start("--store", "memory", "--head-timeout", "2")
    s = socket.create_connection(("127.0.0.1", service.port), timeout=10)
    began = time.time()
    s.sendall(b"GET /healthz HTTP/1.1\r\n")
    s.settimeout(0.25)
    data = None
    for n in range(40):
        try:
            data = s.recv(4096)
            break
        except socket.timeout:
            s.sendall(b"X-Slow-%d: a\r\n" % n)
    took = time.time() - began
    s.close()
    assert data is not None and data.startswith(b"HTTP/1.1 408"), data
    assert b"application/problem+json" in data and b"--head-timeout" in data
    assert 1.9 <= took < 2.6, took


def test_a_trickled_body_is_cut_and_a_steady_one_is_not(start):
    service = start("--store", "memory", "--min-body-bytes-per-second", "1000", "--body-rate-window", "2")
    body = (b'{"layout":"flow","collectionView":{"width":390,"height":844},"sections":[{"itemSizes":['
            + b",".join([b"[10,10]"] * 400) + b"]}]}")
    # Steady: the whole body at once.
    s = socket.create_connection(("127.0.0.1", service.port), timeout=10)
    s.sendall(b"POST /v1/layouts HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
    assert s.recv(4096).startswith(b"HTTP/1.1 201")
    s.close()
    # Trickled: 10 bytes a second, a hundredth of the floor.
    s = socket.create_connection(("127.0.0.1", service.port), timeout=10)
    s.sendall(b"POST /v1/layouts HTTP/1.1\r\nHost: x\r\nContent-Length: %d\r\n\r\n" % len(body))
    began, answer = time.time(), b""
    for i in range(0, len(body), 10):
        try:
            s.sendall(body[i:i + 10])
        except OSError:
            break
        s.settimeout(1)
        try:
            answer = s.recv(4096)
            break
        except socket.timeout:
            pass
        assert time.time() - began < 8, "the trickled body was never cut"
    s.close()
    assert answer.startswith(b"HTTP/1.1 408") or answer == b""
    assert time.time() - began < 8
    assert metric(service, "http_slow_clients_closed_total", 'phase="body"') == 1


def test_idle_keep_alive_outlives_the_head_timeout(start):
    """The head deadline is no idleness timeout: a keep-alive connection that waits quietly is kept."""
    service = start("--store", "memory", "--head-timeout", "1", "--connection-timeout", "30")
    s = socket.create_connection(("127.0.0.1", service.port), timeout=10)
    request = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
    s.sendall(request)
    assert s.recv(4096).startswith(b"HTTP/1.1 200")
    time.sleep(2.5)
    s.sendall(request)
    assert s.recv(4096).startswith(b"HTTP/1.1 200")
    # A next head begun a little later and trickled is cut at its own deadline (a second from its start, and
    # the guard looks ten times a second).
    time.sleep(0.3)
    began = time.time()
    s.sendall(b"GET /healthz HTTP/1.1\r\n")
    s.settimeout(0.5)
    data = None
    for n in range(10):
        try:
            data = s.recv(4096)
            break
        except socket.timeout:
            s.sendall(b"X-Slow-%d: a\r\n" % n)
    assert data is not None and (data == b"" or data.startswith(b"HTTP/1.1 408"))
    assert time.time() - began < 2.5
    s.close()
