"""Tiles of compositional layouts and lists on a real process: pinned headers carry sticky ranges that put them where
the pinned supplementary query does, and orthogonal rows, given unscrolled, moved by the row offset are what the
rect query with sectionOffsets answers."""
import gzip
import json
import urllib.request

LIST = {"layout": "list", "collectionView": {"width": 320, "height": 300}, "appearance": "plain",
        "headerMode": "supplementary", "sections": [{"items": 9}, {"items": 3}, {"items": 14}]}

PAGE = {"layout": "compositional", "collectionView": {"width": 390, "height": 500},
        "sections": [
            {"items": 12, "section": {
                "group": {"axis": "horizontal",
                          "size": {"width": {"fractionalWidth": 0.45}, "height": {"absolute": 150}},
                          "subitems": [{"item": {"size": {"width": {"fractionalWidth": 1},
                                                          "height": {"fractionalHeight": 1}}}}]},
                "interGroupSpacing": 10, "orthogonalScrollingBehavior": "continuous",
                "contentInsets": {"top": 0, "leading": 16, "bottom": 0, "trailing": 16}}},
            {"items": 20, "section": {
                "group": {"axis": "horizontal",
                          "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 80}},
                          "subitems": [{"item": {"size": {"width": {"fractionalWidth": 1},
                                                          "height": {"fractionalHeight": 1}}}}]}}}]}


def request(url, headers=None):
    req = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), e.read()


def post(service, spec):
    req = urllib.request.Request(service.url + "/v1/layouts", data=json.dumps(spec).encode(), method="POST")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def test_list_tiles_pin_headers_by_sticky_ranges(service):
    summary = post(service, LIST)
    tile = summary["tile"]
    assert tile["axis"] == "y" and tile["length"] == 300 and "orthogonalSections" not in tile
    view, checked = 300, 0
    for k in range(tile["count"]):
        url = service.url + "/v1/layouts/%s/tiles/%d" % (summary["id"], k)
        status, headers, plain = request(url)
        assert status == 200 and headers["Cache-Control"] == "public, max-age=31536000, immutable"
        status, zipped_headers, zipped = request(url, headers={"Accept-Encoding": "gzip"})
        assert zipped_headers.get("Content-Encoding") == "gzip" and gzip.decompress(zipped) == plain
        elements = json.loads(plain)["elements"]
        columns = json.loads(request(url + "?format=columns")[2])
        assert columns["y"] == [e["frame"]["y"] for e in elements]
        for i, e in enumerate(elements):
            if e.get("kind") != "header":
                assert "sticky" not in e
                continue
            s = e["sticky"]
            assert s["edge"] == "leading" and columns["sticky"][i] == ["leading", s["min"], s["max"]]
            for offset in range(0, int(summary["contentSize"]["height"]), 37):
                pinned = json.loads(request(service.url + "/v1/layouts/%s/supplementary/header/%d/0?offset=0,%d"
                                            % (summary["id"], e["section"], offset))[2])
                assert pinned["frame"]["y"] == max(s["min"], min(offset, s["max"]))
                checked += 1
    assert checked > 30


def test_orthogonal_rows_are_unscrolled_in_tiles(service):
    summary = post(service, PAGE)
    assert summary["tile"]["orthogonalSections"] == [{"section": 0, "boundaryKinds": []}]
    length = summary["tile"]["length"]
    tile = json.loads(request(service.url + "/v1/layouts/%s/tiles/0?format=columns" % summary["id"])[2])
    row_offset = 250
    moved = [x - row_offset if s == 0 else x for s, x in zip(tile["section"], tile["x"])]
    rect = "-1000000,0,2000390,%d" % length
    query = json.loads(request(service.url + "/v1/layouts/%s/attributes?rect=%s&format=columns&sectionOffsets=0:%d"
                               % (summary["id"], rect, row_offset))[2])
    assert tile["section"].count(0) == 12  # the whole row, however far across it runs
    assert query["x"] == moved and query["item"] == tile["item"] and query["y"] == tile["y"]
