"""Replicas on a shared PostgreSQL (`--store postgres://...`): a real server from Debian's postgresql package,
started here on 127.0.0.1, and real service processes."""
import glob
import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from conftest import free_port, kill_during_a_burst_of_posts


def postgres_bin():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return os.path.dirname(found[-1]) if found else None


class Cluster:
    url = None
    pg_ctl = None
    data = None  # the data directory (postmaster.pid is there)
    psql = None  # runs psql with the given arguments against the cluster


@pytest.fixture(scope="module")
def postgres():
    """A throwaway PostgreSQL cluster (trust auth, loopback only); its URL."""
    bindir = postgres_bin()
    if bindir is None:
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed (apt-get install postgresql)")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql)")
    root = tempfile.mkdtemp(prefix="layout-pg-")
    data = os.path.join(root, "data")
    # PostgreSQL refuses to run as root: as root, the cluster belongs to Debian's postgres user.
    as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    if as_user:
        shutil.chown(root, "postgres")
    port = free_port()
    subprocess.run(as_user + [bindir + "/initdb", "-D", data, "-A", "trust", "-U", "postgres"], check=True,
                   stdout=subprocess.DEVNULL)

    def pg_ctl(*args):
        subprocess.run(as_user + [bindir + "/pg_ctl", "-D", data, "-l", os.path.join(root, "log"), "-w", "-o",
                                  "-c listen_addresses=127.0.0.1 -p %d -k %s" % (port, root), *args],
                       check=True, stdout=subprocess.DEVNULL)

    pg_ctl("start")
    postgres = Cluster()
    postgres.url = "postgres://postgres@127.0.0.1:%d/postgres" % port
    postgres.pg_ctl = pg_ctl
    postgres.data = data
    postgres.psql = lambda *args: subprocess.run([bindir + "/psql", "-h", "127.0.0.1", "-p", str(port), "-U", "postgres",
                                                  "-q", *args], check=True, capture_output=True, text=True).stdout
    yield postgres
    pg_ctl("-m", "immediate", "stop")
    shutil.rmtree(root, ignore_errors=True)


def post(url, spec):
    request = urllib.request.Request(url + "/v1/layouts", data=json.dumps(spec).encode(), method="POST")
    with urllib.request.urlopen(request, timeout=10) as r:
        return r.status, json.load(r)


def get(url, path):
    try:
        with urllib.request.urlopen(url + path, timeout=10) as r:
            return r.status, json.load(r)
    except urllib.error.HTTPError as e:
        return e.code, None


def spec(n, width=300):
    return {"layout": "flow", "collectionView": {"width": width, "height": 400}, "itemSize": {"width": 40, "height": 40},
            "sections": [{"items": n}]}


def test_two_replicas_answer_each_others_ids(postgres, start):
    a = start("--store", postgres.url)
    b = start("--store", postgres.url, "--allow-anonymous-delete")
    status, summary = post(a.url, spec(1234))
    assert status == 201
    layout_id = summary["id"]
    # B never saw the POST: it loads the spec from PostgreSQL and prepares it.
    status, from_b = get(b.url, "/v1/layouts/%s" % layout_id)
    assert status == 200 and from_b["items"] == 1234
    status, a_rect = get(a.url, "/v1/layouts/%s/attributes?rect=0,0,300,400" % layout_id)
    status_b, b_rect = get(b.url, "/v1/layouts/%s/attributes?rect=0,0,300,400" % layout_id)
    assert status == status_b == 200 and a_rect == b_rect and len(a_rect["elements"]) > 0
    # Posting the same spec to B finds it known (200, same id).
    status, again = post(b.url, spec(1234))
    assert status == 200 and again["id"] == layout_id
    # A delete through B is seen by a replica that had not loaded the id yet.
    c = start("--store", postgres.url)
    with urllib.request.urlopen(urllib.request.Request(b.url + "/v1/layouts/" + layout_id, method="DELETE")) as r:
        assert r.status == 204
    assert get(c.url, "/v1/layouts/%s" % layout_id)[0] == 404
    assert get(b.url, "/v1/layouts/%s" % ("0" * 64))[0] == 404


def test_a_program_and_its_layout_posted_to_one_replica_are_served_by_another(postgres, start):
    """Programs are kept in PostgreSQL beside the specs; a program layout's frames too, so another replica answers
    it without the program (deleted here) and without running it."""
    a = start("--store", postgres.url)
    b = start("--store", postgres.url, "--allow-anonymous-delete")
    with open(os.path.join(os.path.dirname(__file__), "..", "..", "examples", "programs", "circle.wasm"), "rb") as f:
        module = f.read()
    request = urllib.request.Request(a.url + "/v1/programs", data=module, method="POST",
                                     headers={"Content-Type": "application/wasm"})
    with urllib.request.urlopen(request) as r:
        assert r.status == 201
        program = json.load(r)["id"]
    with urllib.request.urlopen(b.url + "/v1/programs/" + program) as r:
        assert r.read() == module
    # A replica that has not read the module finds it stored when it is posted again: 200, not 201.
    again = start("--store", postgres.url)
    with urllib.request.urlopen(urllib.request.Request(again.url + "/v1/programs", data=module, method="POST",
                                                       headers={"Content-Type": "application/wasm"})) as r:
        assert r.status == 200 and json.load(r)["id"] == program
    program_spec = {"layout": "program", "program": program, "collectionView": {"width": 390, "height": 390},
                    "sections": [{"items": 12}], "parameters": {"itemWidth": 40, "itemHeight": 40, "radius": 150}}
    status, summary = post(a.url, program_spec)
    assert status == 201 and summary["items"] == 12
    with urllib.request.urlopen(urllib.request.Request(b.url + "/v1/programs/" + program, method="DELETE")) as r:
        assert r.status == 204
    # A replica that has not read the module since finds it gone (one that has keeps it in memory, as layouts).
    c = start("--store", postgres.url)
    with pytest.raises(urllib.error.HTTPError) as gone:
        urllib.request.urlopen(c.url + "/v1/programs/" + program)
    assert gone.value.code == 404
    rect = "/v1/layouts/%s/attributes?rect=0,0,390,390" % summary["id"]
    status, a_rect = get(a.url, rect)
    status_b, b_rect = get(b.url, rect)
    assert status == status_b == 200 and a_rect == b_rect and len(a_rect["elements"]) == 12
    status, again = post(b.url, program_spec)
    assert status == 200 and again["id"] == summary["id"]


def test_replica_killed_mid_burst_loses_no_answered_id(postgres, start):
    """kill -9 one replica in the middle of a burst of POSTs: every 201 it gave is served by the other replica
    and by the restarted one."""
    a = start("--store", postgres.url)
    b = start("--store", postgres.url)
    accepted = kill_during_a_burst_of_posts(a, lambda worker, n: spec(n, width=500 + worker))
    assert len(accepted) > 20, len(accepted)
    restarted = start("--store", postgres.url)
    for layout_id, n in accepted:
        for replica in (b, restarted):
            status, summary = get(replica.url, "/v1/layouts/%s" % layout_id)
            assert status == 200 and summary["items"] == n, (replica.url, layout_id)


def test_without_its_database_a_replica_refuses_to_start():
    from conftest import BIN
    nowhere = "postgres://postgres@127.0.0.1:%d/x" % free_port()  # nothing listens there
    r = subprocess.run([BIN, "--port", str(free_port()), "--store", nowhere], capture_output=True, text=True, timeout=20)
    assert r.returncode != 0 and "postgres" in (r.stdout + r.stderr).lower()


def test_database_restart_is_a_503_then_served_again(postgres, start):
    """It stops the shared cluster (and starts it again). While PostgreSQL is down, what needs it is a 503 with
    Retry-After (not a crash, not a hang); once it is back, the replica reconnects."""
    a = start("--store", postgres.url)
    status, summary = post(a.url, spec(77, width=901))
    postgres.pg_ctl("-m", "immediate", "stop")
    try:
        try:
            post(a.url, spec(78, width=901))
            raise AssertionError("a POST was accepted without its database")
        except urllib.error.HTTPError as e:
            assert e.code == 503 and e.headers["Retry-After"] == "1"
            assert json.load(e)["type"] == "urn:layout-service:problem:store-unavailable"
        assert get(a.url, "/v1/layouts/%s" % summary["id"])[0] == 200  # in memory: served without the database
        assert get(a.url, "/healthz")[0] == 200
    finally:
        postgres.pg_ctl("start")
    status, again = post(a.url, spec(78, width=901))
    assert status == 201
    b = start("--store", postgres.url)
    assert get(b.url, "/v1/layouts/%s" % again["id"])[0] == 200


class Balancer:
    """deploy/nginx.conf as it is (its upstream hosts pointed at two local replicas, its tile cache in a temporary
    folder), run by Debian's nginx on a free port."""

    def __init__(self, a, b):
        if shutil.which("nginx") is None:
            if os.environ.get("CI"):
                pytest.fail("nginx is not installed (apt-get install nginx-light)")
            pytest.skip("nginx is not installed (apt-get install nginx-light)")
        here = os.path.dirname(os.path.abspath(__file__))
        with open(os.path.join(here, "..", "..", "deploy", "nginx.conf")) as f:
            site = f.read()
        port = free_port()
        self.prefix = tempfile.mkdtemp(prefix="layout-nginx-")
        site = (site.replace("layout-a:8080", "127.0.0.1:%d" % a.port).replace("layout-b:8080", "127.0.0.1:%d" % b.port)
                .replace("listen 80;", "listen 127.0.0.1:%d;" % port)
                .replace("/var/cache/nginx/layout-tiles", os.path.join(self.prefix, "tiles")))
        conf = os.path.join(self.prefix, "nginx.conf")
        with open(conf, "w") as f:
            f.write("worker_processes 1;\npid %s/nginx.pid;\nerror_log %s/error.log;\nevents {}\nhttp {\n"
                    "access_log off;\nclient_body_temp_path %s;\nproxy_temp_path %s;\n%s\n}\n"
                    % (self.prefix, self.prefix, self.prefix, self.prefix, site))
        self.nginx = subprocess.Popen(["nginx", "-p", self.prefix, "-c", conf, "-g", "daemon off;"])
        self.url = "http://127.0.0.1:%d" % port
        for _ in range(100):
            try:
                get(self.url, "/healthz")
                break
            except OSError:
                time.sleep(0.05)

    def stop(self):
        self.nginx.terminate()
        self.nginx.wait(10)


def test_deploy_example_balancer_over_two_replicas(postgres, start):
    """The deploy balancer in front of two replicas on one PostgreSQL: POST through it, read through it (each id
    from the replica it hashes to); kill one replica and the balancer still answers every request."""
    a = start("--store", postgres.url)
    b = start("--store", postgres.url)
    balancer = Balancer(a, b)
    try:
        url = balancer.url
        ids = [post(url, spec(n, width=777))[1]["id"] for n in range(1, 11)]
        for n, layout_id in enumerate(ids, 1):
            for _ in range(2):
                status, summary = get(url, "/v1/layouts/%s" % layout_id)
                assert status == 200 and summary["items"] == n
        a.proc.kill()
        a.proc.wait(10)
        for n, layout_id in enumerate(ids, 1):
            status, summary = get(url, "/v1/layouts/%s/attributes?rect=0,0,777,400" % layout_id)
            assert status == 200 and len(summary["elements"]) > 0
        assert post(url, spec(11, width=777))[0] == 201
    finally:
        balancer.stop()


def test_deploy_example_routes_by_id_and_caches_tiles(postgres, start):
    """Each layout's requests reach one replica (its id's hash), and a second read of a tile is nginx's own."""
    a = start("--store", postgres.url)
    b = start("--store", postgres.url)
    balancer = Balancer(a, b)
    try:
        ids = [post(balancer.url, spec(n + 40, width=500))[1]["id"] for n in range(12)]
        for layout_id in ids:
            for _ in range(3):
                assert get(balancer.url, "/v1/layouts/%s/attributes?rect=0,0,500,400" % layout_id)[0] == 200
        a_metrics = urllib.request.urlopen(a.url + "/metrics", timeout=10).read().decode()
        b_metrics = urllib.request.urlopen(b.url + "/metrics", timeout=10).read().decode()

        def served(metrics):
            for line in metrics.splitlines():
                if line.startswith('http_requests_total{method="GET",route="/v1/layouts/{id}/attributes",status="200"}'):
                    return float(line.split(" ")[1])
            return 0.0

        # 36 reads, each id's three on one replica: both replicas hold a share, and no id was read on both.
        assert served(a_metrics) + served(b_metrics) == 36
        assert served(a_metrics) % 3 == 0 and served(b_metrics) % 3 == 0
        tile = balancer.url + "/v1/layouts/%s/tiles/0" % ids[0]
        statuses = []
        for _ in range(2):
            with urllib.request.urlopen(tile, timeout=10) as r:
                statuses.append(r.headers.get("X-Cache-Status"))
                body = r.read()
        assert statuses == ["MISS", "HIT"] and json.loads(body)["elements"]
        gzipped = urllib.request.Request(tile, headers={"Accept-Encoding": "gzip"})
        for expected in ["MISS", "HIT"]:
            with urllib.request.urlopen(gzipped, timeout=10) as r:
                assert r.headers.get("X-Cache-Status") == expected and r.headers.get("Content-Encoding") == "gzip"
    finally:
        balancer.stop()


def test_updates_are_answered_by_other_replicas(postgres, start):
    """A batch update on one replica is stored as a change on its base; another replica reads it back through
    the chain (and gets the id of the resulting spec)."""
    a = start("--store", postgres.url)
    b = start("--store", postgres.url)
    big = {"layout": "flow", "collectionView": {"width": 390, "height": 844},
           "sections": [{"itemSizes": [[30 + i % 60, 40] for i in range(20000)]}]}
    status, summary = post(a.url, big)
    layout_id = summary["id"]
    for k in range(3):
        batch = {"updates": [{"op": "insertItems", "indexPaths": [[0, 19990 + k]], "sizes": [[77, 55]]}]}
        request = urllib.request.Request("%s/v1/layouts/%s/updates" % (a.url, layout_id),
                                         data=json.dumps(batch).encode(), method="POST")
        with urllib.request.urlopen(request, timeout=10) as r:
            layout_id = json.load(r)["id"]
    status, from_b = get(b.url, "/v1/layouts/%s" % layout_id)
    assert status == 200 and from_b["items"] == 20003
    # The same spec posted whole to B is that id.
    status, again = post(b.url, from_b["spec"])
    assert status == 200 and again["id"] == layout_id


def test_a_delete_racing_an_update_on_another_replica_leaves_no_change_without_its_base(postgres, start):
    """DELETE of a layout on one replica, at the same moment as a batch update of it on another (the update is
    stored as a change on top of the deleted spec), many times: afterwards no stored change has lost its base, and
    a third replica, which has nothing in memory, answers every id the updates answered."""
    import threading
    from conftest import BIN
    keys = subprocess.run([BIN, "keys", "new", "--id", "race", "--scopes", "read,write,admin"], check=True,
                          capture_output=True, text=True, timeout=30).stdout.splitlines()
    keys_file = os.path.join(tempfile.mkdtemp(prefix="layout-keys-"), "keys")
    with open(keys_file, "w") as f:
        f.write(keys[1] + "\n")
    auth = {"Authorization": "Bearer " + keys[0], "Content-Type": "application/json"}
    a = start("--store", postgres.url, "--api-keys-file", keys_file)
    b = start("--store", postgres.url, "--api-keys-file", keys_file)

    def call(method, url, body=None):
        request = urllib.request.Request(url, data=body and json.dumps(body).encode(), method=method, headers=auth)
        try:
            with urllib.request.urlopen(request, timeout=20) as r:
                return r.status, json.load(r) if r.status != 204 else None
        except urllib.error.HTTPError as e:
            return e.code, None

    answered = []
    for round in range(40):
        base = {"layout": "flow", "collectionView": {"width": 300 + round, "height": 400},
                "sections": [{"itemSizes": [[40, 40]] * 10}]}
        status, summary = call("POST", a.url + "/v1/layouts", base)
        assert status == 201
        layout = summary["id"]
        batch = {"updates": [{"op": "insertItems", "indexPaths": [[0, 3]], "sizes": [[77, 55]]}]}
        released = threading.Barrier(2)
        outcome = {}

        def remove():
            released.wait()
            outcome["delete"] = call("DELETE", "%s/v1/layouts/%s" % (a.url, layout))[0]

        def update():
            released.wait()
            time.sleep(round % 10 / 1000)
            outcome["update"] = call("POST", "%s/v1/layouts/%s/updates" % (b.url, layout), batch)

        threads = [threading.Thread(target=remove), threading.Thread(target=update)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert outcome["delete"] in (204, 404), outcome
        status, changed = outcome["update"]
        assert status in (200, 201, 404), outcome
        if status in (200, 201):
            answered.append(changed["id"])
    orphans = postgres.psql("-At", "-c", "SELECT count(*) FROM layout_specs s WHERE base IS NOT NULL AND NOT EXISTS "
                                         "(SELECT 1 FROM layout_specs b WHERE b.id = s.base)")
    assert orphans.strip() == "0"
    c = start("--store", postgres.url, "--api-keys-file", keys_file)
    for layout in answered:
        status, summary = call("GET", "%s/v1/layouts/%s" % (c.url, layout))
        assert status == 200 and summary["items"] == 11, (layout, status)
