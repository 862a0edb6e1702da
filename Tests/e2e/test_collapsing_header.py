"""The playground's profile page (a collapsing header over a pinned tab bar, docs/specs.md "Collapsing headers") in
headless Chromium: the page is flung down through the collapse and back up, sampled every animation frame.

Each frame records the scroll position the virtualizer last drew for (its onRender) and what the page shows then:
the header's view (its top and height, from its style) and the tab bar's (the pinned section header), and the
`--collapse-progress` CSS variable on the viewport. Every frame drawn for the position it shows is checked against
the service's answer at that offset (`attributes?rect&offset`): the header's frame and `collapseProgress`, the tab
bar's y. Tiles leave the header out: the client places it from the summary, so this is the client against the
service."""
import json
import urllib.request

import pytest

from chromium import quiet, start  # noqa: E402 (skips the module without a browser)

NAME = "Profile (collapsing header)"
HEADER = "supplementary/collapsingHeader/0/0"
TAB_BAR = "supplementary/header/0/0"

FLING = r"""
const [start, speed, seconds, headerKey, tabKey, done] = arguments;
const viewport = document.getElementById("viewport"), virtualizer = window.playground.virtualizer;
let drawn = null;
const before = virtualizer.onRender;
virtualizer.onRender = (info) => { drawn = info.offset[1]; if (before) before(info); };
const box = (key) => {
  const v = document.querySelector(`#content [data-key="${key}"]`);
  return v && v.style.display !== "none" ? [parseFloat(v.style.top), parseFloat(v.style.height)] : null;
};
const samples = [];
let t0 = null;
function frame(now) {
  if (t0 === null) t0 = now;
  const t = (now - t0) / 1000;
  // What this frame shows: the views drawn for the last scroll position the virtualizer saw.
  samples.push({top: viewport.scrollTop, drawn, header: box(headerKey), tab: box(tabKey),
    progress: viewport.style.getPropertyValue("--collapse-progress")});
  if (t > seconds) { virtualizer.onRender = before; return done(samples); }
  viewport.scrollTop = Math.max(0, start + speed * t);
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
"""


@pytest.fixture(scope="module")
def page(request):
    browser, service = start(request, "1200,900", "/", script_timeout=60)
    browser.execute_async_script("window.playgroundReady.then(() => arguments[0]())")
    assert NAME in browser.execute_script("return playground.examples")
    summary = browser.execute_async_script(
        "Promise.resolve(playground.load(arguments[0])).then(() => playground.prepare())"
        ".then((a) => arguments[1](a))", NAME)
    return browser, service, summary


def answer(service, layout_id, y, height):
    url = "%s/v1/layouts/%s/attributes?rect=0,%r,390,%r&offset=0,%r" % (service.url, layout_id, y, height, y)
    elements = json.load(urllib.request.urlopen(url))["elements"]
    return {("%s/%s/%d/%d" % (e["category"], e.get("kind"), e["section"], e["item"])): e for e in elements}


@pytest.mark.parametrize("start,speed", [(0, 400), (3000, -1500)])
def test_a_fling_draws_the_header_and_the_tab_bar_where_the_service_puts_them(page, start, speed):
    browser, service, summary = page
    header = summary["tile"]["collapsingHeader"]
    assert (header["expandedHeight"], header["collapsedHeight"]) == (280, 88)
    browser.execute_script("document.getElementById('viewport').scrollTop = arguments[0]", start)
    quiet(browser, "document.getElementById('viewport')", "window.playground.virtualizer")
    samples = browser.execute_async_script(FLING, start, speed, 2.0, HEADER, TAB_BAR)
    height = browser.execute_script("return document.getElementById('viewport').clientHeight")
    checked, collapsed, expanded = 0, 0, 0
    seen = set()
    for s in samples:
        # A frame drawn for the position it shows (the scroll event of the last move already handled).
        if s["drawn"] is None or s["drawn"] != s["top"] or s["top"] in seen:
            continue
        seen.add(s["top"])
        want = answer(service, summary["id"], s["top"], height)
        h = want[HEADER]
        assert s["header"] is not None, s
        # The DOM reads lengths back rounded (Chromium: about 6 significant digits).
        assert s["header"] == pytest.approx([h["frame"]["y"], h["frame"]["height"]], rel=1e-5, abs=1e-3), s
        assert float(s["progress"]) == pytest.approx(h["collapseProgress"], abs=1e-6), s
        if TAB_BAR in want:
            assert s["tab"] is not None and s["tab"][0] == pytest.approx(want[TAB_BAR]["frame"]["y"], abs=1e-3), s
        collapsed += h["collapseProgress"] == 1
        expanded += h["collapseProgress"] < 1
        checked += 1
    print("%s: %d frames, %d checked against the service (%d collapsing, %d collapsed)"
          % (speed, len(samples), checked, expanded, collapsed))
    # Most frames show the position the virtualizer drew for; both halves of the collapse are among them.
    assert checked >= len(samples) // 3, (checked, len(samples))
    assert collapsed > 0 and expanded > 0
