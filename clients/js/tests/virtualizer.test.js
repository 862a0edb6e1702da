// Virtualizer without a browser: request planning, cache bounds, cancellation, late answers, recycling, tiles,
// columns, revalidation, resize, self-sizing and batch updates, against a reference service (FakeService).
import {test} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, Virtualizer, AnswerCache, ViewPool, planBands, elementKey} from "../layout-client.js";
import {FakeService, FakeElement, fakeScroller, feedElements, settle, bandOf, response} from "./fakes.js";

const ITEM = 50, VIEW = 600, COUNT = 100000;

function setUp({service: options = {}, ...virtualizerOptions} = {}) {
  const service = new FakeService({elements: feedElements(COUNT, 400, ITEM),
    contentSize: {width: 400, height: COUNT * ITEM}, ...options});
  const client = new LayoutClient("http://service", {fetch: service.fetch});
  const scroller = fakeScroller(400, VIEW);
  let now = 0;
  const created = [];
  const virtualizer = new Virtualizer({client, layoutId: service.id, scrollElement: scroller, clock: () => now, lookahead: 200,
    createView(e) { const v = new FakeElement(); created.push(v); return v; },
    updateView(view, e) { view.dataset.shows = elementKey(e); }, ...virtualizerOptions});
  const at = (t) => { now = t; };
  /** Scrolls to `y` at time `t` and dispatches the scroll event. */
  const scroll = (y, t) => { now = t; scroller.scrollTop = y; virtualizer.update(); };
  return {service, client, scroller, virtualizer, created, at, scroll};
}

/** Keys of the views shown (not pooled). */
function shown(v) { return [...v.live.keys()].filter((k) => !k.endsWith("#gone")).sort(); }

/** What the viewport plus overscan needs, by brute force over every item; moving at `velocity` (points/ms), also
 * what 75 ms of it move ahead, up to another overscan. */
function expected(scrollTop, velocity = 0, overscan = 0.5) {
  const ahead = Math.min(Math.abs(velocity) * 75, overscan * VIEW);
  const lo = scrollTop - overscan * VIEW - (velocity < 0 ? ahead : 0);
  const hi = scrollTop + VIEW + overscan * VIEW + (velocity > 0 ? ahead : 0);
  const keys = [];
  for (let i = 0; i < COUNT; i++) if (i * ITEM <= hi && (i + 1) * ITEM >= lo) keys.push(`cell/0/${i}`);
  return keys.sort();
}

test("planBands: the visible bands first, then ahead in the direction of scrolling, further when faster", () => {
  const base = {view: 600, band: 600, behind: 300, lookahead: 200, count: 1000};
  assert.deepEqual(planBands({...base, pos: 6000, velocity: 0}), {first: 9, last: 11, order: [10, 11, 9]});
  const slow = planBands({...base, pos: 6000, velocity: 3});  // 3 points/ms: 600 points ahead
  assert.deepEqual(slow, {first: 9, last: 12, order: [10, 11, 12, 9]});
  const fast = planBands({...base, pos: 6000, velocity: 10});  // 2,000 points ahead
  assert.deepEqual(fast, {first: 9, last: 14, order: [10, 11, 12, 9, 13, 14]});
  const back = planBands({...base, pos: 6000, velocity: -10});
  assert.deepEqual(back, {first: 6, last: 11, order: [10, 11, 9, 8, 7, 6]});
  // Clamped to the content.
  assert.deepEqual(planBands({...base, pos: 0, velocity: -10}), {first: 0, last: 1, order: [0, 1]});
  assert.deepEqual(planBands({...base, pos: 599400, velocity: 10, count: 1000}).last, 999);
  // Closed at the end, as rect answers are: a window ending where band 1 starts needs band 1 (an element there
  // touches the window).
  assert.deepEqual(planBands({...base, pos: 0, view: 500, band: 500, behind: 0}), {first: 0, last: 1, order: [0, 1]});
});

test("at rest it asks for the bands the viewport and overscan cross, once each, and draws exactly them", async () => {
  const {service, virtualizer} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  assert.deepEqual(service.queries().map((r) => bandOf(r, VIEW)), [0, 1]);
  assert.deepEqual(service.queries().map((r) => new URL(r.url).searchParams.get("rect")),
    ["-1000000,0,2000400,600", "-1000000,600,2000400,600"]);
  assert.deepEqual(shown(virtualizer), expected(0));
  assert.deepEqual(virtualizer.lastComplete.rect, [-200, -300, 800, 1200]);
});

test("a fling asks for each band at most once, ahead of the viewport, and every frame is drawn whole", async () => {
  const {service, virtualizer, scroll} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  // 3 points/ms for 5 s, a scroll event every 16 ms; answers come within the frame.
  let incomplete = 0;
  for (let t = 16; t <= 5000; t += 16) {
    scroll(t * 3, t);
    const before = virtualizer.stats.completeRenders;
    await service.answerAll();
    virtualizer.render();
    if (virtualizer.stats.completeRenders === before) incomplete++;
    assert.deepEqual(shown(virtualizer), expected(t * 3, virtualizer.currentVelocity), `at ${t} ms`);
  }
  assert.equal(incomplete, 0);
  const bands = service.queries().map((r) => bandOf(r, VIEW));
  assert.equal(new Set(bands).size, bands.length, "no band asked twice");
  const lastBand = Math.floor((4992 * 3 + VIEW) / VIEW);
  // Every band up to the viewport's last, and ahead of it no more than the lookahead at that speed (600 points).
  assert.ok(bands.every((k) => k <= lastBand + 2), String(bands.slice(-5)));
  for (let k = 0; k <= lastBand; k++) assert.ok(bands.includes(k), `band ${k}`);
  // Fetch-ahead: the band past the viewport was asked before the viewport reached it.
  assert.ok(virtualizer.stats.requests <= lastBand + 3);
});

test("bands that fall behind are aborted and their answers never drawn; a late answer still needed is drawn", async () => {
  const {service, virtualizer, scroll} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  // Jump far: bands 100..101 asked. Before they answer, jump again.
  scroll(60000, 1000);
  const first = service.queries().filter((r) => !r.done);
  assert.deepEqual(first.map((r) => bandOf(r, VIEW)), [100, 101, 99]);
  scroll(120000, 2000);
  assert.ok(first.every((r) => r.signal.aborted), "the bands left behind are aborted");
  assert.equal(virtualizer.stats.aborted, 3);
  const second = service.queries().filter((r) => !r.done);
  assert.deepEqual(second.map((r) => bandOf(r, VIEW)), [200, 201, 199]);
  // The later requests answer first; then the first one, late but still needed: it is drawn.
  second[2].release();
  second[1].release();
  await settle();
  assert.ok(!shown(virtualizer).includes("cell/0/2410"), "band 200 is not drawn before it answers");
  second[0].release();
  await settle();
  assert.equal(virtualizer.stats.lateDrawn, 2);  // 201 after 199, then 200: both came after a newer one
  assert.deepEqual(shown(virtualizer), expected(120000));
  assert.ok(shown(virtualizer).every((k) => Number(k.split("/")[2]) >= 2388), "nothing of the first jump is drawn");
});

test("an answer for a band no longer needed is dropped even when its request could not be aborted", async () => {
  const {service, virtualizer, scroll} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  scroll(60000, 1000);
  const pending = service.queries().filter((r) => !r.done);
  // The answers arrive before the abort takes effect (the fetch ignores its signal).
  for (const r of pending) r.signal = null;
  const results = pending.map((r) => { r.done = false; return r; });
  virtualizer.inFlight.forEach((flight) => { flight.controller = {abort() {}, signal: flight.controller.signal}; });
  scroll(120000, 2000);
  for (const r of results) r.release();
  await settle();
  assert.ok(shown(virtualizer).every((k) => Number(k.split("/")[2]) >= 2388));
  assert.ok(!virtualizer.cache.has(virtualizer.bandKey(100)));
});

test("the cache stays within its bound over a long scroll and never evicts what the viewport needs", async () => {
  const cache = new AnswerCache(3);
  for (const k of ["a", "b", "c"]) cache.set(k, {k});
  cache.get("a");  // a is now the most recent
  cache.set("d", {k: "d"});
  assert.deepEqual([...cache.map.keys()], ["c", "a", "d"]);
  cache.set("e", {k: "e"}, new Set(["c"]));
  assert.deepEqual([...cache.map.keys()], ["c", "d", "e"]);
  assert.equal(cache.evictions, 2);

  const {service, virtualizer, scroll} = setUp({cacheSize: 8});
  await virtualizer.ready;
  let most = 0;
  for (let t = 16; t <= 3000; t += 16) {
    scroll(t * 5, t);
    await service.answerAll();
    most = Math.max(most, virtualizer.cache.size);
    assert.deepEqual(shown(virtualizer), expected(t * 5, virtualizer.currentVelocity));
  }
  assert.ok(most <= 8, `cache held ${most}`);
  // Scrolling back to the top asks again for what was evicted.
  const before = service.queries().length;
  scroll(0, 3400);
  await service.answerAll();
  assert.deepEqual(service.queries().slice(before).map((r) => bandOf(r, VIEW)).sort(), [0, 1]);
});

test("a cached answer older than maxAge is revalidated with If-None-Match, and a 304 keeps it", async () => {
  const {service, virtualizer, scroll} = setUp({maxAge: 1000});
  await virtualizer.ready;
  await service.answerAll();
  scroll(5, 5000);
  const revalidations = service.queries().slice(2);
  // The same requests as the first ones, conditional on the tags those answered.
  assert.deepEqual(revalidations.map((r) => r.url), service.queries().slice(0, 2).map((r) => r.url));
  assert.deepEqual(revalidations.map((r) => r.init.headers["If-None-Match"]),
    service.queries().slice(0, 2).map((r) => service.answerFor(r.url, {})[2]));
  await service.answerAll();
  assert.equal(virtualizer.stats.revalidations, 2);
  assert.equal(virtualizer.stats.notModified, 2);
  assert.equal(virtualizer.stats.requests, 2);
  assert.deepEqual(shown(virtualizer), expected(5));
});

test("views are recycled: a long scroll creates only what one window shows", async () => {
  const {service, virtualizer, scroll, created} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  const atRest = created.length;
  assert.equal(atRest, expected(0).length);
  for (let t = 16; t <= 2000; t += 16) { scroll(t * 4, t); await service.answerAll(); }
  // A window shows at most 26 items of 50 points in 1,200 points, 32 with 300 points ahead at 4 points/ms.
  assert.ok(created.length <= 33, `created ${created.length}`);
  assert.ok(virtualizer.stats.reused > 100);
  assert.ok(virtualizer.content.children.length <= virtualizer.live.size + 64);
});

test("views are reused by category and kind only", () => {
  const pool = new ViewPool(2);
  const cell = {category: "cell", section: 0, item: 0}, header = {category: "supplementary", kind: "header"};
  const footer = {category: "supplementary", kind: "footer"};
  assert.ok(pool.put(cell, "c1"));
  assert.ok(pool.put(header, "h1"));
  assert.ok(!pool.put(cell, "c2"), "the pool is bounded");
  assert.equal(pool.take(footer), null);
  assert.equal(pool.take(header), "h1");
  assert.equal(pool.take(header), null);
  assert.equal(pool.take({category: "cell", section: 4, item: 9}), "c1");

  const {virtualizer, created} = setUp({service: {elements: []}});
  const frame = {x: 0, y: 0, width: 10, height: 10};
  const h = (i) => ({category: "supplementary", kind: "header", section: i, item: 0, frame});
  const c = (i) => ({category: "cell", section: 0, item: i, frame});
  virtualizer.draw([h(0), c(0), c(1)]);
  assert.equal(created.length, 3);
  virtualizer.draw([h(1), c(2), c(3)]);  // a header and two cells leave; the same kinds come
  assert.equal(created.length, 3);
  assert.equal(virtualizer.live.get("supplementary/header/1/0").view.dataset.shows, "supplementary/header/1/0");
  virtualizer.draw([h(2), h(3), c(4)]);  // a second header needs a view of its own: a cell's is not taken
  assert.equal(created.length, 4);
  assert.equal(virtualizer.pool.size, 1);
});

test("columns are asked for, and the full format taken when the service does not offer them", async () => {
  const columnar = setUp({service: {columns: true}});
  await columnar.virtualizer.ready;
  await columnar.service.answerAll();
  assert.ok(columnar.service.queries().every((r) => r.url.includes("format=columns")));
  assert.equal(columnar.virtualizer.columns, "yes");
  assert.deepEqual(shown(columnar.virtualizer), expected(0));

  const full = setUp({service: {columns: false}});
  await full.virtualizer.ready;
  await full.service.answerAll();
  assert.equal(full.virtualizer.columns, "no");
  full.scroll(3000, 1000);
  await full.service.answerAll();
  assert.ok(!full.service.queries().at(-1).url.includes("format"), "no format once the service answered without it");
  assert.deepEqual(shown(full.virtualizer), expected(3000, full.virtualizer.currentVelocity));
});

test("with tiles in the summary, it asks for tiles and places sticky headers locally", async () => {
  const elements = feedElements(1000, 400, ITEM).map((e) => ({...e, frame: {...e.frame, y: e.frame.y + 40}}));
  const header = {category: "supplementary", kind: "header", section: 0, item: 0, frame: {x: 0, y: 0, width: 400, height: 40},
    zIndex: 10, alpha: 1, hidden: false, sticky: {edge: "leading", min: 0, max: 1000 * ITEM}};
  const {service, virtualizer, scroll} = setUp({service: {elements: [header, ...elements],
    contentSize: {width: 400, height: 40 + 1000 * ITEM}, tile: {axis: "y", length: 1000}}});
  await virtualizer.ready;
  await service.answerAll();
  assert.equal(virtualizer.mode, "tiles");
  assert.deepEqual(service.queries().map((r) => new URL(r.url).pathname), ["/v1/layouts/L1/tiles/0"]);
  scroll(20000, 100);  // a jump: 200 points/ms
  await service.answerAll();
  assert.deepEqual(service.queries().slice(1).map((r) => new URL(r.url).pathname),
    ["/v1/layouts/L1/tiles/20", "/v1/layouts/L1/tiles/19"]);
  // The header came with tile 0 only; it is drawn pinned at the viewport's top, with no request for it.
  const pinned = virtualizer.live.get("supplementary/header/0/0");
  assert.ok(pinned);
  assert.equal(pinned.view.style.top, "20000px");
  scroll(20100, 116);
  assert.equal(pinned.view.style.top, "20100px");
});

test("layouts that depend on the offset without tiles are queried with the offset, one request at a time", async () => {
  const {service, virtualizer, scroll} = setUp({service: {boundsDependent: true}});
  await virtualizer.ready;
  assert.equal(virtualizer.mode, "live");
  assert.equal(service.queries().length, 1);
  assert.equal(new URL(service.queries()[0].url).searchParams.get("offset"), "0,0");
  scroll(100, 16);
  scroll(200, 32);
  assert.equal(service.queries().length, 1, "one in flight");
  await service.answerAll();
  const last = new URL(service.queries().at(-1).url).searchParams;
  assert.equal(last.get("offset"), "0,200");
  // It draws the answer for the latest offset: the window, extended ahead in the direction of scrolling.
  assert.deepEqual(virtualizer.liveAnswer.offset, [0, 200]);
  assert.deepEqual(shown(virtualizer), virtualizer.liveAnswer.elements.map(elementKey).sort());
  assert.ok(expected(200).every((k) => shown(virtualizer).includes(k)));
});

test("resize posts bounds and restores the offset it answers", async () => {
  const {service, virtualizer, scroller, client} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  scroller.scrollTop = 1234;
  const sent = [];
  client.fetch = async (url, init) => {
    if (init.method === "GET") return service.fetch(url, init);
    sent.push({url, body: JSON.parse(init.body)});
    return response(201, {...service.summary(), id: "L2", contentOffset: {x: 0, y: 987}});
  };
  const answer = await virtualizer.resize({width: 300, height: 500});
  assert.equal(sent[0].url, "http://service/v1/layouts/L1/bounds");
  assert.deepEqual(sent[0].body, {collectionView: {width: 300, height: 500}, offset: {x: 0, y: 1234}});
  assert.equal(answer.id, "L2");
  assert.equal(virtualizer.layoutId, "L2");
  assert.equal(scroller.scrollTop, 987);
});

test("self-sizing reports measured sizes in one batch and applies the offset answer", async () => {
  const {service, virtualizer, scroller, client} = setUp({selfSizing: true, sizeBatchMs: 50});
  await virtualizer.ready;
  // Views measure 80 points tall where the layout estimated 50.
  for (const entry of virtualizer.live.values()) Object.assign(entry.view, {offsetWidth: 400, offsetHeight: 80});
  const original = virtualizer.createView;
  virtualizer.createView = (e) => Object.assign(original(e), {offsetWidth: 400, offsetHeight: 80});
  scroller.scrollTop = 0;
  // The sizes' POST is answered here from the start: the batch timer may fire while the tiles are still answered.
  const sent = [];
  client.fetch = async (url, init) => {
    if (init.method === "GET") return service.fetch(url, init);
    sent.push({url, body: JSON.parse(init.body)});
    return response(201, {...service.summary(), id: "L3", contentOffsetAdjustment: {x: 0, y: 30}});
  };
  await service.answerAll();
  await new Promise((r) => setTimeout(r, 100));
  await settle();
  assert.equal(sent.length, 1, "one batch");
  assert.equal(sent[0].url, "http://service/v1/layouts/L1/sizes");
  assert.deepEqual(sent[0].body.sizes.map((s) => s.item), expected(0).map((k) => Number(k.split("/")[2])).sort((a, b) => a - b));
  assert.ok(sent[0].body.sizes.every((s) => s.height === 80 && s.width === 400));
  assert.deepEqual(sent[0].body.offset, {x: 0, y: 0});
  assert.equal(virtualizer.layoutId, "L3");
  assert.equal(scroller.scrollTop, 30);
});

test("applyUpdates animates every before/after pair with the Web Animations API, then shows the new layout", async () => {
  const {service, virtualizer, client} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  const frame = (y) => ({x: 0, y, width: 400, height: ITEM});
  const cell = (item, y, alpha = 1) => ({category: "cell", section: 0, item, frame: frame(y), zIndex: 0, alpha, hidden: false});
  const animations = [
    {before: cell(0, 0), after: cell(1, 50)},  // moved down by an insert at 0
    {before: cell(0, 0, 0), after: cell(0, 0)},  // the inserted item appears
  ];
  let body;
  client.fetch = async (url, init) => {
    if (init.method === "GET") return service.fetch(url, init);
    body = JSON.parse(init.body);
    return response(201, {...service.summary(), id: "L4", animations});
  };
  const moved = virtualizer.live.get("cell/0/0").view;
  await virtualizer.applyUpdates({updates: [{op: "insertItems", indexPaths: [[0, 0]]}]});
  assert.deepEqual(body.rect, {x: -200, y: -300, width: 800, height: 1200});
  assert.deepEqual(body.offset, {x: 0, y: 0});
  assert.equal(moved.animations.length, 1);
  assert.deepEqual(moved.animations[0].keyframes.map((k) => k.top), ["0px", "50px"]);
  assert.equal(moved.dataset.key, "cell/0/1");
  assert.equal(virtualizer.layoutId, "L4");
});

test("an updateView that throws during applyUpdates rejects it, and every later scroll still draws", async () => {
  const {service, virtualizer, client, scroll} = setUp();
  await virtualizer.ready;
  await service.answerAll();
  const frame = (y) => ({x: 0, y, width: 400, height: ITEM});
  const cell = (item, y) => ({category: "cell", section: 0, item, frame: frame(y), zIndex: 0, alpha: 1, hidden: false});
  client.fetch = async (url, init) => {
    if (init.method === "GET") return service.fetch(url, init);
    return response(201, {...service.summary(), id: "L5", animations: [{before: cell(0, 0), after: cell(1, 50)}]});
  };
  const updateView = virtualizer.updateView;
  virtualizer.updateView = () => { throw new Error("the page's updateView failed"); };
  await assert.rejects(virtualizer.applyUpdates({updates: [{op: "insertItems", indexPaths: [[0, 0]]}]}),
    /updateView failed/);
  virtualizer.updateView = updateView;
  assert.equal(virtualizer.animating, false);
  const renders = virtualizer.stats.renders;
  scroll(20000, 1000);
  await service.answerAll();
  assert.ok(virtualizer.stats.renders > renders, "a scroll after the failure draws");
  assert.deepEqual(shown(virtualizer), expected(20000));
});

test("destroy stops listening: scroll events, the client area's observer, timers", async () => {
  const observed = [];
  const saved = globalThis.ResizeObserver;
  globalThis.ResizeObserver = class {
    constructor(callback) { this.callback = callback; this.disconnected = false; observed.push(this); }
    observe(element) { this.element = element; }
    disconnect() { this.disconnected = true; }
  };
  try {
    const {service, virtualizer, scroller} = setUp();
    await virtualizer.ready;
    await service.answerAll();
    assert.equal(observed.length, 1);
    assert.equal(observed[0].element, scroller);
    assert.ok(scroller.listeners.scroll);
    virtualizer.destroy();
    assert.ok(observed[0].disconnected);
    assert.equal(scroller.listeners.scroll, undefined);
  } finally {
    globalThis.ResizeObserver = saved;
  }
});

test("a client area that changes (a scroll bar came) posts bounds at the new size; the same size posts nothing", async () => {
  const observed = [];
  const saved = globalThis.ResizeObserver;
  globalThis.ResizeObserver = class {
    constructor(callback) { this.callback = callback; observed.push(this); }
    observe() {}
    disconnect() {}
  };
  try {
    const {service, virtualizer, client, scroller} = setUp();
    await virtualizer.ready;
    await service.answerAll();
    const bodies = [];
    client.fetch = async (url, init) => {
      if (init.method === "GET") return service.fetch(url, init);
      bodies.push(JSON.parse(init.body));
      return response(201, {...service.summary(), id: "L6"});
    };
    observed[0].callback();  // the size it was made at: nothing to do
    assert.equal(bodies.length, 0);
    scroller.clientWidth = 385;  // a vertical scroll bar 15 wide
    observed[0].callback();
    await virtualizer.ready;
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.deepEqual(bodies.map((b) => b.collectionView), [{width: 385, height: VIEW}]);
    assert.equal(virtualizer.layoutId, "L6");
    observed[0].callback();  // laid out at that size already
    assert.equal(bodies.length, 1);
  } finally {
    globalThis.ResizeObserver = saved;
  }
});

test("content longer than a browser allows: wheel steps move it 1:1, a thumb drag proportionally, both ends reachable", async () => {
  const tall = 100000 * 1000;  // 100 million points: 100,000 items of 1,000
  const {service, virtualizer, scroller} = setUp({service: {elements: feedElements(100000, 400, 1000),
    contentSize: {width: 400, height: tall}}, maxContentLength: 1000000});
  await virtualizer.ready;
  await service.answerAll();
  assert.equal(virtualizer.content.style.height, "1000000px");
  const maxDom = 1000000 - VIEW, maxPos = tall - VIEW;
  let t = 0;
  // A scroll event with the DOM offset at `dom`, clamped to its range as a browser does.
  const scrollDom = (dom) => {
    t += 16;
    scroller.scrollTop = Math.min(Math.max(dom, 0), maxDom);
    virtualizer.update();
    return virtualizer.offset().y;
  };
  /** Each view sits where the layout puts it relative to the viewport, inside the capped element. */
  const checkViews = async () => {
    await service.answerAll();
    const y = virtualizer.offset().y;
    for (const {view, element} of virtualizer.live.values()) {
      assert.equal(parseFloat(view.style.top) - scroller.scrollTop, element.frame.y - y);
      assert.ok(parseFloat(view.style.top) >= -1000 && parseFloat(view.style.top) <= 1000000, view.style.top);
    }
    const want = [];
    for (let i = 0; i < 100000; i++) if (i * 1000 <= y + 900 && (i + 1) * 1000 >= y - 300) want.push(`cell/0/${i}`);
    assert.deepEqual(shown(virtualizer), want.sort());
  };
  // The thumb dragged to a quarter (one pixel of thumb moves the DOM by over maxDom / view): proportional.
  assert.equal(scrollDom(250000), 250000 * maxPos / maxDom);
  await checkViews();
  // Wheel steps of 100, and keys (40 down, a page up): the layout moves by exactly as much.
  for (const step of [100, 100, 40, -540, 100]) {
    const before = virtualizer.offset().y;
    assert.equal(scrollDom(scroller.scrollTop + step), before + step);
  }
  await checkViews();
  // Scrolling stopped: the DOM is re-anchored where the thumb shows the layout's place; nothing moves.
  const y = virtualizer.offset().y;
  virtualizer.settle();
  assert.equal(virtualizer.offset().y, y);
  assert.ok(Math.abs(scroller.scrollTop - y * maxDom / maxPos) <= 0.5);
  await checkViews();
  // From near either end, wheel steps all the way: every step moves 100 (the last what is left), and the end
  // of the layout is reached; the DOM never reaches its end before the layout does.
  for (const [start, step, end] of [[990000, 100, maxPos], [5000, -100, 0]]) {
    scrollDom(start);
    let steps = 0;
    for (let y = virtualizer.offset().y; y !== end; steps++) {
      const moved = scrollDom(scroller.scrollTop + step) - y;
      assert.equal(moved, Math.sign(step) * Math.min(Math.abs(step), Math.abs(end - y)), `step ${steps} at ${y}`);
      y += moved;
    }
    assert.ok(steps > 1000);
    await checkViews();
  }
  assert.equal(scroller.scrollTop, 0);
  assert.equal(scrollDom(maxDom), maxPos, "the thumb at the end is the end");
  await checkViews();
  assert.ok(shown(virtualizer).includes("cell/0/99999"), "the last item is reached");
  // A programmatic scroll goes to the layout offset asked, with the thumb at its proportional place.
  virtualizer.scrollToOffset({x: 0, y: tall / 2});
  assert.equal(virtualizer.offset().y, tall / 2);
  assert.ok(Math.abs(scroller.scrollTop - (tall / 2) * maxDom / maxPos) <= 0.5);
  virtualizer.destroy();
});
