"""Request smuggling shapes (RFC 9112 §6.1, §6.3) on a raw socket: each is answered 400 before its body is read, the
connection is closed, and the bytes sent after it (a second request smuggled in the body) are never answered."""
import re
import socket

import pytest

SMUGGLED = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
SPEC = b'{"layout":"flow","collectionView":{"width":100,"height":100},"sections":[{"items":1}]}'


def post(headers, body):
    return b"POST /v1/layouts HTTP/1.1\r\n" + b"".join(h + b"\r\n" for h in headers) + b"\r\n" + body


def chunked(data):
    return b"%x\r\n" % len(data) + data + b"\r\n0\r\n\r\n"


SHAPES = {
    "length and chunked": post([b"Host: x", b"Content-Length: %d" % (len(chunked(SPEC)) + len(SMUGGLED)),
                                b"Transfer-Encoding: chunked"], chunked(SPEC) + SMUGGLED),
    "chunked and length": post([b"Host: x", b"Transfer-Encoding: chunked", b"Content-Length: 4"],
                               chunked(SPEC) + SMUGGLED),
    "two lengths": post([b"Host: x", b"Content-Length: %d" % len(SPEC), b"Content-Length: %d" % (len(SPEC) + 100)],
                        SPEC + SMUGGLED),
    "a list of lengths": post([b"Host: x", b"Content-Length: %d, %d" % (len(SPEC), len(SPEC))], SPEC + SMUGGLED),
    "a second length that is no number": post([b"Host: x", b"Content-Length: %d" % len(SPEC), b"Content-Length: x"],
                                              SPEC + SMUGGLED),
    "gzip, chunked": post([b"Host: x", b"Transfer-Encoding: gzip, chunked"], chunked(SPEC) + SMUGGLED),
    "chunked, chunked": post([b"Host: x", b"Transfer-Encoding: chunked, chunked"], chunked(SPEC) + SMUGGLED),
    "two Transfer-Encodings": post([b"Host: x", b"Transfer-Encoding: chunked", b"Transfer-Encoding: identity"],
                                   chunked(SPEC) + SMUGGLED),
    "a space before the colon": post([b"Host: x", b"Transfer-Encoding : chunked", b"Content-Length: %d" % len(SPEC)],
                                     SPEC + SMUGGLED),
    "a tab before the colon": post([b"Host: x", b"Content-Length\t: %d" % len(SPEC)], SPEC + SMUGGLED),
    "a NUL in a value": post([b"Host: x", b"X-Note: a\x00b", b"Content-Length: %d" % len(SPEC)], SPEC + SMUGGLED),
    "a NUL in the last value": post([b"Host: x", b"Content-Length: %d" % len(SPEC), b"X-Note: a\x00b"],
                                    SPEC + SMUGGLED),
    "a NUL after chunked": post([b"Host: x", b"Transfer-Encoding: chunked\x00"], chunked(SPEC) + SMUGGLED),
    "a NUL at the end of a value": post([b"Host: x", b"X-Note: ab\x00", b"Content-Length: %d" % len(SPEC)],
                                        SPEC + SMUGGLED),
    "a bare CR in a value": post([b"Host: x", b"X-Note: a\rb", b"Content-Length: %d" % len(SPEC)], SPEC + SMUGGLED),
    "an escape in a value": post([b"Host: x", b"X-Note: a\x1bb", b"Content-Length: %d" % len(SPEC)],
                                 SPEC + SMUGGLED),
    "a folded line": post([b"X-Note: one", b" two", b"Host: x", b"Content-Length: %d" % len(SPEC)], SPEC + SMUGGLED),
    "a folded line before the last": post([b"Host: x", b"X-Note: one", b"\tthree four", b"Content-Length: %d" % len(SPEC)],
                                          SPEC + SMUGGLED),
    "HTTP/1.1 without Host": post([b"Content-Length: %d" % len(SPEC)], SPEC + SMUGGLED),
    "a GET without Host": b"GET /healthz HTTP/1.1\r\n\r\n" + SMUGGLED,
    "two Hosts": post([b"Host: x", b"Host: y", b"Content-Length: %d" % len(SPEC)], SPEC + SMUGGLED),
    "chunked in HTTP/1.0": b"POST /v1/layouts HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(SPEC)
                           + SMUGGLED,
}


def answers(data):
    """The answers in `data`, one after another, each split at its Content-Length."""
    found = []
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        length = int(re.search(rb"\r\ncontent-length: *(\d+)", head, re.I).group(1))
        found.append(head + b"\r\n\r\n" + rest[:length])
        data = rest[length:]
    return found


def exchange(port, data, seconds=5):
    """Sends `data` at once and reads until the server closes: every byte it answered."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as s:
        s.sendall(data)
        answer = b""
        while True:
            try:
                chunk = s.recv(65536)
            except ConnectionResetError:
                break
            except socket.timeout:
                raise AssertionError("the connection was left open: %r" % answer)
            if not chunk:
                break
            answer += chunk
        return answer


@pytest.fixture(scope="module")
def service():
    from conftest import Service
    s = Service("--store", "memory")
    yield s
    s.stop()


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_smuggling_shape_is_refused_and_closed(service, shape):
    answer = exchange(service.port, SHAPES[shape])
    assert answer.startswith(b"HTTP/1.1 400 "), answer
    assert b"Connection: close" in answer
    assert b"HTTP/1.1 200" not in answer and b"HTTP/1.1 201" not in answer, "the smuggled request was answered"
    if shape == "a list of lengths":
        # libmicrohttpd refuses an unparsable first Content-Length itself, before the handler runs. Version 0.9.75
        # writes its 400's head twice (the second inside the first one's body), then closes.
        assert b"wrong value for <b>Content-Length</b>" in answer, answer
    else:
        assert len(answers(answer)) == 1, "a second answer came from the connection: %r" % answer
        assert b"urn:layout-service:problem:malformed-request" in answer, answer


def test_sound_requests_are_answered_on_one_connection(service):
    """The same requests framed one way are answered, and the second request on the connection too."""
    for framed in (post([b"Host: x", b"Content-Length: %d" % len(SPEC)], SPEC),
                   post([b"Host: x", b"Transfer-Encoding: chunked"], chunked(SPEC)),
                   post([b"Host: x", b"Content-Length: %d" % len(SPEC), b"Content-Length: %d" % len(SPEC),
                         b"X-Note: a\tb"], SPEC)):
        answer = exchange(service.port, framed + b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        assert [a[:10] for a in answers(answer)] == [b"HTTP/1.1 2"] * 2, answer
    assert exchange(service.port, b"GET /healthz HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.1 200 ")
