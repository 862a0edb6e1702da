"""SIGTERM under load resets no connection: /readyz turns 503 first, and the service goes on accepting and answering
new connections for --drain-accept-seconds (answers carry Connection: close) before it closes the listener. Clients
that open a new connection for every request, behind a balancer that stops sending once /readyz fails, each get a
whole HTTP answer; every POST acknowledged is there after a restart."""
import http.client
import json
import signal
import threading
import time


def spec(worker, n):
    return {"layout": "flow", "collectionView": {"width": 390, "height": 844},
            "itemSize": {"width": 10 + worker, "height": 10 + n % 97}, "sections": [{"items": 1 + n}]}


def request(port, method, path, body=None):
    """One request on a new connection: (status, body), or the exception that came instead of a whole answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_sigterm_under_load_resets_no_connection_and_loses_nothing(start):
    window = 3.0
    service = start("--log-level", "notice", "--drain-accept-seconds", str(window))
    port = service.port
    sending = threading.Event()
    sending.set()
    failures, acknowledged, answered_after_signal, not_ready = [], [], [0], []
    signalled = [None]

    def balancer():
        # Probes /readyz as a Kubernetes Service's endpoints controller would, and takes the replica out of rotation
        # half a second after the first 503 (the time the news takes to reach the balancers).
        while sending.is_set():
            try:
                status, _ = request(port, "GET", "/readyz")
            except Exception as e:
                failures.append("readyz: %r" % e)
                return
            if status == 503:
                not_ready.append(time.time())
                time.sleep(0.5)
                sending.clear()
                return
            time.sleep(0.1)

    def client(worker):
        n = 0
        while sending.is_set():
            n += 1
            began = time.time()
            try:
                if n % 3 == 0:
                    status, body = request(port, "POST", "/v1/layouts", json.dumps(spec(worker, n)).encode())
                    if status in (200, 201):
                        acknowledged.append(json.loads(body)["id"])
                    elif status != 503:  # a POST refused while draining (busy) is an answer too
                        failures.append("POST answered %d" % status)
                else:
                    status, _ = request(port, "GET", "/healthz")
                    if status != 200:
                        failures.append("GET /healthz answered %d" % status)
                if signalled[0] is not None and began > signalled[0]:
                    answered_after_signal[0] += 1
            except Exception as e:
                failures.append("%.2f s after SIGTERM: %r" % (time.time() - (signalled[0] or time.time()), e))

    threads = [threading.Thread(target=client, args=(w,)) for w in range(8)]
    probe = threading.Thread(target=balancer)
    for t in threads + [probe]:
        t.start()
    time.sleep(1.5)
    signalled[0] = time.time()
    service.proc.send_signal(signal.SIGTERM)
    for t in threads + [probe]:
        t.join(30)
    assert service.proc.wait(20) == 0
    assert failures == [], failures[:10]
    assert not_ready and not_ready[0] - signalled[0] < 1.0, "/readyz did not turn 503 at once"
    assert answered_after_signal[0] > 0, "no new connection was answered after SIGTERM"
    assert len(acknowledged) > 0
    output = service.output()
    assert "draining" in output and "stopped" in output

    again = start("--log-level", "notice", data_dir=service.data_dir)
    for id in acknowledged:
        status, _ = request(again.port, "GET", "/v1/layouts/%s" % id)
        assert status == 200, id


def test_readyz_answers_503_to_a_new_connection_during_the_window(start):
    service = start("--drain-accept-seconds", "2")
    assert request(service.port, "GET", "/readyz")[0] == 200
    signalled = time.time()
    service.proc.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    status, _ = request(service.port, "GET", "/readyz")
    assert status == 503
    connection = http.client.HTTPConnection("127.0.0.1", service.port, timeout=5)
    connection.request("GET", "/healthz")
    response = connection.getresponse()
    assert response.status == 200 and response.getheader("Connection") == "close"
    connection.close()
    assert service.proc.wait(15) == 0
    assert time.time() - signalled >= 2.0
