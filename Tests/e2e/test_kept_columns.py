"""Rule 5 of waterfalls on a real socket: spans and columns move with their items in a batch, `insertItems` takes
`spans` and `columns`, and `"keepColumns": true` on `POST .../sizes` and `POST .../updates` keeps every old item
in the first column it had (its x and width unchanged, only its y moves), written into the new spec's
`itemColumns`: posting that spec whole gives the same id. Refusals name their field; kept layouts survive a
restart (stored whole) as do batches with spans (stored as changes)."""
import json
import random
import urllib.error
import urllib.request

from conftest import post_layout


def get(url, path):
    with urllib.request.urlopen(url + path, timeout=20) as r:
        return json.load(r)


def cells(url, layout_id, summary):
    """Every cell's frame, by (section, item)."""
    size = summary["contentSize"]
    answer = get(url, "/v1/layouts/%s/attributes?rect=0,0,%s,%s" % (layout_id, size["width"], size["height"]))
    return {(e["section"], e["item"]): e["frame"] for e in answer["elements"] if e["category"] == "cell"}


def feed(seed, count=60, columns=3):
    """A waterfall of `count` items of random heights, every seventh full-width (a banner), every eleventh two
    columns wide."""
    rng = random.Random(seed)
    spans = [columns if i % 7 == 3 else 2 if i % 11 == 5 else 1 for i in range(count)]
    return {"layout": "waterfall", "collectionView": {"width": 390, "height": 844}, "columnCount": columns,
            "columnSpacing": 6, "itemSpacing": 8, "sectionInset": {"top": 4, "left": 10, "bottom": 4, "right": 10},
            "headerHeight": 30,
            "sections": [{"itemHeights": [rng.randint(40, 200) for _ in range(count)], "itemSpans": spans},
                         {"itemHeights": [rng.randint(40, 90) for _ in range(8)]}]}


def post(url, path, body):
    return post_layout(url, body, path=path)


def posted_whole_has_the_same_id(url, layout_id):
    spec = get(url, "/v1/layouts/%s" % layout_id)["spec"]
    status, answer, _ = post_layout(url, spec)
    assert status in (200, 201) and answer["id"] == layout_id, (status, answer)
    return spec


def test_a_size_report_with_kept_columns_moves_items_only_along_their_columns(service):
    url = service.url
    status, first, _ = post_layout(url, feed(1))
    assert status == 201, first
    before = cells(url, first["id"], first)
    rng = random.Random(2)
    reported = sorted(rng.sample(range(60), 20))
    sizes = [{"section": 0, "item": i, "width": 120, "height": rng.randint(20, 300)} for i in reported]
    status, kept, _ = post(url, "/v1/layouts/%s/sizes" % first["id"],
                           {"sizes": sizes, "offset": {"x": 0, "y": 0}, "keepColumns": True})
    assert status in (200, 201), kept
    after = cells(url, kept["id"], kept)
    assert after.keys() == before.keys()
    moved = 0
    for key, frame in before.items():
        assert (after[key]["x"], after[key]["width"]) == (frame["x"], frame["width"]), key
        moved += after[key]["y"] != frame["y"]
    assert moved > 10, moved  # the report moved items, along their columns
    spec = posted_whole_has_the_same_id(url, kept["id"])
    columns = spec["sections"][0]["itemColumns"]
    column_width = (390 - 20 - 2 * 6) / 3
    for i, c in enumerate(columns):
        assert before[(0, i)]["x"] == 10 + c * (column_width + 6), (i, c)
    assert "itemColumns" not in spec["sections"][1] or spec["sections"][1]["itemColumns"][0] == 0

    # The same report without keepColumns lets the items after a change move to other columns.
    status, free, _ = post(url, "/v1/layouts/%s/sizes" % first["id"], {"sizes": sizes})
    assert status in (200, 201) and free["id"] != kept["id"]
    loose = cells(url, free["id"], free)
    assert any(loose[k]["x"] != before[k]["x"] for k in before)


def test_a_batch_with_kept_columns_places_only_the_inserted_items(service):
    url = service.url
    status, first, _ = post_layout(url, feed(3))
    assert status == 201, first
    before = cells(url, first["id"], first)
    batch = {"updates": [{"op": "insertItems", "indexPaths": [[0, 2], [0, 9]], "sizes": [[100, 60], [100, 70]],
                          "spans": [3, 1], "columns": [-1, 2]},
                         {"op": "deleteItems", "indexPaths": [[0, 0]]},
                         {"op": "moveItem", "from": [0, 40], "to": [1, 0]}],
             "keepColumns": True}
    status, kept, _ = post(url, "/v1/layouts/%s/updates" % first["id"], batch)
    assert status in (200, 201), kept
    after = cells(url, kept["id"], kept)
    spec = posted_whole_has_the_same_id(url, kept["id"])
    section = spec["sections"][0]
    # New section 0: old items 1..59 less the moved 40, with the two inserted at 2 and 9; section 1: the moved
    # item, then its own. Every old item keeps its x and width.
    old_items = [(0, i) for i in range(1, 60) if i != 40] + [(0, 40)] + [(1, i) for i in range(8)]
    new_paths = [(0, j) for j in range(60) if j not in (2, 9)] + [(1, j) for j in range(9)]
    for old, new in zip(old_items, new_paths):
        assert (after[new]["x"], after[new]["width"]) == (before[old]["x"], before[old]["width"]), (old, new)
    assert section["itemColumns"][2] == -1 and section["itemColumns"][9] == 2
    assert section["itemSpans"][2] == 3 and after[(0, 2)]["width"] == 370
    # A reloaded section's items take -1: placed by the rule again.
    status, reloaded, _ = post(url, "/v1/layouts/%s/updates" % kept["id"],
                               {"updates": [{"op": "reloadSections", "sections": [1]}], "keepColumns": True})
    assert status in (200, 201), reloaded
    spec = posted_whole_has_the_same_id(url, reloaded["id"])
    assert "itemColumns" not in spec["sections"][1], spec["sections"][1]
    # Section 0's items all existed before this batch: each keeps its column, the one inserted at -1 too (where it
    # was placed).
    pinned = spec["sections"][0]["itemColumns"]
    assert all(c == k for c, k in zip(pinned, section["itemColumns"]) if k != -1) and -1 not in pinned, pinned


def test_spans_and_columns_move_with_their_items_and_survive_a_restart(start):
    first = start()
    url = first.url
    status, layout, _ = post_layout(url, {
        "layout": "waterfall", "collectionView": {"width": 300, "height": 600}, "columnCount": 3,
        "sections": [{"itemHeights": [50, 60, 70, 80, 90], "itemSpans": [1, 2, 1, 3, 1],
                      "itemColumns": [-1, 1, -1, -1, 0]}]})
    assert status == 201, layout
    batch = {"updates": [{"op": "moveItem", "from": [0, 1], "to": [0, 4]},
                         {"op": "insertItems", "indexPaths": [[0, 0]], "sizes": [[10, 40]], "spans": [2],
                          "columns": [1]}]}
    status, moved, _ = post(url, "/v1/layouts/%s/updates" % layout["id"], batch)
    assert status in (200, 201), moved
    section = posted_whole_has_the_same_id(url, moved["id"])["sections"][0]
    assert section["itemHeights"] == [40, 50, 70, 80, 60, 90]
    assert section["itemSpans"] == [2, 1, 1, 3, 2, 1]
    assert section["itemColumns"] == [1, -1, -1, -1, 1, 0]
    status, kept, _ = post(url, "/v1/layouts/%s/sizes" % moved["id"],
                           {"sizes": [{"section": 0, "item": 1, "width": 10, "height": 10}], "keepColumns": True})
    assert status in (200, 201), kept
    first.stop()
    second = start(data_dir=first.data_dir)
    for layout_id in (moved["id"], kept["id"]):
        assert get(second.url, "/v1/layouts/%s" % layout_id)["id"] == layout_id


def test_refusals_name_their_field(service):
    url = service.url
    status, flow, _ = post_layout(url, {"layout": "flow", "collectionView": {"width": 300, "height": 600},
                                        "sections": [{"items": 3}]})
    assert status == 201
    for path, body in (("sizes", {"sizes": [], "keepColumns": True}),
                       ("updates", {"updates": [], "keepColumns": True})):
        status, problem, _ = post(url, "/v1/layouts/%s/%s" % (flow["id"], path), body)
        assert status == 422 and problem["pointer"] == "/keepColumns", problem
    status, problem, _ = post(url, "/v1/layouts/%s/updates" % flow["id"], {
        "updates": [{"op": "insertItems", "indexPaths": [[0, 0]], "spans": [2]}]})
    assert status == 422 and problem["pointer"] == "/updates/0/spans", problem
    status, fall, _ = post_layout(url, feed(4))
    assert status == 201
    for op, pointer in (({"op": "insertItems", "indexPaths": [[0, 0], [0, 1]], "spans": [1]}, "/updates/0/spans"),
                        ({"op": "insertItems", "indexPaths": [[0, 0]], "spans": [0]}, "/updates/0/spans/0"),
                        ({"op": "insertItems", "indexPaths": [[0, 0]], "columns": [-2]}, "/updates/0/columns/0"),
                        ({"op": "insertItems", "indexPaths": [[0, 0]], "columns": [1.5]}, "/updates/0/columns/0"),
                        ({"op": "reloadItems", "indexPaths": [[0, 0]], "spans": [2]}, "/updates/0/spans")):
        status, problem, _ = post(url, "/v1/layouts/%s/updates" % fall["id"], {"updates": [op]})
        assert status == 422 and problem["pointer"] == pointer, (op, problem)
    status, problem, _ = post(url, "/v1/layouts/%s/sizes" % fall["id"], {"sizes": [], "keepColumns": "yes"})
    assert status == 422 and problem["pointer"] == "/keepColumns", problem
    # false is the default, on any kind.
    status, same, _ = post(url, "/v1/layouts/%s/sizes" % flow["id"], {"sizes": [], "keepColumns": False})
    assert status == 200 and same["id"] == flow["id"], same
