"""Rule 7 for flow on a real socket: an adaptive itemSize counts its columns from the view's width, and
POST .../bounds to a wider view counts again while the item the user was looking at stays in view."""
import json
import urllib.request

from conftest import post_layout


def get(url):
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)


def frame(service, layout_id, item):
    f = get("%s/v1/layouts/%s/items/0/%d" % (service.url, layout_id, item))["frame"]
    return f["x"], f["y"], f["width"], f["height"]


def columns(service, layout_id):
    """The items of the first row (those at y 0)."""
    n = 0
    while frame(service, layout_id, n)[1] == 0:
        n += 1
    return n


SPEC = {"layout": "flow", "collectionView": {"width": 390, "height": 844},
        "itemSize": {"minimumWidth": 150, "aspectRatio": 1}, "minimumInteritemSpacing": 10,
        "minimumLineSpacing": 10, "sectionInset": {"left": 10, "right": 10}, "sections": [{"items": 1000}]}


def test_bounds_recount_the_columns_and_keep_the_users_place(service):
    status, summary, _ = post_layout(service.url, SPEC)
    assert status == 201, summary
    first = summary["id"]
    # 370 available: 2 × 150 + 10 = 310 fits, 3 × 150 + 20 = 470 does not: 2 columns of (370 − 10) / 2 = 180.
    assert columns(service, first) == 2
    assert frame(service, first, 1) == (200, 0, 180, 180)
    # At offset 9000 the first cell starting at or below the top is item 96 (row 48, at 48 × 190 = 9120), 120 down.
    status, moved, _ = post_layout(service.url, {"collectionView": {"width": 1024, "height": 768},
                                                 "offset": {"x": 0, "y": 9000}},
                                   path="/v1/layouts/%s/bounds" % first)
    assert status == 201, moved
    # 1004 available: 6 × 150 + 50 = 950 fits, 7 × 150 + 60 = 1110 does not: 6 columns of (1004 − 50) / 6 = 159.
    assert columns(service, moved["id"]) == 6
    x, y, width, height = frame(service, moved["id"], 96)
    assert (x, y, width) == (10, 16 * 169, 159)  # item 96 is row 16, column 0
    # Item 96 keeps its distance (120) below the visible area's top, and so stays in view.
    assert y - moved["contentOffset"]["y"] == 120
    assert 0 <= y - moved["contentOffset"]["y"] < 768
    # The same layout posted whole has the same id.
    status, whole, _ = post_layout(service.url, dict(SPEC, collectionView={"width": 1024, "height": 768}))
    assert whole["id"] == moved["id"]


def test_a_horizontal_flow_refuses_a_minimum_width(service):
    status, problem, _ = post_layout(service.url, dict(SPEC, scrollDirection="horizontal"))
    assert status == 422
    assert problem["pointer"] == "/itemSize/minimumWidth"
