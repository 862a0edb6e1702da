"""GET /v1/layouts/{id}/render.svg, parsed: one shape per element, at its frame, labelled, styled by category."""
import json
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def post(service, spec):
    request = urllib.request.Request(service.url + "/v1/layouts", data=json.dumps(spec).encode(), method="POST")
    return json.load(urllib.request.urlopen(request))["id"]


def elements(service, layout_id, rect, offset="0,0"):
    url = "%s/v1/layouts/%s/attributes?rect=%s&offset=%s" % (service.url, layout_id, rect, offset)
    return json.load(urllib.request.urlopen(url))["elements"]


def shapes(svg_bytes):
    root = ET.fromstring(svg_bytes)
    out = {}
    for group in root.iter(SVG + "g"):
        shape = group.find(SVG + "rect")
        if shape is None:
            shape = group.find(SVG + "polygon")
        out[group.get("data-id")] = (group.get("class"), shape, group.find(SVG + "text").text)
    return root, out


def key(e):
    return "cell/%d/%d" % (e["section"], e["item"]) if e["category"] == "cell" else \
        "%s/%s/%d/%d" % (e["category"], e["kind"], e["section"], e["item"])


def test_one_shape_per_element_at_its_frame(service):
    layout_id = post(service, {"layout": "flow", "collectionView": {"width": 320, "height": 480},
                               "itemSize": {"width": 100, "height": 50}, "headerReferenceSize": {"width": 0, "height": 30},
                               "decorations": [{"kind": "background"}], "sections": [{"items": 7}, {"items": 2}]})
    with urllib.request.urlopen("%s/v1/layouts/%s/render.svg?rect=0,0,320,200" % (service.url, layout_id)) as r:
        assert r.headers["Content-Type"] == "image/svg+xml"
        root, drawn = shapes(r.read())
    want = elements(service, layout_id, "0,0,320,200")
    assert set(drawn) == {key(e) for e in want}
    for e in want:
        category, shape, label = drawn[key(e)]
        assert category == e["category"]
        assert shape.tag == SVG + "rect"
        f = e["frame"]
        assert [float(shape.get(a)) for a in ("x", "y", "width", "height")] == [f["x"], f["y"], f["width"], f["height"]]
        assert label == ("%d.%d" % (e["section"], e["item"]) if e["category"] == "cell" else "%s %d" % (e["kind"], e["section"]))
    outline = root.find(SVG + "rect[@class='query']")
    assert [outline.get(a) for a in ("x", "y", "width", "height")] == ["0", "0", "320", "200"]


def test_the_whole_content_without_a_rect_and_polygons_for_3d(service):
    circle = post(service, {"layout": "circle", "collectionView": {"width": 300, "height": 300}, "sections": [{"items": 9}]})
    _, drawn = shapes(urllib.request.urlopen("%s/v1/layouts/%s/render.svg" % (service.url, circle)).read())
    assert len(drawn) == 9
    wheel = post(service, {"layout": "wheel", "collectionView": {"width": 320, "height": 200}, "sections": [{"items": 8}]})
    _, drawn = shapes(urllib.request.urlopen("%s/v1/layouts/%s/render.svg?rect=0,0,320,200" % (service.url, wheel)).read())
    assert len(drawn) == 8 and all(shape.tag == SVG + "polygon" for _, shape, _ in drawn.values())


def test_a_large_layout_needs_a_rect(service):
    big = post(service, {"layout": "flow", "collectionView": {"width": 320, "height": 480}, "sections": [{"items": 100000}]})
    try:
        urllib.request.urlopen("%s/v1/layouts/%s/render.svg" % (service.url, big))
        raise AssertionError("rendered 100,000 elements")
    except urllib.error.HTTPError as e:
        assert e.code == 422
        assert json.loads(e.read())["parameter"] == "rect"


def test_the_readme_pictures_are_current():
    """docs/pictures are what the service renders now (scripts/render-pictures writes them)."""
    import os
    import subprocess
    import sys
    from conftest import BIN
    root = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
    r = subprocess.run([sys.executable, os.path.join(root, "scripts", "render-pictures"), "--check", "--bin", BIN],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
