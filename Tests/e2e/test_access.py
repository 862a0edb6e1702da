"""Who may change what: API keys with scopes, no anonymous deletes, quotas, revocation by SIGHUP, and no secret in
any log line (the real binary on a real socket)."""
import json
import os
import re
import signal
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from conftest import BIN

SPEC = {"layout": "flow", "collectionView": {"width": 390, "height": 844}, "itemSize": {"width": 40, "height": 40},
        "sections": [{"items": 30}]}


def new_key(key_id, scopes, *extra):
    """`layout-service keys new`: (secret, keys-file line)."""
    out = subprocess.run([BIN, "keys", "new", "--id", key_id, "--scopes", scopes, *extra], check=True,
                         capture_output=True, text=True, timeout=30).stdout.splitlines()
    assert len(out) == 2
    return out[0], out[1]


def write_keys(lines):
    path = os.path.join(tempfile.mkdtemp(prefix="layout-keys-"), "keys")
    with open(path, "w") as f:
        f.write("# id sha256 scopes\n" + "\n".join(lines) + "\n")
    return path


def call(service, method, path, secret=None, body=None, authorization=None, port=None):
    """(status, headers, parsed JSON body or None)."""
    headers = {}
    if secret:
        headers["Authorization"] = "Bearer " + secret
    if authorization:
        headers["Authorization"] = authorization
    data = json.dumps(body).encode() if body is not None else None
    url = "http://127.0.0.1:%d%s" % (port or service.port, path)
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            raw = r.read()
            return r.status, r.headers, (json.loads(raw) if raw and "json" in r.headers.get("Content-Type", "") else raw)
    except urllib.error.HTTPError as e:
        raw = e.read()
        return e.code, e.headers, (json.loads(raw) if raw and "json" in e.headers.get("Content-Type", "") else raw)


@pytest.fixture
def keys():
    made = {name: new_key(name, scopes) for name, scopes in
            (("reader", "read"), ("writer", "read,write"), ("ops", "read,admin"))}
    return {name: secret for name, (secret, _) in made.items()}, write_keys([line for _, line in made.values()])


def test_keys_new_prints_a_secret_then_a_line_without_it():
    secret, line = new_key("ci", "read,write", "--key-requests-per-minute", "600")
    fields = line.split()
    assert secret.startswith("lsk_") and len(secret) == 68
    assert fields[0] == "ci" and re.fullmatch(r"[0-9a-f]{64}", fields[1]) and fields[2] == "read,write"
    assert fields[3] == "requests-per-minute=600"
    assert secret not in line and secret[4:] not in line
    bad = subprocess.run([BIN, "keys", "new", "--id", "ci", "--scopes", "read,root"], capture_output=True, text=True,
                         timeout=30)
    assert bad.returncode != 0 and "scopes" in bad.stderr


def test_401_and_403_where_they_belong(start, keys):
    secrets, path = keys
    s = start("--store", "memory", "--api-keys-file", path, "--log-level", "debug")
    # Open to anyone.
    for p in ("/healthz", "/readyz", "/"):
        assert call(s, "GET", p)[0] == 200
    # No key, a malformed header, an unknown key: 401 with the challenge, as a problem document.
    for kwargs in ({}, {"authorization": "Basic cmVhZGVyOng="}, {"authorization": "Bearer"},
                   {"secret": "lsk_" + "0" * 64}):
        status, headers, problem = call(s, "POST", "/v1/layouts", body=SPEC, **kwargs)
        assert status == 401, kwargs
        assert headers["WWW-Authenticate"].startswith("Bearer")
        assert headers["Content-Type"] == "application/problem+json" and problem["status"] == 401
    # Scopes.
    assert call(s, "POST", "/v1/layouts", secrets["reader"], SPEC)[0] == 403
    status, _, summary = call(s, "POST", "/v1/layouts", secrets["writer"], SPEC)
    assert status == 201
    layout = "/v1/layouts/" + summary["id"]
    assert call(s, "GET", layout)[0] == 401
    assert call(s, "GET", layout, secrets["reader"])[0] == 200
    assert call(s, "GET", layout + "/attributes?rect=0,0,390,844", secrets["writer"])[0] == 200
    # DELETE needs admin.
    for name in ("reader", "writer"):
        status, _, problem = call(s, "DELETE", layout, secrets[name])
        assert status == 403 and problem["type"] == "urn:layout-service:problem:forbidden"
    assert call(s, "DELETE", layout)[0] == 401
    assert call(s, "GET", layout, secrets["reader"])[0] == 200
    assert call(s, "DELETE", layout, secrets["ops"])[0] == 204
    assert call(s, "GET", layout, secrets["reader"])[0] == 404
    # /metrics needs admin; the counts carry the key ids.
    assert call(s, "GET", "/metrics", secrets["reader"])[0] == 403
    status, _, text = call(s, "GET", "/metrics", secrets["ops"])
    assert status == 200 and b'api_key_requests_total{key="writer"} 2' in text
    # The DELETE's audit line: key, layout, request id; the request lines carry the key id.
    log = s.output()
    audit = [l for l in log.splitlines() if "msg=delete" in l]
    assert any("level=notice" in l and "key=ops" in l and "layout=" + summary["id"] in l and " id=" in l and
               "status=204" in l for l in audit), audit
    assert any("key=reader" in l and "status=403" in l for l in audit)
    assert re.search(r"msg=request .*key=writer", log)
    s.stop()
    # No secret in any log line, even at debug level after all of the above.
    for secret in secrets.values():
        assert secret not in s.output() and secret[4:] not in s.output()


def test_anonymous_read_and_a_metrics_port(start, keys):
    from conftest import free_port
    secrets, path = keys
    metrics_port = free_port()
    s = start("--store", "memory", "--api-keys-file", path, "--anonymous-read", "--metrics-port", str(metrics_port))
    status, _, summary = call(s, "POST", "/v1/layouts", secrets["writer"], SPEC)
    assert status == 201
    assert call(s, "GET", "/v1/layouts/" + summary["id"])[0] == 200
    assert call(s, "GET", "/v1/layouts/" + summary["id"], "lsk_wrong")[0] == 401  # a bad key is no anonymous read
    assert call(s, "POST", "/v1/layouts", body=SPEC)[0] == 401
    assert call(s, "GET", "/metrics")[0] == 401
    status, _, text = call(s, "GET", "/metrics", port=metrics_port)
    assert status == 200 and b"api_key_requests_total" in text
    assert call(s, "GET", "/v1/layouts/" + summary["id"], port=metrics_port)[0] == 404


def test_without_keys_nobody_deletes_unless_allowed(start):
    s = start("--store", "memory", "--log-level", "info")
    status, _, summary = call(s, "POST", "/v1/layouts", body=SPEC)
    assert status == 201
    status, _, problem = call(s, "DELETE", "/v1/layouts/" + summary["id"])
    assert status == 403 and "--allow-anonymous-delete" in problem["detail"]
    assert call(s, "GET", "/v1/layouts/" + summary["id"])[0] == 200
    assert any("msg=delete" in l and "key=-" in l and "status=403" in l for l in s.output().splitlines())
    open_ = start("--store", "memory", "--allow-anonymous-delete")
    status, _, summary = call(open_, "POST", "/v1/layouts", body=SPEC)
    assert call(open_, "DELETE", "/v1/layouts/" + summary["id"])[0] == 204


def test_revocation_by_sighup(start):
    (a, a_line), (b, b_line) = new_key("a", "read"), new_key("b", "read")
    path = write_keys([a_line, b_line])
    s = start("--store", "memory", "--api-keys-file", path)
    assert call(s, "GET", "/v1/layouts/" + "0" * 64, a)[0] == 404
    with open(path, "w") as f:
        f.write(b_line + "\n")
    s.proc.send_signal(signal.SIGHUP)
    deadline = time.time() + 5
    while call(s, "GET", "/v1/layouts/" + "0" * 64, a)[0] != 401:
        assert time.time() < deadline, "key a still works after SIGHUP"
        time.sleep(0.05)
    assert call(s, "GET", "/v1/layouts/" + "0" * 64, b)[0] == 404
    # A malformed file on SIGHUP keeps the keys in force (never half-loaded) and says which line.
    with open(path, "w") as f:
        f.write(b_line + "\nbroken line\n")
    s.proc.send_signal(signal.SIGHUP)
    deadline = time.time() + 5
    while "keys not reloaded" not in s.output():
        assert time.time() < deadline
        time.sleep(0.05)
    assert "line 2" in s.output()
    assert call(s, "GET", "/v1/layouts/" + "0" * 64, b)[0] == 404
    assert s.proc.poll() is None


@pytest.mark.parametrize("content, line", [
    ("ok %s read\nbad %s read,root\n" % ("a" * 64, "b" * 64), 2),
    ("# fine\n\nx %s read\n" % ("a" * 63), 3),
])
def test_a_malformed_keys_file_stops_the_service_at_start(content, line):
    path = write_keys([])
    with open(path, "w") as f:
        f.write(content)
    run = subprocess.run([BIN, "--host", "127.0.0.1", "--port", "0", "--store", "memory", "--api-keys-file", path],
                         capture_output=True, text=True, timeout=30)
    assert run.returncode != 0
    assert "line %d" % line in run.stderr + run.stdout


def test_429_past_a_quota_with_other_keys_unaffected(start):
    (small, small_line), (big, big_line) = new_key("small", "read,write", "--key-requests-per-minute", "5"), \
        new_key("big", "read,write")
    ops, ops_line = new_key("ops", "admin")
    s = start("--store", "memory", "--api-keys-file", write_keys([small_line, big_line, ops_line]),
              "--post-bytes-per-minute", "2000")
    statuses = [call(s, "GET", "/v1/layouts/" + "0" * 64, small)[0] for _ in range(7)]
    assert statuses[:5] == [404] * 5 and statuses[5:] == [429, 429]
    status, headers, problem = call(s, "GET", "/v1/layouts/" + "0" * 64, small)
    assert status == 429 and int(headers["Retry-After"]) >= 1 and problem["status"] == 429
    for _ in range(20):
        assert call(s, "GET", "/v1/layouts/" + "0" * 64, big)[0] == 404
    # POST bytes a minute (the default of keys without their own): 2000, and 698 bytes a spec.
    spec = dict(SPEC, sections=[{"items": n} for n in range(1, 40)])
    size = len(json.dumps(spec).encode())
    assert size == 698
    results = [call(s, "POST", "/v1/layouts", big, dict(spec, collectionView={"width": 300 + i, "height": 800}))[0]
               for i in range(4)]
    assert results == [201, 201, 429, 429]
    status, _, text = call(s, "GET", "/metrics", ops)
    assert b'api_key_quota_refusals_total{key="small",quota="requests"} 3' in text
    assert b'api_key_quota_refusals_total{key="big",quota="post_bytes"} 2' in text
    assert b'api_key_quota_refusals_total{key="big",quota="requests"} 0' in text
    s.stop()  # flushes the log
    assert re.search(r"msg=request .*key=small .*status=429", s.output())


def test_quota_per_client_address_without_keys(start):
    s = start("--store", "memory", "--requests-per-minute", "3")
    statuses = [call(s, "GET", "/v1/layouts/" + "0" * 64)[0] for _ in range(5)]
    assert statuses == [404, 404, 404, 429, 429]
    assert call(s, "GET", "/healthz")[0] == 200  # open paths count against no quota
    status, _, text = call(s, "GET", "/metrics")
    assert b'api_key_quota_refusals_total{key="anonymous",quota="requests"} 2' in text


def test_settings_from_the_environment(start, keys):
    from conftest import free_port
    secrets, path = keys
    metrics_port = free_port()
    s = start("--store", "memory", env={"LAYOUT_SERVICE_API_KEYS_FILE": path, "LAYOUT_SERVICE_ANONYMOUS_READ": "true",
                                        "LAYOUT_SERVICE_METRICS_PORT": str(metrics_port),
                                        "LAYOUT_SERVICE_REQUESTS_PER_MINUTE": "2"})
    assert call(s, "POST", "/v1/layouts", body=SPEC)[0] == 401
    assert call(s, "GET", "/v1/layouts/" + "0" * 64)[0] == 404  # anonymous read, counted by address
    assert call(s, "GET", "/v1/layouts/" + "0" * 64)[0] == 404
    assert call(s, "GET", "/v1/layouts/" + "0" * 64)[0] == 429
    assert call(s, "GET", "/v1/layouts/" + "0" * 64, secrets["reader"])[0] == 404  # a key has its own buckets
    assert call(s, "GET", "/metrics", port=metrics_port)[0] == 200
