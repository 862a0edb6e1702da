"""The playground page in a real headless Chromium against a live service: every example, scrolled to several
offsets, renders exactly the elements the API returns for the rect the page asked for; DOM nodes stay bounded
while scrolling a 100k-item layout; problems are shown and their pointer selected in the editor. Screenshots go
to artifacts/ (CI keeps them)."""
import json
import os
import time
import urllib.request

import pytest

from chromium import start  # noqa: E402 (skips the module without a browser)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
ARTIFACTS = os.path.join(ROOT, "artifacts")


@pytest.fixture(scope="module")
def page(request):
    browser, service = start(request, "1200,900", "/", script_timeout=30)
    browser.execute_async_script("window.playgroundReady.then(() => arguments[0]())")
    return browser, service


def prepare(browser, name):
    return browser.execute_async_script(
        "Promise.resolve(playground.load(arguments[0])).then(() => playground.prepare())"
        ".then((a) => arguments[1](a))", name)


def scroll_and_wait(browser, x, y):
    """Scrolls the viewport and waits for the render that follows; returns the query the page made."""
    before = browser.execute_script("return Number(document.getElementById('viewport').dataset.renders || 0)")
    browser.execute_script("playground.scrollTo(arguments[0], arguments[1])", x, y)
    deadline = time.time() + 10
    while time.time() < deadline:
        data = browser.execute_script(
            "const d = document.getElementById('viewport').dataset; return [Number(d.renders || 0), d.queryRect, d.queryOffset]")
        if data[0] > before:
            return data[1], data[2]
        time.sleep(0.02)
    raise AssertionError("the page did not render after scrolling to %s,%s" % (x, y))


def rendered(browser):
    """id -> frame of every live element node, read from the DOM."""
    rows = browser.execute_script("""
        return Array.from(document.querySelectorAll('#content .element'))
          .filter((n) => n.dataset.id && n.style.display !== 'none')
          .map((n) => [n.dataset.id, parseFloat(n.style.left), parseFloat(n.style.top),
                       parseFloat(n.style.width), parseFloat(n.style.height), n.style.transform]);""")
    return {r[0]: (tuple(r[1:5]), r[5]) for r in rows}


def api(service, layout_id, rect, offset):
    url = "%s/v1/layouts/%s/attributes?rect=%s&offset=%s" % (service.url, layout_id, rect, offset)
    answer = json.load(urllib.request.urlopen(url))
    out = {}
    for e in answer["elements"]:
        key = "cell/%d/%d" % (e["section"], e["item"]) if e["category"] == "cell" else \
            "%s/%s/%d/%d" % (e["category"], e["kind"], e["section"], e["item"])
        f = e["frame"]
        out[key] = ((f["x"], f["y"], f["width"], f["height"]), "transform3D" in e)
    return out

def shows_the_api_answer(browser, service, layout_id):
    """Asserts that the page shows layout `layout_id` exactly as the API answers its last query (the viewport's
    rect and offset); returns them."""
    rect = browser.execute_script("return document.getElementById('viewport').dataset.queryRect")
    offset = browser.execute_script("return document.getElementById('viewport').dataset.queryOffset")
    want = api(service, layout_id, rect, offset)
    got = rendered(browser)
    assert set(got) == set(want)
    for key, (frame, _) in want.items():
        assert got[key][0] == pytest.approx(frame, rel=1e-5, abs=1e-3), key
    return rect, offset


def screenshot(browser, name):
    os.makedirs(ARTIFACTS, exist_ok=True)
    browser.save_screenshot(os.path.join(ARTIFACTS, "playground-%s.png" % name.lower().replace(" ", "-")))


EXAMPLES = ["Photo grid", "Tag cloud", "Waterfall", "Waterfall with banners", "Circle", "Wheel", "Pinned headers",
            "100k-item feed", "Compositional photo grid", "App Store page", "Carousel", "Badges", "Settings list",
            "Calendar week (program)", "Profile (collapsing header)",
            "File tree (100k nodes)"]


@pytest.mark.parametrize("name", EXAMPLES)
def test_each_example_renders_exactly_what_the_api_returns(page, name):
    browser, service = page
    assert name in browser.execute_script("return playground.examples")
    summary = prepare(browser, name)
    height = summary["contentSize"]["height"]
    for fraction in (0.0, 0.37, 0.81):
        rect, offset = scroll_and_wait(browser, 0, round(fraction * max(0, height - 400)))
        want = api(service, summary["id"], rect, offset)
        got = rendered(browser)
        assert set(got) == set(want), (name, rect)
        for key, (frame, has_transform) in want.items():
            # The DOM reads lengths back rounded (Chromium: about 6 significant digits).
            assert got[key][0] == pytest.approx(frame, rel=1e-5, abs=1e-3), (name, key)
            assert got[key][1].startswith("matrix3d(") == has_transform, (name, key)
    screenshot(browser, name)


def whole(service, layout_id):
    """Every cell's frame of a layout, by key, from the API."""
    summary = json.load(urllib.request.urlopen("%s/v1/layouts/%s" % (service.url, layout_id)))
    size = summary["contentSize"]
    return {k: v[0] for k, v in api(service, layout_id, "0,0,%s,%s" % (size["width"], size["height"]), "0,0").items()
            if k.startswith("cell/")}


def test_banners_span_the_feed_and_grown_cells_keep_their_columns(page):
    browser, service = page
    summary = prepare(browser, "Waterfall with banners")
    scroll_and_wait(browser, 0, 1500)
    before = rendered(browser)
    banners = [k for k in before if k.startswith("cell/") and int(k.split("/")[2]) % 9 == 4]
    assert banners and all(before[k][0][0] == 6 and before[k][0][2] == 378 for k in banners), banners
    grown = browser.execute_async_script(
        "playground.keptColumns.grow(true).then((a) => arguments[0](a))")
    assert grown["id"] != summary["id"]
    after = rendered(browser)
    moved = 0
    for key, (frame, _) in before.items():
        if key in after:
            assert (after[key][0][0], after[key][0][2]) == (frame[0], frame[2]), key  # x and width kept
            moved += after[key][0][1] != frame[1] or after[key][0][3] != frame[3]
    assert moved > 3, moved
    rect, offset = browser.execute_script(
        "const d = document.getElementById('viewport').dataset; return [d.queryRect, d.queryOffset]")
    want = api(service, grown["id"], rect, offset)
    assert set(rendered(browser)) == set(want)
    # Every cell of the layout kept its column; the same growth without keepColumns moves some to others.
    old, kept = whole(service, summary["id"]), whole(service, grown["id"])
    assert all((kept[k][0], kept[k][2]) == (old[k][0], old[k][2]) for k in old)
    prepare(browser, "Waterfall with banners")
    scroll_and_wait(browser, 0, 1500)
    free = browser.execute_async_script("playground.keptColumns.grow(false).then((a) => arguments[0](a))")
    loose = whole(service, free["id"])
    assert any(loose[k][0] != old[k][0] for k in old)
    screenshot(browser, "waterfall kept columns")


def test_nodes_are_recycled_while_scrolling_a_100k_item_feed(page):
    browser, _ = page
    summary = prepare(browser, "100k-item feed")
    assert summary["items"] == 100000
    height = summary["contentSize"]["height"]
    most_nodes = most_live = 0
    for step in range(40):
        scroll_and_wait(browser, 0, step * (height - 600) / 39)
        nodes, live = browser.execute_script(
            "return [document.getElementById('content').children.length, playground.state.live.size]")
        most_nodes, most_live = max(most_nodes, nodes), max(most_live, live)
    # Three viewports' worth (the visible rect plus the prefetch margin) of 78 pt rows, whatever the offset.
    assert most_live <= 30, most_live
    assert most_nodes <= most_live + 64, most_nodes  # the live ones and a pool of at most 64 spares
    assert browser.execute_script("return Number(document.getElementById('nodes').textContent)") <= most_nodes


def test_problems_point_at_the_field(page):
    browser, _ = page
    bad = '{"layout": "flow",\n "collectionView": {"width": 390, "height": 600},\n "sections": [{"itemSizes": [[10, 10], [-5, 10]]}]}'
    browser.execute_script("document.getElementById('spec').value = arguments[0]", bad)
    browser.execute_async_script("playground.prepare().then(() => arguments[0]())")
    shown = browser.execute_script("""
        const box = document.getElementById('problem'), spec = document.getElementById('spec');
        return [box.hidden, box.querySelector('mark') && box.querySelector('mark').textContent,
                spec.value.slice(spec.selectionStart, spec.selectionEnd)]""")
    assert shown[0] is False
    assert shown[1] == "/sections/0/itemSizes/1/0"
    assert shown[2] == "-5"
    screenshot(browser, "problem")


def test_insert_and_delete_animate_then_show_the_new_layout(page):
    browser, service = page
    summary = prepare(browser, "Photo grid")
    scroll_and_wait(browser, 0, 0)
    for op, delta in (("insert", 1), ("delete", -1)):
        answer = browser.execute_async_script("playground.update(arguments[0]).then((a) => arguments[1](a))", op)
        assert answer["items"] == summary["items"] + (delta if op == "insert" else 0)
        kinds = {(a["before"]["alpha"], a["after"]["alpha"]) for a in answer["animations"]}
        assert (0, 1) in kinds if op == "insert" else (1, 0) in kinds  # appearing / disappearing elements
        # After the animation the page shows the new layout exactly as the API answers it.
        shows_the_api_answer(browser, service, answer["id"])
    screenshot(browser, "after-updates")


def levels(browser):
    """id -> the level a row's view shows (its data-level), for the rows that have one."""
    return dict(browser.execute_script("""
        return Array.from(document.querySelectorAll('#content .element[data-level]'))
          .filter((n) => n.dataset.id && n.style.display !== 'none').map((n) => [n.dataset.id, Number(n.dataset.level)]);"""))


def test_a_disclosure_click_expands_and_collapses_the_file_tree(page):
    """The file tree's first folder clicked open in Chromium, then closed: each time the page shows the new
    layout's rows exactly as the API answers them, each with its level, and the rows fade in and out."""
    from selenium.webdriver.common.by import By
    browser, service = page
    summary = prepare(browser, "File tree (100k nodes)")
    assert summary["items"] == 100000 and summary["contentSize"]["height"] == 1000 * 32
    scroll_and_wait(browser, 0, 0)
    for expanding in (True, False):
        browser.find_element(By.CSS_SELECTOR, '#content [data-disclosure="0/0"]').click()
        answer = browser.execute_async_script("playground.lastToggle.then((a) => arguments[0](a))")
        assert answer["contentSize"]["height"] == (1099 if expanding else 1000) * 32
        alphas = {(a["before"]["alpha"], a["after"]["alpha"]) for a in answer["animations"]}
        assert ((0, 1) if expanding else (1, 0)) in alphas
        rect, offset = shows_the_api_answer(browser, service, answer["id"])
        url = "%s/v1/layouts/%s/attributes?rect=%s&offset=%s" % (service.url, answer["id"], rect, offset)
        want_levels = {"cell/%d/%d" % (e["section"], e["item"]): e["level"]
                       for e in json.load(urllib.request.urlopen(url))["elements"]}
        assert levels(browser) == want_levels
        if expanding:
            assert want_levels["cell/0/1"] == 1 and want_levels["cell/0/2"] == 2
        screenshot(browser, "file-tree-" + ("expanded" if expanding else "collapsed"))


def test_a_fresh_page_fits_its_view_and_asks_for_nothing_missing(page):
    """The first load, as a user sees it: the photo grid's three columns fit the view (no horizontal scroll bar),
    the statistics sit outside the viewport, the summary's counts read as English, and no request of the page
    (the favicon included) answers 404."""
    browser, service = page
    logged = len(service.output())
    browser.get(service.url + "/")
    browser.execute_async_script("window.playgroundReady.then(() => arguments[0]())")
    width, scroll_width, viewport, statistics, summary = browser.execute_script("""
        const v = document.getElementById('viewport'), box = (id) => {
          const r = document.getElementById(id).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        return [v.clientWidth, v.scrollWidth, box('viewport'), box('statistics'),
                document.getElementById('summary').textContent]""")
    assert (width, scroll_width) == (390, 390)
    assert statistics[1] >= viewport[3] or statistics[0] >= viewport[2]  # below it, or beside it
    assert "420 items in 2 sections" in summary, summary
    requests = [line for line in service.output()[logged:].splitlines() if "msg=request " in line]
    assert requests and not [line for line in requests if "status=404" in line], requests
    screenshot(browser, "first-load")


def test_the_chat_opens_at_its_newest_message(page):
    """The chat's messages are text: it opens at the end, its newest message in view, each message drawn as tall as
    the service measured it."""
    browser, service = page
    summary = prepare(browser, "Chat")
    top, end = browser.execute_script(
        "const v = document.getElementById('viewport'); return [v.scrollTop, v.scrollHeight - v.clientHeight]")
    assert end > 0 and top == pytest.approx(end, abs=1.0)
    newest = rendered(browser)["cell/0/%d" % (summary["items"] - 1)][0]
    assert newest[1] + newest[3] <= top + 600 + 1
    rect, offset = browser.execute_script(
        "const d = document.getElementById('viewport').dataset; return [d.queryRect, d.queryOffset]")
    assert assert_text_heights(browser, service, summary, rect, offset) >= 3
    assert "%d items in 1 section" % summary["items"] in browser.execute_script(
        "return document.getElementById('summary').textContent")
    screenshot(browser, "chat")


# The text feed's count here (`/#posts=N`): the example's 100,000 with a debug build's measuring would take the test
# past its budget; the page, the spec's form and the drawing are the same.
TEXT_FEED_POSTS = 3000

# Each drawn text cell: its key, its box's height, and its content's own height (from the box's top to the last
# block's bottom, plus the bottom padding: what the cell would be were it not given its frame's height).
TEXT_CELLS = """
return Array.from(document.querySelectorAll('#content .element.text'))
  .filter((n) => n.dataset.id && n.style.display !== 'none')
  .map((n) => { const box = n.getBoundingClientRect(), last = n.lastElementChild.getBoundingClientRect();
    return [n.dataset.id, box.height, last.bottom - box.top + parseFloat(getComputedStyle(n).paddingBottom)]; });"""


def assert_text_heights(browser, service, summary, rect, offset):
    """Every text cell of the rect answer is drawn, and both its box and its content are as tall as its frame."""
    want = api(service, summary["id"], rect, offset)
    cells = browser.execute_script(TEXT_CELLS)
    assert {c[0] for c in cells} == {k for k in want if k.startswith("cell/")}, rect
    for key, box, natural in cells:
        height = want[key][0][3]
        assert box == pytest.approx(height, abs=0.02), (key, box, height)
        # Layout units are 1/64 px: a media box's height (width / aspect ratio) is rounded to them.
        assert natural == pytest.approx(height, abs=0.02), (key, natural, height)
    return len(cells)


def test_the_text_feed_draws_each_post_as_tall_as_the_service_measured_it(page):
    browser, service = page
    browser.execute_script("location.hash = arguments[0]", "posts=%d" % TEXT_FEED_POSTS)
    name = "Text feed (100k posts)"
    assert name in browser.execute_script("return playground.examples")
    summary = prepare(browser, name)
    assert summary["items"] == TEXT_FEED_POSTS
    # The summary line reads the content's size as people read lengths: grouped, two decimals at most.
    line = browser.execute_script("return document.getElementById('summary').textContent")
    height_text = "{:,.2f}".format(summary["contentSize"]["height"]).rstrip("0").rstrip(".")
    assert "content 390 × %s ·" % height_text in line, (line, summary["contentSize"])
    assert browser.execute_script("return document.fonts.check('700 16px Inter') && document.fonts.check('400 14px Inter')")
    height, drawn = summary["contentSize"]["height"], 0
    for fraction in (0.0, 0.5, 1.0):
        rect, offset = scroll_and_wait(browser, 0, round(fraction * (height - 600)))
        drawn += assert_text_heights(browser, service, summary, rect, offset)
    assert drawn >= 15
    # An item inserted before the first visible one brings its content; the cells after it keep theirs.
    for op, items in (("insert", TEXT_FEED_POSTS + 1), ("delete", TEXT_FEED_POSTS)):
        answer = browser.execute_async_script("playground.update(arguments[0]).then((a) => arguments[1](a))", op)
        assert answer["items"] == items
        rect, offset = browser.execute_script(
            "const d = document.getElementById('viewport').dataset; return [d.queryRect, d.queryOffset]")
        assert_text_heights(browser, service, answer, rect, offset)
    media = browser.execute_script("return document.querySelectorAll('#content .element.text .media').length")
    assert media > 0  # some posts have a media box above their text
    screenshot(browser, "text feed")
    browser.execute_script("location.hash = ''")


def test_badge_labels_fit_their_badges(page):
    browser, _ = page
    prepare(browser, "Badges")
    labels = browser.execute_script("""
        return [...document.querySelectorAll('#content .kind-badge')].filter((n) => n.style.display !== 'none')
          .map((n) => [n.firstChild.textContent, n.firstChild.scrollWidth, n.clientWidth])""")
    assert labels
    assert [label for label in labels if label[1] > label[2]] == []  # the label's text is as wide as the badge at most


def test_the_calendar_labels_its_seven_days_and_its_events_in_full(page):
    """The calendar program's day headers are items 0 to 6 of section 0 and its events as narrow as a day's share of
    390 points (or a share of that, side by side): each label names its item, and fits any box 20 points wide
    (two digits at the page's 11 px); only events split three or more ways are narrower."""
    browser, _ = page
    prepare(browser, "Calendar week (program)")
    labels = browser.execute_script("""
        return [...document.querySelectorAll('#content .element')].filter((n) => n.style.display !== 'none')
          .map((n) => [n.dataset.id, n.firstChild.textContent, n.firstChild.scrollWidth, n.firstChild.clientWidth,
                       n.getBoundingClientRect().width])""")
    days = sorted(label[1] for label in labels if label[0].startswith("supplementary/day/"))
    assert days == ["day %d" % d for d in range(7)], days
    assert [label for label in labels if label[0].startswith("supplementary/") and label[2] > label[3]] == []
    events = [label for label in labels if label[0].startswith("cell/")]
    assert len(events) >= 10
    assert [e for e in events if e[1] != e[0].split("/")[2]] == []  # an event's label is its item
    cut = [e for e in events if e[2] > e[3]]
    assert [e for e in cut if e[4] >= 20] == []
    assert len(cut) * 4 < len(events), cut  # most events show their label whole
    screenshot(browser, "calendar")


# The playground's client fetches from a worker (workerFetch): its answers, entity tags, 304s, problems, aborts and
# bytes as fetch gives them, and none of its requests on the page's own timeline.
WORKER_FETCH = r"""
const done = arguments[arguments.length - 1];
(async () => {
  const {ProblemError, NOT_MODIFIED} = await import("/client/layout-client.js");
  const client = window.playground.client, out = {};
  performance.clearResourceTimings();
  const layout = await client.prepare({layout: "grid", collectionView: {width: 400, height: 300},
    rows: {count: 1000, size: 30}, columns: {count: 50, size: 80}});
  const tile = await client.gridTile(layout.id, 1, 2, {format: "columns"});
  Object.assign(out, {id: layout.id, count: tile.count, x: tile.x, etag: tile.etag});
  out.notModified = (await client.gridTile(layout.id, 1, 2, {format: "columns", ifNoneMatch: tile.etag})) === NOT_MODIFIED;
  try { await client.summary("0".repeat(64)); } catch (e) { out.problem = [e instanceof ProblemError, e.status, e.problem.status]; }
  const controller = new AbortController(), pending = client.gridTile(layout.id, 3, 3, {signal: controller.signal});
  controller.abort();
  try { await pending; } catch (e) { out.aborted = e.name; }
  const bytes = await (await client.fetch("/client/layout-client.js")).arrayBuffer();
  out.bytes = [bytes.byteLength, (await (await fetch("/client/layout-client.js")).arrayBuffer()).byteLength];
  out.pageRequests = performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname);
  return out;
})().then(done, (e) => done({error: String(e)}));
"""


def test_the_client_fetches_from_a_worker_as_fetch_would(page):
    browser, service = page
    out = browser.execute_async_script(WORKER_FETCH)
    assert "error" not in out, out
    with urllib.request.urlopen("%s/v1/layouts/%s/tiles/1/2?format=columns" % (service.url, out["id"])) as response:
        etag, tile = response.headers["ETag"], json.load(response)
    # The browser asked for gzip: the compressed answer's tag is the weak form of the same tag.
    assert (out["count"], out["x"], out["etag"]) == (tile["count"], tile["x"], "W/" + etag) and out["count"] > 0
    assert out["notModified"]
    assert out["problem"] == [True, 404, 404]
    assert out["aborted"] == "AbortError"
    assert out["bytes"][0] == out["bytes"][1] > 0
    assert out["pageRequests"] == ["/client/layout-client.js"]


def adaptive_columns(width):
    """The Adaptive grid example's count at a client width: squares of at least 120, 6 apart, insets of 6."""
    return max([1] + [n for n in range(1, 1025) if n * 120 + (n - 1) * 6 <= width - 12 + 1e-9])


def first_row(browser):
    """The cells drawn at the least top."""
    tops = [frame[1] for key, (frame, _) in rendered(browser).items() if key.startswith("cell/")]
    return sum(1 for top in tops if top == min(tops))


def test_the_adaptive_grid_follows_the_windows_width(page):
    browser, service = page
    summary = prepare(browser, "Adaptive grid")
    client_width = "return document.getElementById('viewport').clientWidth"
    width = browser.execute_script(client_width)
    assert browser.execute_script("return document.getElementById('viewport').dataset.follows") == "width"
    assert summary["contentSize"]["width"] == width
    assert first_row(browser) == adaptive_columns(width)
    try:
        browser.set_window_size(1800, 900)  # the viewport, half the window, widens: POST .../bounds
        deadline = time.time() + 10
        while True:
            layout = browser.execute_script("return playground.virtualizer.summary")
            wide = browser.execute_script(client_width)
            shown = browser.execute_script(
                "return [document.getElementById('summary').textContent, document.getElementById('view-width').value]")
            if layout["id"] != summary["id"] and layout["contentSize"]["width"] == wide and \
                    first_row(browser) == adaptive_columns(wide) and layout["id"] in shown[0] and shown[1] == str(wide):
                break
            assert time.time() < deadline, "the layout did not follow the window"
            time.sleep(0.05)
        assert adaptive_columns(wide) > adaptive_columns(width)
        rect, offset = scroll_and_wait(browser, 0, 500)
        want = api(service, layout["id"], rect, offset)
        assert set(rendered(browser)) == set(want)
        screenshot(browser, "Adaptive grid")
    finally:
        browser.set_window_size(1200, 900)
