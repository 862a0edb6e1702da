"""Scroll effects in headless Chromium: the playground's carousel (a compositional row that scrolls on its own,
whose centre card is whole and whose neighbours shrink and fade, over rows that fade towards the page's edges),
drawn by the JavaScript client from the service's tiles and the summary's `scrollEffects`.

The row is flung (the playground's `flingRow`: to the service's target offset for that section, animated frame by
frame) and the page is scrolled smoothly; after every render the test records what the page drew: each cell's
place, its transform's scale and its opacity, with the page's offset and the row's offset that render used. Each
recorded frame (up to 40 of them, spread evenly) is then compared with the service's answer for that offset and
row offset (`GET .../attributes?offset=...&sectionOffsets=0:...`): the same cells at the same frames, with the
same scale and alpha."""
import json
import re
import urllib.parse
import urllib.request

import pytest

from chromium import start  # noqa: E402 (skips the module without a browser)

# After every render that draws: the layout (the page lays it out again when its client area changes), the offset
# and row offset it drew for, and each cell view it shows.
RECORD = r"""
const done = arguments[arguments.length - 1];
const v = playground.virtualizer, frames = [];
window.carouselFrames = frames;
const render = v.render.bind(v);
v.render = (viewport = v.viewport()) => {
  const drawn = v.stats.renders;
  render(viewport);
  if (v.stats.renders === drawn) return;  // nothing drawn (a layout not whole yet)
  frames.push({id: v.layoutId, offset: [viewport.x, viewport.y], row: v.sectionOffsets.get(0) || 0,
    cells: Array.from(document.querySelectorAll('#content .element.cell'))
      .filter((n) => n.dataset.id && n.style.display !== 'none')
      .map((n) => [n.dataset.id, parseFloat(n.style.left), parseFloat(n.style.top), n.style.transform, n.style.opacity])});
};
done();"""


@pytest.fixture(scope="module")
def page(request):
    browser, service = start(request, "1200,900", "/", script_timeout=30)
    browser.execute_async_script("window.playgroundReady.then(() => arguments[0]())")
    return browser, service


def scale_of(transform):
    m = re.match(r"matrix3d\(([^,]+),", transform or "")
    return float(m.group(1)) if m else 1.0


def answer(service, layout_id, offset, row):
    query = urllib.parse.urlencode({"rect": "-2000,%r,5000,700" % offset[1], "offset": "%r,%r" % tuple(offset),
                                    "sectionOffsets": "0:%r" % row})
    url = "%s/v1/layouts/%s/attributes?%s" % (service.url, layout_id, query)
    out = {}
    for e in json.load(urllib.request.urlopen(url))["elements"]:
        if e["category"] == "cell":
            t = e.get("transform3D")
            out["cell/%d/%d" % (e["section"], e["item"])] = (e["frame"]["x"], e["frame"]["y"], t[0] if t else 1.0,
                                                              e["alpha"])
    return out


def check(service, frames):
    """Compares up to 40 recorded frames with the service's answers; returns how many cells were compared and how
    many of them were scaled."""
    compared = scaled = 0
    step = max(1, len(frames) // 40)
    for frame in frames[::step]:
        want = answer(service, frame["id"], frame["offset"], frame["row"])
        for key, left, top, transform, opacity in frame["cells"]:
            if key not in want:  # drawn in the overscan, outside the rect asked for
                continue
            x, y, scale, alpha = want[key]
            assert left == pytest.approx(x, abs=1e-3) and top == pytest.approx(y, abs=1e-3), (frame["row"], key)
            assert scale_of(transform) == pytest.approx(scale, abs=1e-5), (frame["offset"], frame["row"], key, transform)
            assert float(opacity or 1) == pytest.approx(alpha, abs=1e-5), (frame, key, opacity)
            assert (transform or "").startswith("matrix3d(") == (scale != 1), (frame, key)
            compared += 1
            scaled += scale < 1
    return compared, scaled


def test_the_carousel_draws_the_services_scale_and_alpha_while_flung(page):
    browser, service = page
    summary = browser.execute_async_script(
        "Promise.resolve(playground.load('Carousel')).then(() => playground.prepare()).then((a) => arguments[0](a))")
    assert summary["boundsDependent"] and [r["axis"] for r in summary["scrollEffects"]] == ["x", "y"]
    browser.execute_async_script(RECORD)
    # Fling the row to the right, then back a little: each time it comes to rest with a card centred.
    rests = [browser.execute_async_script("playground.flingRow(0, arguments[0]).then((x) => arguments[1](x))", v)
             for v in (2.4, -0.6)]
    assert all(r % 272 == 0 for r in rests) and rests[0] > 0, rests
    # Scroll the page smoothly: the rows below fade with their distance from the page's centre.
    browser.execute_async_script("""
        const done = arguments[0], viewport = document.getElementById('viewport');
        viewport.scrollTo({top: 900, behavior: 'smooth'});
        const start = performance.now();
        (function wait() { if (viewport.scrollTop >= 899 || performance.now() - start > 5000) setTimeout(done, 100);
                           else requestAnimationFrame(wait); })();""")
    frames = browser.execute_script("return window.carouselFrames")
    assert len(frames) > 20, len(frames)
    compared, scaled = check(service, frames)
    assert compared > 300 and scaled > 50, (compared, scaled)
    # At rest the centred card is whole: the one at the view's centre (195) along the row.
    last_row = [f for f in frames if f["row"] == rests[-1] and f["offset"][1] < 100][-1]  # before the page scroll
    centred = [c for c in last_row["cells"] if c[0].startswith("cell/0/") and abs(c[1] + 130 - 195) < 0.5]
    assert centred and scale_of(centred[0][3]) == 1 and float(centred[0][4] or 1) == 1, centred
