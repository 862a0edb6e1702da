"""The JavaScript client's Virtualizer in headless Chromium against the service on loopback: a 1,000,000-item grid
flung at 3,000 and at 10,000 points a second for 5 s each, sampled every animation frame.

Each frame, right after the scroll position moves (what the frame paints: the new position with the views the
virtualizer drew before it saw the scroll event), the test compares the views on the page with the layout the
service answers:
- the viewport's cell area is the area of the cells that intersect the viewport, clipped to it. The cells come
  from the service: the first row's frames and the row pitch (checked against the last item's frame);
- a cell counts as shown only when a view for that item sits at its frame, read from layout boxes
  (getBoundingClientRect: Chromium serializes style lengths to 6 significant digits);
- blank share = cell area not shown / cell area.

Printed per speed: mean and worst blank share (and apart, the frames that follow a stall of the page's main thread
over 50 ms: the scroll moved while no script could run; the 1% bound is asserted on the others), frames, views on the page (live and pooled), requests sent
(first requests, revalidations, aborted) and the bands the viewport crossed. Asserted: no frame over 1% blank; each
band requested at most once, and no more bands than the viewport crossed plus the overscan behind the start and
the fetch-ahead past the end; views at most 3x the cells the viewport shows. A second test holds answers back to
show that a late answer still needed is drawn, and one for a rect no longer needed is not.

The virtualizer takes the service's tiles (`GET .../tiles/{k}`, one view length each) when the layout's summary
offers them, as this grid's does; without them it fetches aligned rect bands of the same length. The printed line
names which ("tiles" or "bands"), and the request count is per tile or band."""
import json
import urllib.request

import pytest

from chromium import quiet, start  # noqa: E402 (skips the module without a browser)

VIEW = {"width": 800, "height": 600}
STALL_MS = 50
SPEC = {"layout": "flow", "collectionView": VIEW, "itemSize": {"width": 76, "height": 76},
        "minimumInteritemSpacing": 4, "minimumLineSpacing": 4, "sections": [{"items": 1000000}]}

# The page: a scroller of the view's size, the client imported from the service, the grid's truth from the service.
SETUP = r"""
const [spec, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const {LayoutClient, Virtualizer} = await import("/client/layout-client.js");
  document.body.innerHTML = "";
  document.body.style.margin = "0";
  const scroller = document.createElement("div");
  Object.assign(scroller.style, {width: spec.collectionView.width + "px", height: spec.collectionView.height + "px",
    overflow: "hidden", position: "relative"});
  document.body.appendChild(scroller);
  const sent = [];
  const held = new Set(), pending = [];  // answers the test holds back (any of some url parts), those held
  const client = new LayoutClient("", {fetch: (url, init) => {
    const record = {url, revalidation: Boolean(init.headers["If-None-Match"]), t: performance.now()};
    sent.push(record);
    for (const parts of held) {
      if (!parts.some((part) => url.includes(part) || url.endsWith(part.replace(/\?$/, "")))) continue;
      held.delete(parts);
      // The answer comes when the test says, whether or not the request was aborted meanwhile.
      return new Promise((resolve) => pending.push(() => resolve(fetch(url, {...init, signal: undefined}))));
    }
    return fetch(url, init).then((r) => { record.ms = performance.now() - record.t; return r; });
  }});
  const summary = await client.prepare(spec);
  // The truth: the first two rows from the service; rows repeat at the pitch (checked on the last item).
  const first = (await client.attributes(summary.id, [0, 0, spec.collectionView.width, 200])).elements;
  const y0 = first[0].frame.y, row = first.filter((e) => e.frame.y === y0);
  const pitch = first.find((e) => e.item === row.length).frame.y - y0;
  const n = spec.sections[0].items, lastRow = Math.floor((n - 1) / row.length);
  const last = await (await fetch(`/v1/layouts/${summary.id}/items/0/${n - 1}`)).json();
  const predicted = {x: row[(n - 1) % row.length].frame.x, y: y0 + lastRow * pitch};
  // The grid stays at the scroller's box, its scroll bar over it: the truth below is that layout's.
  const virtualizer = new Virtualizer({client, layoutId: summary.id, scrollElement: scroller, overscan: 0.5,
    followClientArea: false,
    createView() { const v = document.createElement("div"); v.style.background = "#cfe3ff"; return v; },
    updateView(view, e) { view.textContent = e.item; }});
  await virtualizer.ready;
  window.fling = {scroller, virtualizer, client, sent, held, pending, summary, row, pitch, y0, n};
  done({summary, columns: row.length, pitch, last: last.attributes ? last.attributes.frame : last.frame, predicted});
})().catch((e) => done({error: String(e && e.stack || e)}));
"""

# Helpers in the page: the cells a viewport shows, and how much of their area the views cover.
HELPERS = r"""
window.flingMeasure = () => {
  const {scroller, virtualizer, row, pitch, y0, n} = window.fling;
  const top = scroller.scrollTop, height = scroller.clientHeight, width = scroller.clientWidth;
  const h = row[0].frame.height;
  const origin = virtualizer.content.getBoundingClientRect();
  // Views by the item they show, with their frames from layout boxes (content coordinates).
  const shown = new Map();
  let live = 0;
  for (const view of virtualizer.content.children) {
    if (view.style.display === "none") continue;
    live += 1;
    const r = view.getBoundingClientRect();
    shown.set(view.dataset.key, {x: r.left - origin.left, y: r.top - origin.top, width: r.width, height: r.height});
  }
  let area = 0, blank = 0, cells = 0;
  const firstRow = Math.max(0, Math.floor((top - y0 - h) / pitch)), lastRow = Math.floor((top + height - y0) / pitch);
  for (let r = firstRow; r <= lastRow; r++) {
    const y = y0 + r * pitch;
    const dy = Math.min(y + h, top + height) - Math.max(y, top);
    if (dy <= 0) continue;
    for (let c = 0; c < row.length; c++) {
      const item = r * row.length + c;
      if (item >= n) break;
      const f = row[c].frame;
      const dx = Math.min(f.x + f.width, width) - Math.max(f.x, 0);
      if (dx <= 0) continue;
      cells += 1;
      area += dx * dy;
      const v = shown.get(`cell/0/${item}`);
      const ok = v && Math.abs(v.x - f.x) < 0.5 && Math.abs(v.y - y) < 0.5 && Math.abs(v.width - f.width) < 0.5 &&
        Math.abs(v.height - f.height) < 0.5;
      if (!ok) blank += dx * dy;
    }
  }
  return {blank: area ? blank / area : 0, cells, live, nodes: virtualizer.content.children.length};
};
"""

FLING = r"""
const [start, speed, seconds, done] = arguments;
const {scroller, virtualizer, sent} = window.fling;
const sentBefore = sent.length, statsBefore = {...virtualizer.stats};
const samples = [];
let t0 = null;
function frame(now) {
  if (t0 === null) t0 = now;
  const t = (now - t0) / 1000;
  if (t > seconds) {
    const requests = sent.slice(sentBefore);
    const stats = {};
    for (const k of Object.keys(virtualizer.stats)) stats[k] = virtualizer.stats[k] - statsBefore[k];
    return done({samples, requests: requests.map((r) => [r.url, r.revalidation]), stats,
                 latencies: requests.filter((r) => r.ms !== undefined).map((r) => r.ms).sort((a, b) => a - b),
                 lookaheadMs: virtualizer.lookaheadMs, band: virtualizer.bandLength, end: scroller.scrollTop,
                 velocity: virtualizer.velocity});
  }
  // Move, then measure what this frame paints: the views drawn before the virtualizer sees this scroll.
  scroller.scrollTop = start + speed * t;
  const m = window.flingMeasure();
  m.t = t;
  m.gap = samples.length ? now - samples[samples.length - 1].now : 0;
  m.now = now;
  m.top = scroller.scrollTop;
  samples.push(m);
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
"""


@pytest.fixture(scope="module")
def page(request):
    browser, service = start(request, "1000,800", script_timeout=90)
    setup = browser.execute_async_script(SETUP, SPEC)
    assert "error" not in setup, setup.get("error")
    # The rows repeat at the pitch to the last item: the per-frame truth is the service's layout.
    assert setup["last"]["x"] == pytest.approx(setup["predicted"]["x"])
    assert setup["last"]["y"] == pytest.approx(setup["predicted"]["y"])
    browser.execute_script(HELPERS)
    return browser, service, setup


def settle(browser, y):
    """Scrolls to `y`, waits until the scrolling and the answers are done, and measures the frame."""
    browser.execute_script("window.fling.scroller.scrollTop = arguments[0]", y)
    quiet(browser, "window.fling.scroller", "window.fling.virtualizer")
    return browser.execute_script("return window.flingMeasure()")


def fling(browser, start, speed, seconds=5.0):
    settled = settle(browser, start)
    assert settled["blank"] == 0, settled
    browser.execute_async_script("setTimeout(arguments[0], 400)")  # the velocity of the jump decays
    return browser.execute_async_script(FLING, start, speed, seconds)


@pytest.mark.parametrize("speed,start", [(3000, 1000000), (10000, 4000020)])
def test_fling_leaves_no_blank_frame(page, speed, start):
    browser, service, setup = page
    result = fling(browser, start, speed)
    samples = result["samples"]
    band = result["band"]
    blanks = [s["blank"] for s in samples]
    mean, worst = sum(blanks) / len(blanks), max(blanks)
    # Frames after the page's main thread stalled (over 50 ms, 3 frames, since the last): the scroll moved by
    # what the stall lasted before the virtualizer could run. No client code runs then; they are reported apart.
    stalled = [s for s in samples[1:] if s["gap"] > STALL_MS]
    steady = [s for s in samples[1:] if s["gap"] <= STALL_MS]
    steady_worst = max(s["blank"] for s in steady)
    frames, seconds = len(samples), samples[-1]["t"]
    first_requests = [url for url, revalidation in result["requests"] if not revalidation]
    revalidations = len(result["requests"]) - len(first_requests)
    bands = [int(round(float(url.split("rect=")[1].split("&")[0].split("%2C")[1]) / band))
             if "rect=" in url else int(url.split("/tiles/")[1].split("?")[0]) for url in first_requests]
    crossed_first, crossed_last = int(start // band), int((result["end"] + VIEW["height"]) // band)
    crossed = crossed_last - crossed_first + 1
    overscan = 0.5 * VIEW["height"]
    ahead = int(-(-(overscan + speed / 1000 * result["lookaheadMs"]) // band)) + 1
    most_cells = max(s["cells"] for s in samples)
    most_live = max(s["live"] for s in samples)
    most_nodes = max(s["nodes"] for s in samples)
    mode = "tiles" if any("/tiles/" in url for url in first_requests) else "bands"
    print(("\nfling %d pt/s, %.1f s, %d frames (%.0f/s), 1,000,000 items, view %dx%d: blank mean %.4f%%, worst %.2f%%; "
           "views live <= %d (viewport shows <= %d cells), DOM nodes <= %d; requests %d (%d " + mode + " crossed, "
           "%d revalidations, %d aborted, %d answers dropped, %d late answers drawn), lookahead %.0f ms")
          % (speed, seconds, frames, frames / seconds, VIEW["width"], VIEW["height"], 100 * mean, 100 * worst,
             most_live, most_cells, most_nodes, len(first_requests), crossed, revalidations,
             result["stats"]["aborted"], result["stats"]["dropped"], result["stats"]["lateDrawn"],
             result["lookaheadMs"]))
    latencies = result["latencies"]
    print("  answers: median %.1f ms, slowest %.1f ms (fetch to headers, in the page)"
          % (latencies[len(latencies) // 2], latencies[-1]))
    print("  frames after a main-thread stall over %d ms: %d, worst blank among them %.2f%%; worst of the others %.2f%%"
          % (STALL_MS, len(stalled), 100 * max([s["blank"] for s in stalled] or [0]), 100 * steady_worst))
    assert frames >= 4 * seconds, "fewer than 4 frames a second: nothing was measured"
    assert len(steady) >= 0.8 * frames, "the page stalled in more than a fifth of the frames: the machine is too busy"
    assert steady_worst <= 0.01, [(round(s["t"], 3), round(s["gap"]), s["blank"]) for s in steady if s["blank"] > 0.01]
    assert len(set(bands)) == len(bands), ("a band was requested twice", [k for k in bands if bands.count(k) > 1])
    # One request per band the viewport crossed; besides those only the overscan behind the start and the
    # fetch-ahead past the end (the fling stops at full speed).
    assert all(crossed_first - 1 <= k <= crossed_last + ahead for k in bands), (bands, crossed_first, crossed_last)
    assert len(first_requests) <= crossed + 1 + ahead
    assert most_live <= 3 * most_cells


def test_a_late_answer_still_needed_is_drawn_and_one_no_longer_needed_is_not(page):
    browser, service, setup = page
    band = browser.execute_script("return window.fling.virtualizer.bandLength")  # a tile's length where tiles exist
    settle(browser, 0)
    browser.execute_async_script("setTimeout(arguments[0], 400)")
    # Hold the answer for the band at about 2,400,000 (late, still needed) and 3,000,000 (no longer needed).
    still, gone = 2400000 // band * band, 3000000 // band * band
    # The band's rect, or its tile where the service has tiles.
    browser.execute_script("""
        const {held, virtualizer} = window.fling, L = virtualizer.bandLength;
        for (const y of [arguments[0], arguments[1]]) held.add(['%2C' + y + '%2C', '/tiles/' + y / L + '?']);""",
                           still, gone)
    # Jump to the second band; its answer is held. Then jump to the first: the second is no longer needed.
    browser.execute_script("window.fling.scroller.scrollTop = arguments[0]; window.fling.virtualizer.update()", gone)
    browser.execute_async_script("setTimeout(arguments[0], 300)")
    browser.execute_script("window.fling.scroller.scrollTop = arguments[0]; window.fling.virtualizer.update()", still)
    browser.execute_async_script("setTimeout(arguments[0], 300)")
    before = browser.execute_script("return window.flingMeasure()")
    assert before["blank"] > 0, "the held band leaves part of the viewport blank until it answers"
    # Both answers arrive now, after newer requests were answered.
    drawn_before = browser.execute_script("return {...window.fling.virtualizer.stats}")
    assert browser.execute_script("return window.fling.pending.length") == 2
    browser.execute_script("for (const release of window.fling.pending.splice(0)) release()")
    browser.execute_async_script("setTimeout(arguments[0], 500)")
    after = browser.execute_script("return window.flingMeasure()")
    stats = browser.execute_script("return {...window.fling.virtualizer.stats}")
    keys = browser.execute_script(
        "return Array.from(window.fling.virtualizer.live.keys()).map((k) => Number(k.split('/')[2]))")
    row_items = setup["columns"]
    assert after["blank"] == 0
    assert stats["lateDrawn"] > drawn_before["lateDrawn"]
    assert stats["dropped"] > drawn_before["dropped"]
    assert not any(k >= (gone - band) // setup["pitch"] * row_items for k in keys), "an unneeded answer was drawn"


def test_scroll_to_item_and_resize_keep_to_the_services_answers(page):
    """scrollToItem asks GET .../scroll-to and scrolls there; resize posts .../bounds and restores its offset."""
    browser, service, setup = page
    result = browser.execute_async_script("""
        const done = arguments[arguments.length - 1], {virtualizer, scroller} = window.fling;
        (async () => {
          const to = await virtualizer.scrollToItem({item: [0, 500005], position: "top"});
          return {to, top: scroller.scrollTop};
        })().then(done, (e) => done({error: String(e)}));""")
    assert "error" not in result, result
    row = 500005 // setup["columns"]
    assert result["to"]["y"] == pytest.approx(row * setup["pitch"])
    assert result["top"] == pytest.approx(result["to"]["y"])
    settled = settle(browser, result["top"])
    assert settled["blank"] == 0
    # A narrower view: 5 columns instead of 10. The anchor is the first cell at the top in index order (the
    # row's first, 500,000): it stays at the top.
    answer = browser.execute_async_script("""
        const done = arguments[arguments.length - 1], {virtualizer, scroller} = window.fling;
        scroller.style.width = "400px";
        virtualizer.resize({width: 400, height: 600}).then(
          (a) => done({id: a.id, offset: a.contentOffset, top: scroller.scrollTop, height: a.contentSize.height}),
          (e) => done({error: String(e)}));""")
    assert "error" not in answer, answer
    assert answer["offset"]["y"] == pytest.approx(row * setup["columns"] // 5 * setup["pitch"])
    assert answer["top"] == pytest.approx(answer["offset"]["y"])


def test_self_sizing_reports_measured_heights_and_keeps_the_first_visible_cell(page):
    """Views whose text sets their height: the virtualizer measures them, reports the sizes in one POST .../sizes,
    shows the new layout, and applies its offset answer; the service's new layout has the measured heights."""
    browser, service, setup = page
    result = browser.execute_async_script("""
        const done = arguments[arguments.length - 1];
        (async () => {
          const {LayoutClient, Virtualizer} = await import("/client/layout-client.js");
          const scroller = document.createElement("div");
          Object.assign(scroller.style, {width: "300px", height: "400px", overflow: "hidden", position: "relative"});
          document.body.appendChild(scroller);
          const sent = [];
          const client = new LayoutClient("", {fetch: (url, init) => { sent.push([init.method, url, init.body]); return fetch(url, init); }});
          const summary = await client.prepare({layout: "flow", collectionView: {width: 300, height: 400},
            itemSize: {width: 300, height: 40}, sections: [{items: 1000}]});
          const v = new Virtualizer({client, layoutId: summary.id, scrollElement: scroller, overscan: 0, selfSizing: true,
            sizeBatchMs: 50, followClientArea: false,  // the one POST is the sizes' batch
            createView() { const d = document.createElement("div"); d.style.font = "10px/20px monospace"; return d; },
            updateView(view, e) { view.innerHTML = Array.from({length: 1 + e.item % 3}, () => "line").join("<br>"); }});
          await v.ready;
          for (let i = 0; i < 100 && v.layoutId === summary.id; i++) await new Promise((r) => setTimeout(r, 50));
          for (let i = 0; i < 100 && (v.inFlight.size || v.holding); i++) await new Promise((r) => setTimeout(r, 20));
          const posts = sent.filter((s) => s[0] === "POST" && s[1].endsWith("/sizes")).map((s) => JSON.parse(s[2]));
          const frames = [...v.live.values()].map(({view, element}) =>
            [element.item, view.getBoundingClientRect().height, element.frame.height, element.frame.y]);
          scroller.remove();
          return {first: summary.id, now: v.layoutId, posts, frames};
        })().then(done, (e) => done({error: String(e.stack || e)}));""")
    assert "error" not in result, result
    assert result["now"] != result["first"], "the sizes were reported"
    assert len(result["posts"]) == 1, "in one batch"
    reported = {s["item"]: s["height"] for s in result["posts"][0]["sizes"]}
    assert reported and all(h == 20 * (1 + i % 3) for i, h in reported.items()), reported
    assert result["posts"][0]["offset"] == {"x": 0, "y": 0}
    # The new layout places each measured cell at its measured height, and the views show them so.
    y = 0
    for item, shown_height, height, top in sorted(result["frames"]):
        if item in reported:
            assert height == reported[item] and shown_height == pytest.approx(height)
        assert top == pytest.approx(y)
        y = top + height + 10  # the flow's default line spacing
    first = json.load(urllib.request.urlopen(
        "%s/v1/layouts/%s/items/0/2" % (service.url, result["now"])))
    frame = first.get("attributes", first).get("frame")
    assert frame["height"] == 60 and frame["y"] == 20 + 10 + 40 + 10
