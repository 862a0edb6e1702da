// Grids scrolled both ways from 2-D tiles (a tile holds every element meeting its rect and every frozen cell that
// can be pinned into it; frozen cells carry `stickyX`/`stickyY` ranges; docs/api.md, Tiles), against a reference
// grid computed by brute force over every cell (fakes.js): the tiles asked for, each once and along a fling's path; the views drawn equal to
// the reference's `attributes?rect&offset` answer, frozen cells placed by CSS sticky (emulated from their styles)
// where the reference pins them (two header rows as one block: `inset`); merged cells once; content longer than the
// DOM allows.
import {test} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, Virtualizer, planTiles, elementKey, pinnedFrame, columnsToElements} from "../layout-client.js";
import {FakeService, FakeElement, fakeScroller, referenceGrid, stickyPlace} from "./fakes.js";

const VIEW = {width: 400, height: 300};

function setUp({rows = 2000, columns = 60, rowHeight = 30, columnWidth = 80, merged, ...options} = {}) {
  const heights = Array.from({length: rows}, (_, r) => (r === 0 ? 40 : rowHeight));
  const widths = Array.from({length: columns}, (_, c) => (c === 0 ? 64 : columnWidth));
  const grid = referenceGrid({heights, widths, view: VIEW, top: 2,
    merged: merged ?? [{row: 5, column: 2, rows: 3, columns: 4}, {row: 40, column: 10, rows: 20, columns: 2}]});
  const service = new FakeService({grid, columns: true});
  const client = new LayoutClient("http://service", {fetch: service.fetch});
  const scroller = fakeScroller(VIEW.width, VIEW.height);
  let now = 0;
  const virtualizer = new Virtualizer({client, layoutId: service.id, scrollElement: scroller, clock: () => now,
    lookahead: 200, createView: () => new FakeElement(), ...options});
  const scroll = (x, y, t) => { now = t; scroller.scrollLeft = x; scroller.scrollTop = y; virtualizer.update(); };
  const wait = (t) => { now = t; };
  return {grid, service, scroller, virtualizer, scroll, wait};
}

/** What the page shows, in the viewport's coordinates: key -> [x, y, width, height] of every live view meeting
 * the viewport, frozen views where CSS sticky puts them. */
function onScreen(virtualizer, scroller) {
  const out = {};
  for (const [key, {view, track}] of virtualizer.live) {
    const s = view.style;
    const f = track ? stickyPlace(track, view, scroller) : {x: parseFloat(s.left), y: parseFloat(s.top),
      width: parseFloat(s.width), height: parseFloat(s.height)};
    const r = [f.x - scroller.scrollLeft, f.y - scroller.scrollTop, f.width, f.height];
    if (r[0] <= VIEW.width && r[0] + r[2] >= 0 && r[1] <= VIEW.height && r[1] + r[3] >= 0) out[key] = r;
  }
  return out;
}

/** The reference's answer for the viewport at layout offset `o`, in the viewport's coordinates. */
function reference(grid, o) {
  const out = {};
  for (const e of grid.answer({x: o.x, y: o.y, width: VIEW.width, height: VIEW.height}, o)) {
    out[elementKey(e)] = [e.frame.x - o.x, e.frame.y - o.y, e.frame.width, e.frame.height];
  }
  return out;
}

/** The tiles `service` was asked for, from its `from`th request on: "row/column" each. */
function tilesAsked(service, from = 0) {
  return service.queries().slice(from).map((r) => new URL(r.url).pathname.split("/").slice(-2).join("/"));
}

test("planTiles: the viewport's tiles, those along the path of a diagonal fling, then the overscan's", () => {
  const grid = {width: 100, height: 100, columns: 50, rows: 50};
  const v = {x: 1010, y: 1010, width: 80, height: 80}, w = {x: 970, y: 970, width: 160, height: 160};
  const window = [[10, 10], [9, 9], [9, 10], [9, 11], [10, 9], [10, 11], [11, 9], [11, 10], [11, 11]];
  assert.deepEqual(planTiles({v, w, grid, lookahead: 100}), window);
  // 3 points/ms down and right for 100 ms: the viewport moves 300 points along the diagonal. The tiles it crosses
  // come right after its own, nearest first (a staircase, not the 6 × 6 tiles ahead); then the overscan's, and
  // those the overscan crosses.
  const plan = planTiles({v, w, grid, lookahead: 100, velocity: {x: 3, y: 3}});
  assert.deepEqual(plan, [[10, 10], [10, 11], [11, 10], [11, 11], [11, 12], [12, 11], [12, 12], [12, 13], [13, 12],
    [13, 13], [9, 9], [9, 10], [9, 11], [10, 9], [11, 9], [10, 12], [12, 10], [11, 13], [13, 11], [12, 14], [13, 14],
    [14, 12], [14, 13], [14, 14]]);
  assert.equal(new Set(plan.map(String)).size, plan.length);
  // Clamped to the grid.
  assert.deepEqual(planTiles({v: {x: 0, y: 0, width: 100, height: 100}, w: {x: -50, y: -50, width: 200, height: 200},
    grid: {width: 100, height: 100, columns: 1, rows: 2}, lookahead: 0}), [[0, 0], [1, 0]]);
});

test("columnar tiles carry stickyX and stickyY as the full format does", () => {
  const e = columnsToElements({count: 2, section: [0, 3], item: [0, 4], x: [0, 1], y: [0, 2], width: [5, 5], height: [6, 6],
    stickyX: [["leading", 0, 90, 4], null], stickyY: [["trailing", 0, 50, 0], null], rowSpan: [null, 2], columnSpan: [null, 3]});
  assert.deepEqual(e[0].stickyX, {edge: "leading", min: 0, max: 90, inset: 4});
  assert.deepEqual(e[0].stickyY, {edge: "trailing", min: 0, max: 50, inset: 0});
  assert.equal(e[1].stickyX, undefined);
  assert.deepEqual([e[1].rowSpan, e[1].columnSpan], [2, 3]);
  assert.deepEqual(pinnedFrame(e[0], {x: 30, y: 10, width: 100, height: 20}), {x: 34, y: 24, width: 5, height: 6});
});

test("a grid is drawn from its 2-D tiles exactly as the rect query with the offset answers, frozen panes included", async () => {
  const {grid, service, scroller, virtualizer, scroll} = setUp({cacheSize: 1000});
  await virtualizer.ready;
  await service.answerAll();
  assert.equal(virtualizer.mode, "grid");
  assert.deepEqual(service.queries().slice(0, 1).map((r) => new URL(r.url).pathname), ["/v1/layouts/L1/tiles/0/0"]);
  const {width: W, height: H} = grid.contentSize;
  const offsets = [[0, 0], [100, 120], [1000, 50000], [W - 400, 3000], [W - 400, H - 300], [300, H - 300], [700, 1400]];
  let t = 0;
  for (const [x, y] of offsets) {
    scroll(x, y, t += 1000);
    await service.answerAll();
    virtualizer.render();
    assert.deepEqual(onScreen(virtualizer, scroller), reference(grid, {x, y}), `at ${x},${y}`);
  }
  // Each tile was asked once; the merged cell over rows 40-59 is one view.
  const paths = service.queries().map((r) => new URL(r.url).pathname);
  assert.equal(new Set(paths).size, paths.length);
  assert.ok(virtualizer.live.has("cell/40/10") && !virtualizer.live.has("cell/41/10"));
});

test("a diagonal fling asks each tile once, only along its path, and every frame is drawn whole", async () => {
  const {grid, service, scroller, virtualizer, scroll} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  const g = grid.tileGrid, crossed = new Set(), incomplete = [];
  for (let t = 16; t <= 1600; t += 16) {
    const x = t * 2, y = t * 3;  // 2 and 3 points/ms
    scroll(x, y, t);
    // The tiles the drawn window (the viewport and the overscan, half a view on every side) meets.
    for (let r = Math.floor((y - 150) / g.height); r <= Math.floor((y + 450) / g.height); r++) {
      for (let c = Math.floor((x - 200) / g.width); c <= Math.floor((x + 600) / g.width); c++) crossed.add(`${r}/${c}`);
    }
    const before = virtualizer.stats.completeRenders;
    await service.answerAll();
    virtualizer.render();
    if (virtualizer.stats.completeRenders === before) incomplete.push(t);
    assert.deepEqual(onScreen(virtualizer, scroller), reference(grid, {x, y}), `at ${t} ms`);
  }
  assert.deepEqual(incomplete, []);
  const tiles = tilesAsked(service);
  assert.equal(new Set(tiles).size, tiles.length, "a tile was asked twice");
  // Besides the tiles the drawn window crossed, only the fetch-ahead past the end: the window swept for the
  // lookahead, 200 ms at 2 and 3 points/ms.
  const [xEnd, yEnd] = [3200, 4800];
  const ahead = {x: xEnd - 200, y: yEnd - 150, width: 800 + 400, height: 600 + 600};
  const extra = tiles.filter((k) => !crossed.has(k));
  assert.ok(extra.every((k) => {
    const [r, c] = k.split("/").map(Number);
    return r * g.height <= ahead.y + ahead.height && (r + 1) * g.height >= ahead.y &&
      c * g.width <= ahead.x + ahead.width && (c + 1) * g.width >= ahead.x;
  }), `${tiles.length} tiles for ${crossed.size} crossed: ${extra}`);
  assert.ok(tiles.length <= crossed.size + 12);
});

test("at rest the tiles one beyond the overscan are asked too: a fling from rest draws whole before any answer comes", async () => {
  const {grid, service, scroller, virtualizer, scroll, wait} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  const first = service.queries().length;  // the tiles at the top left
  const [x0, y0] = [800, 3000];  // tile-aligned: the overscan (200 and 150 points) ends inside the next tile
  scroll(x0, y0 - 100, 900);  // a jump, then a slow scroll that stops there
  scroll(x0, y0, 1000);
  await service.answerAll();
  wait(1160);
  virtualizer.rest();  // as its timer does, 160 ms after the last scroll event
  await service.answerAll();
  const g = grid.tileGrid, asked = new Set(tilesAsked(service, first));
  // The overscan's tiles are rows 9-11 and columns 1-3; one more on every side.
  for (let r = 8; r <= 12; r++) for (let c = 0; c <= 4; c++) assert.ok(asked.has(`${r}/${c}`), `tile ${r}/${c}`);
  assert.equal(asked.size, 25);
  assert.ok(g.width === 400 && g.height === 300);
  // A fling from rest at 5 points/ms on each axis; no answer comes. Each frame draws the window ahead of the
  // viewport (a quarter of the overscan and 75 ms of scrolling): with the tiles beyond, for 80 ms it is whole.
  const before = service.queries().length;
  for (let t = 16; t <= 80; t += 16) {
    const complete = virtualizer.stats.completeRenders;
    scroll(x0 + 5 * t, y0 + 5 * t, 1000 + t);
    assert.equal(virtualizer.stats.completeRenders, complete + 1, `at ${t} ms`);
    assert.deepEqual(onScreen(virtualizer, scroller), reference(grid, {x: x0 + 5 * t, y: y0 + 5 * t}), `at ${t} ms`);
  }
  const again = tilesAsked(service, before);
  assert.deepEqual(again.filter((k) => asked.has(k)), [], "a tile asked again");
});

test("a main thread busy past the rest timer mid-fling is no rest: only the tiles along the path are asked", async () => {
  const {service, scroller, virtualizer, scroll, wait} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  for (let t = 1000; t <= 1160; t += 16) {  // 3 points/ms down and right
    scroll(3 * (t - 1000), 3000 + 3 * (t - 1000), t);
    await service.answerAll();
  }
  const before = service.queries().length;
  // The element moves on; its scroll event is not dispatched yet when the rest timer's task runs: nothing is asked
  // then, and the scroll event, when it comes, asks along the path.
  scroller.scrollLeft += 720;
  scroller.scrollTop += 720;
  wait(1400);
  virtualizer.rest();
  assert.equal(service.queries().length, before);
  virtualizer.update();
  const v = virtualizer.viewport(), path = new Set(virtualizer.tilePlan(v, {x: 3, y: 3}).map((k) => k.join("/")));
  const asked = tilesAsked(service, before);
  assert.ok(asked.length > 0 && asked.every((k) => path.has(k)), `asked ${asked}`);
});

test("the rest timer asks for the plan at rest 160 ms after the last scroll event, and destroy stops it", async () => {
  const {grid, service, virtualizer, scroll, wait} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  scroll(800, 2900, 900);  // a jump, then a slow scroll that stops at 800, 3000
  scroll(800, 3000, 1000);
  await service.answerAll();
  assert.ok(!tilesAsked(service).includes("8/0"), "the tiles beyond are asked while moving");
  wait(1200);  // the page's clock is past 150 ms without a scroll event when the timer fires
  // The timer the last scroll event armed, armed again now: answering the tiles above may take longer than its
  // 160 ms on a busy machine, and it would then fire while the fake clock still read the scroll's time.
  virtualizer.armRest();
  for (let i = 0; i < 100 && !tilesAsked(service).includes("8/0"); i++) await sleep(20);
  await service.answerAll();
  assert.ok(tilesAsked(service).includes("8/0") && tilesAsked(service).includes("12/4"), "the timer asked for the tiles beyond");
  assert.ok(grid.tileGrid.width === 400);
  // Destroyed while moving: its timer asks for nothing.
  const other = setUp();
  await other.virtualizer.ready;
  await other.service.answerAll();
  other.scroll(800, 2900, 900);
  other.scroll(800, 3000, 1000);
  await other.service.answerAll();
  const count = other.service.queries().length;
  other.virtualizer.destroy();
  other.wait(1200);
  await sleep(200);
  assert.equal(other.service.queries().length, count);
});

test("a scroll that turns back is measured from the turn; a scroll the page made itself has no speed", async () => {
  const {service, virtualizer, scroll} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  let t = 1000, y = 3000;
  for (let k = 0; k < 12; k++) scroll(0, (y += 80), (t += 16));  // 5 points/ms down
  assert.ok(virtualizer.velocity2.y > 4);
  scroll(0, (y -= 80), (t += 16));  // and back up
  assert.ok(virtualizer.velocity2.y < -4, `${virtualizer.velocity2.y}`);
  virtualizer.scrollToOffset({x: 0, y: 30000});
  assert.deepEqual(virtualizer.velocity2, {x: 0, y: 0});
  scroll(0, 30080, (t += 16));
  assert.ok(virtualizer.velocity2.y > 4, `${virtualizer.velocity2.y}`);
});

test("the velocity is measured over 100 ms: scroll events dispatched a frame late neither halve nor double it", async () => {
  const {service, virtualizer, scroll} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  const speeds = [];
  for (let k = 1; k <= 60; k++) {
    const frame = 1000 + k * 1000 / 60;  // the content moves 5 points/ms on each axis, frame by frame
    scroll(frame * 5 - 5000, frame * 5 - 5000, frame + (k % 3 === 1 ? 15 : 0));  // every third event late
    if (frame >= 1100) speeds.push(virtualizer.velocity2.x, virtualizer.velocity2.y);
  }
  assert.ok(speeds.every((s) => s > 4 && s < 6), `${Math.min(...speeds)} to ${Math.max(...speeds)} points/ms`);
  // A jump (a thumb dragged, a scrollTo) is no fling.
  scroll(0, 50000, 2100);
  assert.deepEqual(virtualizer.velocity2, {x: 0, y: 0});
});

test("a grid longer than the DOM allows: frozen panes and cells where the reference puts them, wheel steps 1:1", async () => {
  const {grid, service, scroller, virtualizer, scroll} = setUp({rows: 40000, maxContentLength: 100000});
  await virtualizer.ready;
  const H = grid.contentSize.height;
  assert.equal(virtualizer.content.style.height, "100000px");
  let t = 0;
  const check = async (label) => {
    await service.answerAll();
    virtualizer.render();
    const o = virtualizer.offset();
    assert.deepEqual(onScreen(virtualizer, scroller), reference(grid, o), label);
    return o;
  };
  scroll(0, 50000, t += 1000);  // the thumb dragged half way: the layout half way
  const half = await check("half way");
  assert.equal(half.y, 50000 * (H - 300) / (100000 - 300));
  for (let i = 1; i <= 5; i++) {  // wheel steps of 100
    scroll(0, scroller.scrollTop + 100, t += 50);
    assert.equal((await check(`step ${i}`)).y, half.y + 100 * i);
  }
  virtualizer.settle();  // the scroll bar re-anchored; nothing moves
  assert.equal((await check("settled")).y, half.y + 500);
  scroll(0, 100000 - 300, t += 1000);
  assert.equal((await check("the end")).y, H - 300);
});
