"""The front door on a real process with default flags: concurrent small POSTs queue rather than fail, tiles are
immutable and gzipped once, and the columnar answer holds the full answer's frames."""
import gzip
import json
import threading
import urllib.request

SPEC = {"layout": "flow", "collectionView": {"width": 390, "height": 844}, "itemSize": {"width": 100, "height": 100},
        "minimumLineSpacing": 10, "minimumInteritemSpacing": 10, "sections": [{"items": 2000}]}


def request(url, method="GET", body=None, headers=None, timeout=30):
    req = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def test_64_concurrent_small_posts_distinct_and_identical_all_succeed(service):
    statuses, barrier = [], threading.Barrier(64)

    def post(i):
        spec = dict(SPEC, sections=[{"items": 100 + (i if i % 2 else 0)}])  # half distinct, half one spec
        body = json.dumps(spec).encode()
        barrier.wait(30)
        statuses.append(request(service.url + "/v1/layouts", "POST", body,
                                {"Content-Type": "application/json"}, timeout=60)[0])

    threads = [threading.Thread(target=post, args=(i,)) for i in range(64)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(90)
    assert len(statuses) == 64
    assert set(statuses) <= {200, 201}, statuses
    assert statuses.count(201) == 33  # 32 distinct specs and the shared one: created once each


def test_tiles_are_immutable_gzipped_once_and_counted(service):
    status, _, body = request(service.url + "/v1/layouts", "POST", json.dumps(SPEC).encode())
    summary = json.loads(body)
    assert summary["tile"]["axis"] == "y" and summary["tile"]["length"] == 844
    tile = service.url + "/v1/layouts/%s/tiles/3" % summary["id"]
    status, headers, plain = request(tile)
    assert status == 200 and headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Accept-Encoding" in headers["Vary"] and headers["Vary"].count("Accept-Encoding") == 1
    status, zipped_headers, zipped = request(tile, headers={"Accept-Encoding": "gzip"})
    assert status == 200 and zipped_headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped) == plain and len(zipped) < len(plain) / 3
    assert zipped_headers["ETag"] == "W/" + headers["ETag"]
    status, _, _ = request(tile, headers={"If-None-Match": headers["ETag"]})
    assert status == 304
    elements = json.loads(plain)["elements"]
    lo, hi = 3 * 844, 4 * 844
    assert elements and all(e["frame"]["y"] <= hi and lo <= e["frame"]["y"] + e["frame"]["height"] for e in elements)
    columns = json.loads(request(tile + "?format=columns")[2])
    assert columns["count"] == len(elements) and columns["y"] == [e["frame"]["y"] for e in elements]
    metrics = request(service.url + "/metrics")[2].decode()
    assert "tile_cache_hits_total 1" in metrics and "tile_cache_entries 2" in metrics
    assert request(service.url + "/v1/layouts/%s/tiles/99" % summary["id"])[0] == 404
    assert request(service.url + "/v1/layouts/%s/tiles/x" % summary["id"])[0] == 400


def test_grid_tiles_are_two_dimensional_immutable_and_gzipped(service):
    spec = {"layout": "grid", "collectionView": {"width": 1280, "height": 800},
            "rows": {"count": 1000000, "size": 28, "overrides": {"0": 40}},
            "columns": {"count": 10000, "size": 100, "sizes": [64, 220, 100]},
            "frozen": {"top": 1, "bottom": 1, "leading": 1}}
    summary = json.loads(request(service.url + "/v1/layouts", "POST", json.dumps(spec).encode())[2])
    assert "tile" not in summary
    assert summary["tileGrid"] == {"width": 1280, "height": 800, "columns": 782, "rows": 35001}
    tile = service.url + "/v1/layouts/%s/tiles/2/3" % summary["id"]
    status, headers, plain = request(tile)
    assert status == 200 and headers["Cache-Control"] == "public, max-age=31536000, immutable"
    status, zipped_headers, zipped = request(tile, headers={"Accept-Encoding": "gzip"})
    assert zipped_headers["Content-Encoding"] == "gzip" and gzip.decompress(zipped) == plain
    assert request(tile, headers={"If-None-Match": headers["ETag"]})[0] == 304
    elements = json.loads(plain)["elements"]
    corner = [e for e in elements if (e["section"], e["item"]) == (0, 0)][0]
    assert corner["stickyX"] == {"edge": "leading", "min": 0, "max": 1000084 - 64, "inset": 0}
    assert corner["stickyY"]["edge"] == "leading" and corner["zIndex"] == 2
    columns = json.loads(request(tile + "?format=columns")[2])
    assert columns["count"] == len(elements) and columns["stickyX"][elements.index(corner)][0] == "leading"
    assert request(service.url + "/v1/layouts/%s/tiles/35001/0" % summary["id"])[0] == 404
    assert request(service.url + "/v1/layouts/%s/tiles/0" % summary["id"])[0] == 404
