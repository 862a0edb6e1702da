"""The playground's Spreadsheet example (1,000,000 rows x 10,000 columns; the header row, the first column and a
total row at the bottom frozen; merged ranges) in headless Chromium against the service on loopback, drawn by the
JavaScript client from the grid's 2-D tiles:
- at rest at several offsets, every element on screen sits where `attributes?rect&offset` puts it, the frozen
  panes pinned by CSS sticky;
- flung diagonally (down and right at 45 degrees) at 3,000 and at 10,000 px/s for 3 s, sampled every
  animation frame: no frame more than 1% blank, frozen panes included; each tile requested at most once, only
  tiles the drawn window (the viewport and its overscan) crossed or the fetch-ahead past the end. The content is
  28 million pixels tall: the layout offset each frame is the start's plus what the DOM moved (1:1).
  The page is the playground's, whose client fetches from a worker (workerFetch): at 10,000 px/s the window
  crosses some 70 tiles a second, and a page whose main thread takes two tasks an answer (fetch's headers, then
  its body) gets them late when that thread is busy drawing.

Each frame is measured right after the scroll moves, as test_fling.py does: what the frame paints. The truth is
the spec's geometry (rows 28 px but the header's 36, columns 100 px but the first's 64, the merged ranges),
checked against the service's rect answers at rest. Blank = the viewport's area where no view for the right cell
sits at the right place, over the viewport's area (each region apart: body, frozen row and column bands, corners).
Frames that follow a stall of the page's main thread over 50 ms are reported apart, as in test_fling.py."""
import json
import urllib.request

import pytest

from chromium import quiet, start  # noqa: E402 (skips the module without a browser)

STALL_MS = 50

# The page's client, wrapped: every request recorded (with when its answer reached the page's main thread), the
# spec and summary of the last layout posted kept.
RECORD = r"""
const client = window.playground.client, real = client.fetch;
const test = window.gridTest = {sent: [], spec: null, summary: null};
client.fetch = async (url, init = {}) => {
  const u = new URL(url, location.href), sent = {path: u.pathname, t: performance.now()};
  test.sent.push(sent);
  const response = await real(url, init);
  sent.answered = performance.now();
  if (u.pathname === "/v1/layouts" && init.method === "POST" && response.ok) {
    test.spec = JSON.parse(init.body);
    test.summary = await response.clone().json();
  }
  return response;
};
"""

# What the viewport shows against the spec's geometry, at layout offset (ox, oy): {blank, area, cells, live}.
MEASURE = r"""
window.gridMeasure = (ox, oy) => {
  const scroller = document.getElementById("viewport"), {virtualizer} = window.playground, spec = window.gridTest.spec;
  const W = scroller.clientWidth, H = scroller.clientHeight, box = scroller.getBoundingClientRect();
  const x0 = box.left + scroller.clientLeft, y0 = box.top + scroller.clientTop;
  const shown = new Map();
  for (const [key, {view}] of virtualizer.live) {
    if (view.style.display === "none") continue;
    const r = view.getBoundingClientRect();
    shown.set(key, [r.left - x0, r.top - y0, r.width, r.height]);
  }
  const R = spec.rows.count, rh0 = spec.rows.overrides["0"], rh = spec.rows.size;
  const cw0 = spec.columns.overrides["0"], cw = spec.columns.size;
  const rowTop = (r) => r ? rh0 + (r - 1) * rh : 0, rowH = (r) => r ? rh : rh0;
  const colLeft = (c) => c ? cw0 + (c - 1) * cw : 0, colW = (c) => c ? cw : cw0;
  const rowAt = (y) => y < rh0 ? 0 : 1 + Math.floor((y - rh0) / rh), colAt = (x) => x < cw0 ? 0 : 1 + Math.floor((x - cw0) / cw);
  const merged = spec.merged.filter((m) => rowTop(m.row) <= oy + H && rowTop(m.row + m.rows) >= oy &&
    colLeft(m.column) <= ox + W && colLeft(m.column + m.columns) >= ox);
  let area = 0, blank = 0, cells = 0;
  // One region of the viewport [x1, x2) x [y1, y2): the cells of rows `rows` and columns `columns` at the
  // screen rects `place` gives.
  const region = (x1, x2, y1, y2, rows, columns, place) => {
    const seen = new Set();
    for (let r = rows[0]; r <= rows[1]; r++) {
      for (let c = columns[0]; c <= columns[1]; c++) {
        const m = merged.find((m) => r >= m.row && r < m.row + m.rows && c >= m.column && c < m.column + m.columns);
        const [kr, kc, nr, nc] = m ? [m.row, m.column, m.rows, m.columns] : [r, c, 1, 1];
        const key = `cell/${kr}/${kc}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const rect = place(kr, kc, rowTop(kr + nr) - rowTop(kr), colLeft(kc + nc) - colLeft(kc));
        const dx = Math.min(rect[0] + rect[2], x2) - Math.max(rect[0], x1);
        const dy = Math.min(rect[1] + rect[3], y2) - Math.max(rect[1], y1);
        if (dx <= 0 || dy <= 0) continue;
        cells += 1;
        area += dx * dy;
        const v = shown.get(key);
        if (!(v && v.every((value, i) => Math.abs(value - rect[i]) < 0.5))) blank += dx * dy;
      }
    }
  };
  const top = rh0, bottom = H - rh, left = cw0;
  const bodyRows = [rowAt(oy + top), Math.min(R - 2, rowAt(oy + bottom))];
  const bodyColumns = [colAt(ox + left), Math.min(spec.columns.count - 1, colAt(ox + W))];
  const body = (r, c, h, w) => [colLeft(c) - ox, rowTop(r) - oy, w, h];
  region(left, W, top, bottom, bodyRows, bodyColumns, body);
  region(left, W, 0, top, [0, 0], bodyColumns, (r, c, h, w) => [colLeft(c) - ox, 0, w, h]);
  region(left, W, bottom, H, [R - 1, R - 1], bodyColumns, (r, c, h, w) => [colLeft(c) - ox, bottom, w, h]);
  region(0, left, top, bottom, bodyRows, [0, 0], (r, c, h, w) => [0, rowTop(r) - oy, w, h]);
  region(0, left, 0, top, [0, 0], [0, 0], (r, c, h, w) => [0, 0, w, h]);
  region(0, left, bottom, H, [R - 1, R - 1], [0, 0], (r, c, h, w) => [0, bottom, w, h]);
  return {blank: area ? blank / area : 1, area, cells, live: shown.size, viewArea: W * H};
};
"""

FLING = r"""
const [vx, vy, seconds, done] = arguments;
const scroller = document.getElementById("viewport"), {virtualizer} = window.playground, test = window.gridTest;
const start = virtualizer.offset(), dom = {x: scroller.scrollLeft, y: scroller.scrollTop};
const sentBefore = test.sent.length, samples = [];
let t0 = null;
function frame(now) {
  if (t0 === null) t0 = now;
  const t = (now - t0) / 1000;
  if (t > seconds) {
    return done({samples, start, end: virtualizer.offset(), lookaheadMs: virtualizer.lookaheadMs,
      tiles: test.sent.slice(sentBefore).map((s) => s.path).filter((p) => p.includes("/tiles/")),
      latencies: test.sent.slice(sentBefore).filter((s) => s.path.includes("/tiles/") && s.answered)
        .map((s) => s.answered - s.t).sort((a, b) => a - b)});
  }
  scroller.scrollLeft = dom.x + vx * t;
  scroller.scrollTop = dom.y + vy * t;
  // The layout offset the frame must show: the start's plus what the DOM moved.
  const ox = start.x + scroller.scrollLeft - dom.x, oy = start.y + scroller.scrollTop - dom.y;
  const m = window.gridMeasure(ox, oy);
  Object.assign(m, {t, ox, oy, gap: samples.length ? now - samples[samples.length - 1].now : 0, now});
  samples.push(m);
  requestAnimationFrame(frame);
}
requestAnimationFrame(frame);
"""


@pytest.fixture(scope="module")
def page(request):
    browser, service = start(request, "1400,1000", "/")
    browser.execute_async_script("window.playgroundReady.then(() => arguments[0]())")
    browser.execute_script(RECORD)
    browser.execute_script(MEASURE)
    summary = browser.execute_async_script(
        "playground.load('Spreadsheet'); playground.prepare().then((a) => arguments[0](a))")
    assert summary["layout"] == "grid" and summary["contentSize"]["height"] > 16000000
    assert browser.execute_script("return playground.virtualizer.mode") == "grid"
    assert summary["tileGrid"]["width"] == 720 and summary["tileGrid"]["height"] == 560
    return browser, service, summary


def settle_at(browser, x, y):
    browser.execute_script("playground.scrollTo(arguments[0], arguments[1])", x, y)
    quiet(browser, "document.getElementById('viewport')", "window.playground.virtualizer")
    at = browser.execute_script("""
        const o = window.playground.virtualizer.offset(), scroller = document.getElementById("viewport");
        return {x: o.x, y: o.y, domX: scroller.scrollLeft, domY: scroller.scrollTop};""")
    assert (at["x"], at["y"]) == (x, y)
    return at


def test_at_rest_every_element_on_screen_is_where_the_rect_query_with_the_offset_puts_it(page):
    browser, service, summary = page
    height, width = summary["contentSize"]["height"], summary["contentSize"]["width"]
    for x, y in [(0, 0), (150, 95), (123456, 14000000), (width - 720, height - 560), (0, height - 560), (500, 2000)]:
        settle_at(browser, x, y)
        got = browser.execute_script("""
            const scroller = document.getElementById("viewport"), box = scroller.getBoundingClientRect(), out = {};
            const x0 = box.left + scroller.clientLeft, y0 = box.top + scroller.clientTop;
            for (const [key, {view}] of playground.virtualizer.live) {
              const r = view.getBoundingClientRect();
              if (view.style.display === "none" || r.right < x0 || r.left > x0 + 720 || r.bottom < y0 || r.top > y0 + 560) continue;
              out[key] = [r.left - x0, r.top - y0, r.width, r.height];
            }
            return out;""")
        answer = json.load(urllib.request.urlopen("%s/v1/layouts/%s/attributes?rect=%s,%s,720,560&offset=%s,%s"
                                                  % (service.url, summary["id"], x, y, x, y)))
        want = {"cell/%d/%d" % (e["section"], e["item"]): [e["frame"]["x"] - x, e["frame"]["y"] - y,
                                                           e["frame"]["width"], e["frame"]["height"]]
                for e in answer["elements"]}
        # Views exactly touching the viewport's edge are in one and not the other by rounding: compare the rest.
        inside = lambda r: r[0] < 720 and r[0] + r[2] > 0 and r[1] < 560 and r[1] + r[3] > 0  # noqa: E731
        assert {k for k, r in got.items() if inside(r)} == {k for k, r in want.items() if inside(r)}, (x, y)
        for key, rect in want.items():
            if inside(rect):
                assert got[key] == pytest.approx(rect, abs=0.5), (x, y, key)
        # The geometry the fling test measures against agrees with the service.
        assert browser.execute_script("return window.gridMeasure(arguments[0], arguments[1]).blank", x, y) == 0


@pytest.mark.parametrize("speed", [3000, 10000])
def test_a_diagonal_fling_leaves_no_frame_blank_and_asks_each_tile_once(page, speed):
    browser, service, summary = page
    g = summary["tileGrid"]
    # Start so that the path crosses merged ranges (rows 3 to 696, columns 1 to 34, near the top left). The drawn
    # window's sides and the tiles' are multiples of 80 points: from a start with x - y a multiple of 80, its
    # corners would run through the tiles' corners, and whether a tile beside the path is touched would turn on
    # the rounding of a scroll offset. 40 points off, a tile is crossed by 40 points or not at all.
    start = {"x": 40, "y": 0} if speed == 3000 else {"x": 2040, "y": 7000000}
    settle_at(browser, start["x"], start["y"])
    browser.execute_async_script("setTimeout(arguments[0], 300)")
    seconds = 3.0
    result = browser.execute_async_script(FLING, speed / 2 ** 0.5, speed / 2 ** 0.5, seconds)  # at 45 degrees
    samples = result["samples"]
    stalled = [s for s in samples[1:] if s["gap"] > STALL_MS]
    steady = [s for s in samples[1:] if s["gap"] <= STALL_MS]
    blanks = [s["blank"] for s in samples]
    tiles = [tuple(int(p) for p in path.split("/")[-2:]) for path in result["tiles"]]
    latencies = result["latencies"] or [float("nan")]
    # The tiles the drawn window (the viewport and half a view of overscan on every side) met on its way;
    # and those of the fetch-ahead past the end: the window swept on along the velocity for the lookahead.
    crossed = set()
    # The drawn window at layout offset (x, y): [x - left, x + right] x [y - top, y + bottom].
    left, top, right, bottom = 360, 280, 1080, 840

    def meet(x1, y1, x2, y2):
        return {(r, c) for r in range(max(0, int(y1 // g["height"])), int(y2 // g["height"]) + 1)
                for c in range(max(0, int(x1 // g["width"])), int(x2 // g["width"]) + 1)}
    def during(p0, p1, lo, hi):
        # The part [s0, s1] of [0, 1] in which a position moving from p0 to p1 lies in [lo, hi].
        if p0 == p1:
            return (0, 1) if lo <= p0 <= hi else None
        s0, s1 = sorted(((lo - p0) / (p1 - p0), (hi - p0) / (p1 - p0)))
        return (max(s0, 0), min(s1, 1)) if max(s0, 0) <= min(s1, 1) else None

    # Between two frames the window passes over the tiles along the way (a fast fling moves it hundreds of pixels
    # a frame): those are crossed too. The window moves in a line; a tile is crossed when the times in which the
    # window meets its columns and its rows overlap.
    for a, b in zip(samples, samples[1:] + samples[-1:]):
        for r, c in meet(min(a["ox"], b["ox"]) - left, min(a["oy"], b["oy"]) - top,
                         max(a["ox"], b["ox"]) + right, max(a["oy"], b["oy"]) + bottom):
            sx = during(a["ox"], b["ox"], c * g["width"] - right, (c + 1) * g["width"] + left)
            sy = during(a["oy"], b["oy"], r * g["height"] - bottom, (r + 1) * g["height"] + top)
            if sx and sy and max(sx[0], sy[0]) <= min(sx[1], sy[1]):
                crossed.add((r, c))
    end = samples[-1]
    reach = speed / 1000 * result["lookaheadMs"] + left
    ahead = meet(end["ox"] - left, end["oy"] - top, end["ox"] + right + reach, end["oy"] + bottom + reach) - crossed
    print("\ngrid fling %d px/s down and right at 45 degrees, %.1f s, %d frames: blank mean %.4f%%, worst %.2f%%; "
          "views live <= %d (viewport shows <= %d cells); tile requests %d (%d tiles crossed by the drawn window, %d past the end), "
          "lookahead %.0f ms; frames after a main-thread stall over %d ms: %d, worst blank among them %.2f%%; "
          "a tile's answer on the page's main thread %.0f ms after its request (median; %.0f ms at the 90th percentile)"
          % (speed, samples[-1]["t"], len(samples), 100 * sum(blanks) / len(blanks), 100 * max(blanks),
             max(s["live"] for s in samples), max(s["cells"] for s in samples), len(tiles), len(crossed),
             len(set(tiles) - crossed), result["lookaheadMs"], STALL_MS, len(stalled),
             100 * max([s["blank"] for s in stalled] or [0]), latencies[len(latencies) // 2],
             latencies[int(0.9 * len(latencies))]))
    assert len(samples) >= 4 * seconds
    blank = [(round(s["t"], 3), round(s["blank"], 4)) for s in steady if s["blank"] > 0.01]
    assert not blank, "%d frames between stalls more than 1%% blank (t, blank): %s" % (len(blank), blank)
    assert len(set(tiles)) == len(tiles), ("a tile was requested twice", sorted(t for t in tiles if tiles.count(t) > 1))
    # The content moved 1:1 with the DOM (28 million pixels tall in a 16-million-pixel element).
    assert result["end"]["y"] == pytest.approx(end["oy"], abs=0.01)
    assert result["end"]["x"] == pytest.approx(end["ox"], abs=0.01)
    off_path = sorted(set(tiles) - crossed - ahead)
    assert not off_path, "%d of %d tiles requested off the fling's path: %s" % (len(off_path), len(tiles), off_path)
    # Stalls are the browser's pace on the machine as much as the page's: with Debian's Chromium 156 on this
    # machine, the page stalled in a third to a half of the frames at 10,000 px/s with the service of d06bba0 as
    # with today's (clients.md). Reported, not failed; the frames between stalls are held to 1% blank above.
    if len(steady) < 0.8 * len(samples):
        pytest.xfail("the page's main thread stalled in %d of %d frames (over %d views live)"
                     % (len(stalled), len(samples), max(s["live"] for s in samples)))
