"""PostgreSQL that does not answer at all (every process of the cluster stopped with SIGSTOP): every request that
needs it answers within --store-timeout-seconds (503 with Retry-After), and the service recovers after SIGCONT.
Replicas started together on an empty database both serve. Nothing acknowledged is lost."""
import json
import os
import signal
import threading
import time
import urllib.error
import urllib.request

from conftest import Service
from test_replicas import postgres  # noqa: F401 (the fixture)

DEADLINE = 5  # --store-timeout-seconds, the default
SLACK = 2  # for the request around the store call, on a busy machine


def spec(n, width=300):
    return {"layout": "flow", "collectionView": {"width": width, "height": 400}, "itemSize": {"width": 40, "height": 40},
            "sections": [{"items": n}]}


def request(url, path, body=None):
    """(status, JSON body or None, headers, seconds taken)."""
    started = time.monotonic()
    data = json.dumps(body).encode() if body is not None else None
    r = urllib.request.Request(url + path, data=data, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(r, timeout=60) as answer:
            return answer.status, json.load(answer), answer.headers, time.monotonic() - started
    except urllib.error.HTTPError as e:
        return e.code, json.load(e), e.headers, time.monotonic() - started


def cluster_processes(data):
    """The postmaster's pid and its children's."""
    with open(os.path.join(data, "postmaster.pid")) as f:
        postmaster = int(f.readline())
    children = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open("/proc/%s/stat" % entry) as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == postmaster:
                        children.append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    return [postmaster] + children


def test_a_frozen_database_answers_503_within_the_deadline_and_recovers(postgres, start):  # noqa: F811
    a = start("--store", postgres.url)
    b = start("--store", postgres.url)
    acknowledged = {}
    for n in range(1, 6):
        status, summary, _, _ = request(a.url, "/v1/layouts", spec(n, width=700))
        assert status == 201
        acknowledged[summary["id"]] = n
    # Ids that replica A has not seen: a GET of one there needs the database.
    elsewhere = {}
    for n in range(1, 6):
        status, summary, _, _ = request(b.url, "/v1/layouts", spec(n, width=701))
        assert status == 201
        elsewhere[summary["id"]] = n
    acknowledged.update(elsewhere)

    frozen = cluster_processes(postgres.data)
    for pid in frozen:
        os.kill(pid, signal.SIGSTOP)
    answers, lock = [], threading.Lock()
    try:
        stop = time.monotonic() + 10

        def load(worker):
            n = 0
            while time.monotonic() < stop:
                n += 1
                if n % 2:
                    answer = request(a.url, "/v1/layouts", spec(n, width=800 + worker))
                else:
                    answer = request(a.url, "/v1/layouts/%s" % list(elsewhere)[n % len(elsewhere)])
                with lock:
                    answers.append(answer)

        workers = [threading.Thread(target=load, args=(w,)) for w in range(6)]
        for w in workers:
            w.start()
        time.sleep(DEADLINE + 1)
        ready = request(a.url, "/readyz")
        for w in workers:
            w.join()
        # In memory: answered without the database.
        for layout_id in list(acknowledged)[:5]:
            assert request(a.url, "/v1/layouts/%s" % layout_id)[0] == 200
    finally:
        for pid in frozen:
            os.kill(pid, signal.SIGCONT)
    assert len(answers) >= 12, len(answers)
    slowest = max(seconds for _, _, _, seconds in answers)
    assert slowest < DEADLINE + SLACK, slowest
    for status, body, headers, _ in answers:
        if status == 201:
            acknowledged[body["id"]] = None  # stored before the database stopped answering
            continue
        assert status == 503 and headers["Retry-After"] == "1", (status, body)
        assert body["type"] == "urn:layout-service:problem:store-unavailable"
        assert "the database did not answer within %d s" % DEADLINE in body["detail"], body["detail"]
    assert ready[0] == 503 and ready[1]["status"] == "store-failing", ready
    assert a.wait_for_output("level=error"), a.output()

    # Back: the service recovers on its own (readyz), and serves what needs the database again.
    deadline = time.monotonic() + 20
    while request(a.url, "/readyz")[0] != 200:
        assert time.monotonic() < deadline, "readyz did not recover"
        time.sleep(0.2)
    status, summary, _, _ = request(a.url, "/v1/layouts", spec(4321, width=702))
    assert status == 201
    acknowledged[summary["id"]] = 4321
    for layout_id in acknowledged:
        for replica in (a, b):
            assert request(replica.url, "/v1/layouts/%s" % layout_id)[0] == 200, layout_id


def test_replicas_started_together_on_an_empty_database_both_serve(postgres):  # noqa: F811
    for trial in range(4):
        database = "race_%d_%d" % (os.getpid(), trial)
        postgres.psql("-c", "CREATE DATABASE %s" % database)
        url = postgres.url.rsplit("/", 1)[0] + "/" + database
        started, errors = [], []

        def replica():
            try:
                started.append(Service("--store", url))
            except Exception as e:  # noqa: BLE001 (reported below)
                errors.append(e)

        threads = [threading.Thread(target=replica) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        try:
            assert not errors, errors
            status, summary, _, _ = request(started[0].url, "/v1/layouts", spec(10 + trial))
            assert status == 201
            assert request(started[1].url, "/v1/layouts/%s" % summary["id"])[0] == 200
        finally:
            for s in started:
                s.stop()
