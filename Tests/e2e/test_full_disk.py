"""A full disk under the sqlite store: POSTs answer 503 store-unavailable naming the failure (not the SQL), the log
has an error line, /readyz turns 503, and once there is room again the service recovers on its own. Nothing
acknowledged is lost. The data directory is a small tmpfs mounted here (root only)."""
import os
import subprocess
import tempfile
import time
import urllib.error
import urllib.request

import pytest

from conftest import Service, post_layout


def spec(n):
    return {"layout": "flow", "collectionView": {"width": 300 + n, "height": 400},
            "sections": [{"itemSizes": [[40, 30 + n % 7]] * 2000}]}


def status_of(url, path):
    try:
        with urllib.request.urlopen(url + path, timeout=20) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code


@pytest.fixture
def small_disk():
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mount_point = tempfile.mkdtemp(prefix="layout-full-disk-")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount_point]).returncode != 0:
        pytest.skip("cannot mount a tmpfs here")
    yield mount_point
    subprocess.run(["umount", "-l", mount_point])
    os.rmdir(mount_point)


def fill(directory):
    """Writes a file until the disk is full; its path."""
    path = os.path.join(directory, "filler")
    with open(path, "wb") as f:
        try:
            while True:
                f.write(b"\0" * 65536)
                f.flush()
        except OSError:
            pass
    return path


def test_a_full_disk_is_a_503_an_error_line_and_readyz_503_then_it_recovers_on_its_own(small_disk):
    data = os.path.join(small_disk, "data")
    service = Service(data_dir=data)
    try:
        acknowledged = []
        for n in range(5):
            status, summary, _ = post_layout(service.url, spec(n))
            assert status == 201
            acknowledged.append(summary["id"])
        filler = fill(small_disk)
        refused = 0
        for n in range(5, 25):
            status, body, headers = post_layout(service.url, spec(n))
            if status == 201:  # it fitted in room the database file still had
                acknowledged.append(body["id"])
                continue
            assert status == 503, body
            assert body["type"] == "urn:layout-service:problem:store-unavailable"
            assert headers["Retry-After"] == "1"
            assert body["detail"].startswith("the store could not save the spec: "), body["detail"]
            for sql in ("INSERT", "SELECT", "layout_specs", "?1"):
                assert sql not in body["detail"], body["detail"]
            refused += 1
        assert refused > 0
        assert service.wait_for_output("level=error"), service.output()
        error_lines = [line for line in service.output().splitlines() if "level=error" in line]
        assert any("store error" in line and "operation=save" in line for line in error_lines), error_lines
        # At most one line a second for saves: the refusals above came in a burst.
        assert len(error_lines) < refused or refused == 1, error_lines
        assert status_of(service.url, "/readyz") == 503
        # What was acknowledged is answered meanwhile (from memory).
        for layout_id in acknowledged:
            assert status_of(service.url, "/v1/layouts/" + layout_id) == 200

        os.remove(filler)
        deadline = time.time() + 15
        while status_of(service.url, "/readyz") != 200:
            assert time.time() < deadline, "readyz did not recover"
            time.sleep(0.1)
        status, summary, _ = post_layout(service.url, spec(99))
        assert status == 201
        acknowledged.append(summary["id"])
    finally:
        service.stop()
    # Every id acknowledged is in the archive: a new process over the same directory answers each.
    again = Service(data_dir=data)
    try:
        for layout_id in acknowledged:
            assert status_of(again.url, "/v1/layouts/" + layout_id) == 200, layout_id
    finally:
        again.stop()
