"""Out of file descriptors (its RLIMIT_NOFILE reached), the service cannot accept: its event loops then wait for a
descriptor to free (a connection to close, the limit to rise) instead of spinning on the ready listen socket, and
take the waiting connections then (`EventLoop.prepareWait` in Sources/MicroHTTPServer/EventLoop.swift)."""
import os
import resource
import socket
import time

import pytest


def open_descriptors(pid):
    """The process's descriptors and what each points at; one that closes while being read is left out."""
    fds = {}
    for fd in os.listdir("/proc/%d/fd" % pid):
        try:
            fds[int(fd)] = os.readlink("/proc/%d/fd/%s" % (pid, fd))
        except FileNotFoundError:
            pass
    return fds


def lowest_free_descriptor(pid):
    """Once the service holds no socket but its listen socket (the fixture's probe of the port is closed)."""
    deadline = time.time() + 5
    while True:
        fds = open_descriptors(pid)
        if sum(link.startswith("socket:") for link in fds.values()) == 1 or time.time() > deadline:
            return next(n for n in range(len(fds) + 1) if n not in fds)
        time.sleep(0.05)


def limit_descriptors(service, soft):
    """Sets the running service's soft RLIMIT_NOFILE: a new descriptor must be numbered below `soft`."""
    _, hard = resource.prlimit(service.proc.pid, resource.RLIMIT_NOFILE)
    resource.prlimit(service.proc.pid, resource.RLIMIT_NOFILE, (soft, hard))


def cpu_seconds(pid):
    fields = open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_over(pid, seconds):
    before = cpu_seconds(pid)
    time.sleep(seconds)
    return cpu_seconds(pid) - before


def ask_health(sock):
    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")


def answered(sock, timeout):
    sock.settimeout(timeout)
    try:
        return sock.recv(64).startswith(b"HTTP/1.1 200")
    except OSError:
        return False


@pytest.mark.parametrize("threads", ["1", "2"])
def test_at_the_limit_with_connections_open_the_loops_wait_for_one_to_close(start, threads):
    s = start("--store", "memory", "--threads", threads)
    limit_descriptors(s, lowest_free_descriptor(s.proc.pid) + 12)  # room for 12 connections
    connections = [socket.create_connection(("127.0.0.1", s.port), timeout=5) for _ in range(13)]
    try:
        for c in connections[:12]:  # the ones accepted answer as ever
            ask_health(c)
            assert answered(c, 5)
        time.sleep(0.3)
        # the 13th waits in the backlog: the listen socket stays ready, and nothing can be accepted
        assert cpu_over(s.proc.pid, 1.5) < 0.3
        waiting = connections[-1]
        ask_health(waiting)
        assert not answered(waiting, 0.3)
        connections[0].close()
        assert answered(waiting, 5)
    finally:
        for c in connections:
            c.close()


def test_at_the_limit_with_no_connection_the_loops_try_again_until_a_descriptor_frees(start):
    """libmicrohttpd alone would busy-wait here: with no connection of its own, it keeps the listen socket."""
    s = start("--store", "memory", "--threads", "2")
    free = lowest_free_descriptor(s.proc.pid)
    limit_descriptors(s, free)  # not one more descriptor
    waiting = socket.create_connection(("127.0.0.1", s.port), timeout=5)
    try:
        ask_health(waiting)
        assert not answered(waiting, 0.5)
        assert cpu_over(s.proc.pid, 1.5) < 0.3
        limit_descriptors(s, free + 64)
        assert answered(waiting, 2)
    finally:
        waiting.close()


def soft_descriptor_limit(pid):
    line = next(l for l in open("/proc/%d/limits" % pid) if l.startswith("Max open files"))
    return int(line.split()[3])


def logged_at_start(service, text):
    """Whether `text` was logged by the time the service says it is listening."""
    service.wait_for_output("listening")
    return text in service.output()


def test_the_soft_limit_is_raised_to_fit_max_connections(start):
    s = start("--store", "memory", "--threads", "2", "--max-connections", "1000",
              preexec=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (100, 4096)))
    assert soft_descriptor_limit(s.proc.pid) == 1000 + 32 + 3 * 2
    assert not logged_at_start(s, "descriptor limit"), s.output()


def test_a_hard_limit_below_max_connections_is_logged_at_start(start):
    s = start("--store", "memory", "--threads", "2", "--max-connections", "1000",
              preexec=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (100, 500)))
    assert soft_descriptor_limit(s.proc.pid) == 500
    assert logged_at_start(s, "level=warning msg=\"descriptor limit below --max-connections"), s.output()
    assert "needed=1038 nofile=500" in s.output(), s.output()
