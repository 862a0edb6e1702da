"""Control characters in the request target, on a raw socket against the service: a NUL (or another control
character) in the path, escaped or sent as it is, is a 400 `malformed-request` and closes the connection, where
libmicrohttpd alone would end the path at the NUL and answer `/healthz`, `/metrics` or the Inter font. Percent-escapes
elsewhere (a query's, a path's printable ones) are served as before."""
import json
import socket

import pytest


@pytest.fixture(scope="module")
def service():
    from conftest import Service
    s = Service("--store", "memory")
    yield s
    s.stop()


def exchange(port, target, seconds=5):
    """Sends a GET of `target` (bytes as they are) that asks to close, and reads the whole answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        answer = b""
        while True:
            chunk = s.recv(65536)
            if not chunk:
                return answer
            answer += chunk


def status_and_body(answer):
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split(b" ")[1]), head, body


REFUSED = [
    b"/healthz%00junk", b"/metrics%00.css", b"/v1/fonts/Inter/400%00/../../etc/passwd",
    b"/healthz%01", b"/healthz%7F", b"/metrics%0a", b"/healthz\x00junk", b"/metrics\x00.css", b"/healthz\x01",
    b"/healthz\x7f", b"/v1/fonts/Inter/400\x00/../../etc/passwd",
]


@pytest.mark.parametrize("target", REFUSED, ids=[t.decode("latin-1").encode("unicode_escape").decode()
                                                 for t in REFUSED])
def test_a_control_character_in_the_path_is_400(service, target):
    status, head, body = status_and_body(exchange(service.port, target))
    assert status == 400, head
    assert b"Connection: close" in head
    problem = json.loads(body)
    assert problem["type"] == "urn:layout-service:problem:malformed-request"
    assert problem["parameter"] == "path"
    assert "control character" in problem["detail"]


def test_the_same_paths_without_it_are_served(service):
    assert status_and_body(exchange(service.port, b"/healthz"))[0] == 200
    assert status_and_body(exchange(service.port, b"/metrics"))[0] == 200
    status, head, body = status_and_body(exchange(service.port, b"/v1/fonts/Inter/400"))
    assert status in (200, 404), head  # 404 where Inter is not installed
    assert status_and_body(exchange(service.port, b"/healthz%00junk"))[0] == 400


def test_percent_escapes_in_a_query_are_served(service):
    spec = b'{"layout":"flow","collectionView":{"width":100,"height":100},"sections":[{"items":3}]}'
    with socket.create_connection(("127.0.0.1", service.port), timeout=5) as s:
        s.sendall(b"POST /v1/layouts HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: %d\r\n\r\n"
                  % len(spec) + spec)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    layout = json.loads(status_and_body(answer)[2])["id"].encode()
    status, head, escaped = status_and_body(
        exchange(service.port, b"/v1/layouts/" + layout + b"/attributes?rect=0%2C0%2C100%2C100"))
    assert status == 200, head
    plain = status_and_body(exchange(service.port, b"/v1/layouts/" + layout + b"/attributes?rect=0,0,100,100"))[2]
    assert json.loads(escaped) == json.loads(plain) and json.loads(plain)["elements"]
    # A NUL escaped in a query would cut the value short: refused, naming the query.
    status, head, body = status_and_body(
        exchange(service.port, b"/v1/layouts/" + layout + b"/attributes?rect=0,0,100,100%00junk"))
    assert status == 400, head
    assert json.loads(body)["parameter"] == "query"
