"""Content longer than a browser allows an element, in headless Chromium against the service on loopback: a
100-pixel wheel step, an arrow key and PageDown move docs/clients.md's million-item feed and a 1,000,000-row grid
by exactly what they move a short page, in the middle of the content and near its ends, and the content stands
still when the scroll bar is re-anchored after the scrolling stops; a drag of the scroll bar's thumb (a jump of
the DOM offset) maps proportionally. The input is real: WebDriver wheel and key actions, scrolled by the browser.
Printed: the longest element Chromium lays out here."""

import pytest

from chromium import quiet as wait_quiet, start  # noqa: E402 (skips the module without a browser)
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

VIEW = {"width": 390, "height": 600}
FEED = {"layout": "flow", "collectionView": VIEW, "itemSize": {"width": 390, "height": 72}, "minimumLineSpacing": 1,
        "sections": [{"items": 1000000}]}
SHORT = {**FEED, "sections": [{"items": 1000}]}
GRID = {"layout": "grid", "collectionView": VIEW, "rows": {"count": 1000000, "size": 28, "overrides": {"0": 40}},
        "columns": {"count": 10000, "size": 100, "sizes": [64]},
        "frozen": {"top": 1, "bottom": 1, "leading": 1, "trailing": 0}}

# The page: one scroller (focusable, for keys), a virtualizer on the layout of the spec given.
SETUP = r"""
const [spec, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const {LayoutClient, Virtualizer} = await import("/client/layout-client.js");
  if (window.mapping) window.mapping.virtualizer.destroy();
  document.body.innerHTML = "";
  document.body.style.margin = "0";
  const scroller = document.createElement("div");
  scroller.tabIndex = 0;
  Object.assign(scroller.style, {width: spec.collectionView.width + "px", height: spec.collectionView.height + "px",
    overflow: "auto", position: "relative", outline: "none"});
  document.body.appendChild(scroller);
  const client = new LayoutClient("");
  const summary = await client.prepare(spec);
  // The layout stays at the scroller's box, scroll bars over it: this page tests the scroll mapping alone, not the
  // client area followed (followClientArea, test_client_scrollbars.py).
  const virtualizer = new Virtualizer({client, layoutId: summary.id, scrollElement: scroller, followClientArea: false,
    createView: () => document.createElement("div"), updateView: (view, e) => { view.textContent = e.item; }});
  await virtualizer.ready;
  window.mapping = {scroller, virtualizer, summary};
  done({height: summary.contentSize.height, clientHeight: scroller.clientHeight});
})().catch((e) => done({error: String(e && e.stack || e)}));
"""

# Where the views are on screen: key -> top relative to the scroller, of the views meeting the viewport (but a
# grid's frozen ones); the layout offset; the DOM offset.
SHOWN = r"""
const {scroller, virtualizer} = window.mapping, box = scroller.getBoundingClientRect(), out = {};
for (const [key, {view, element}] of virtualizer.live) {
  if (element.zIndex) continue;  // a grid's frozen cells stay where they are pinned
  const r = view.getBoundingClientRect();
  if (r.bottom > box.top && r.top < box.bottom && view.style.display !== "none") out[key] = r.top - box.top;
}
return {views: out, offset: virtualizer.offset().y, dom: scroller.scrollTop};
"""


@pytest.fixture(scope="module")
def browser(request):
    return start(request, "800,800")[0]


def load(browser, spec):
    result = browser.execute_async_script(SETUP, spec)
    assert "error" not in result, result["error"]
    return result


def quiet(browser):
    """Waits until no scroll event came for 300 ms (the settle re-anchor included) and no answer is awaited."""
    wait_quiet(browser, "window.mapping.scroller", "window.mapping.virtualizer")
    return browser.execute_script(SHOWN)


def jump(browser, dom):
    """The DOM offset set as a drag of the thumb sets it."""
    browser.execute_script("window.mapping.scroller.scrollTop = arguments[0]", dom)
    return quiet(browser)


def moved(before, after):
    """How far the content moved up on screen: the same for every view shown both times."""
    common = set(before["views"]) & set(after["views"])
    assert common, "no view in common"
    distances = {round(before["views"][k] - after["views"][k], 3) for k in common}
    assert len(distances) == 1, distances
    return distances.pop()


def wheel(browser, dy):
    scroller = browser.find_element("css selector", "body > div")
    ActionChains(browser).scroll_from_origin(ScrollOrigin.from_element(scroller), 0, dy).perform()


def key(browser, name):
    browser.execute_script("window.mapping.scroller.focus()")
    ActionChains(browser).send_keys(name).perform()


def distances(browser, spec, dom):
    """What a wheel step of 100, an arrow key down and PageDown move the content by, from DOM offset `dom`."""
    load(browser, spec)
    out = []
    for action in (lambda: wheel(browser, 100), lambda: key(browser, Keys.ARROW_DOWN),
                   lambda: key(browser, Keys.PAGE_DOWN)):
        before = jump(browser, dom)
        action()
        after = quiet(browser)
        out.append(moved(before, after))
        # The layout offset moved by as much.
        assert after["offset"] - before["offset"] == pytest.approx(out[-1], abs=0.01)
    return out


def test_chromium_caps_an_element_and_the_content_longer_than_it_scrolls(browser):
    cap = browser.execute_script("""
        const c = document.createElement("div"); c.style.height = "1000000000px"; document.body.appendChild(c);
        const h = c.getBoundingClientRect().height; c.remove(); return h;""")
    print("\nChromium lays out an element at most %d px long" % cap)
    assert cap >= 16000000, "the default maxContentLength (16,000,000) must fit"
    layout = load(browser, FEED)
    assert layout["height"] > cap


@pytest.mark.parametrize("spec", [FEED, GRID], ids=["feed", "grid"])
def test_wheel_steps_and_keys_move_long_content_as_they_move_a_short_page(browser, spec):
    short = distances(browser, SHORT, 20000)
    assert short[0] == 100 and short[1] == 40
    for dom in (20000, 8000000, 15999400 - 20000):  # near the top, the middle, near the end of the DOM
        got = distances(browser, spec, dom)
        # As on the short page, within what the browser's own scrolling lands on: PageDown's 0.875 of a view
        # (511.875 here) is snapped to whole pixels, 511 or 512 by where it starts; and from 2^23 pixels on, where
        # Chromium's scroll offsets (floats) are 1 pixel apart, a key's smooth scroll adds up its rounded frames and
        # may end a pixel or two past its 40 (seen: the element itself moved 2 + 4 + 12 + 8 + 6 + 6 + 2 + 2 = 42
        # from 15,964,388, the page writing nothing). (The DOM moved less: re-anchored once the scrolling stopped.)
        coarse = 2 if dom >= 2 ** 23 else 0
        tolerance = (0, coarse, max(1, coarse))
        assert all(abs(a - b) <= tolerance[i] for i, (a, b) in enumerate(zip(got, short))), (dom, got, short)


def test_the_ends_are_reached_and_the_thumb_maps_proportionally(browser):
    layout = load(browser, FEED)
    height, view = layout["height"], layout["clientHeight"]
    dom_range = 16000000 - view  # the content element is 16,000,000 long (maxContentLength)
    middle = jump(browser, dom_range // 2)
    assert middle["offset"] == pytest.approx((dom_range // 2) * (height - view) / dom_range, abs=1)
    end = jump(browser, dom_range)
    assert end["offset"] == height - view
    assert "cell/0/999999" in end["views"]
    # Wheel steps up from the end move 100 each; the thumb back at the top is the top.
    before = end
    for _ in range(3):
        wheel(browser, -100)
        after = quiet(browser)
        assert moved(before, after) == -100
        before = after
    top = jump(browser, 0)
    assert top["offset"] == 0 and "cell/0/0" in top["views"]
