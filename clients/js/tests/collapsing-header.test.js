// The collapsing header (docs/specs.md, "Collapsing headers") placed by the client from the summary's
// `tile.collapsingHeader`, against the real service's answers at the same offsets: the header's frame, progress
// and zIndex, and a pinned section header (the tab bar of a profile page) below it; and the virtualizer drawing
// both from tiles, which leave the header out, with the progress as a CSS variable and a callback.
import {test, before, after} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, Virtualizer, collapsingHeaderElement, stickyUnderCollapsingHeader, collapsingHeaderPlace,
  collapseProgress, elementKey, answerElements} from "../layout-client.js";
import {FakeElement, fakeScroller} from "./fakes.js";
import {skip, startService} from "./service.js";

let service, base;

before(async () => {
  if (skip) return;
  ({base, process: service} = await startService());
});

after(() => { if (service) service.kill(); });

const VIEW = {width: 390, height: 844};

/** A profile page: a header collapsing from `expanded` to `collapsed` over a pinned tab bar and 200 rows. */
function profile(header, inset = 0) {
  return {layout: "flow", collectionView: {...VIEW, contentInset: {top: inset, left: 0, bottom: 0, right: 0}},
    collapsingHeader: header, itemSize: {width: 390, height: 80}, minimumLineSpacing: 0,
    headerReferenceSize: {width: 0, height: 48}, sectionHeadersPinToVisibleBounds: true,
    sections: [{items: 200}, {items: 30}]};
}

const HEADERS = [
  {expandedHeight: 320, collapsedHeight: 88},
  {expandedHeight: 320, collapsedHeight: 88, behavior: "scroll", stretch: true},
  {expandedHeight: 200, collapsedHeight: 200, stretch: true},
  {expandedHeight: 260, collapsedHeight: 0, behavior: "pinned", stretch: false},
];
const OFFSETS = [-150, -47, -20, 0, 12.5, 100, 231, 232, 300, 5000, 16200, 16400];

test("the client places the header and pinned headers as the service does, at every offset", {skip}, async () => {
  const client = new LayoutClient(base);
  for (const [i, header] of HEADERS.entries()) {
    const inset = i % 2 ? 47 : 0;
    const summary = await client.prepare(profile(header, inset));
    const h = summary.tile.collapsingHeader;
    assert.equal(h.expandedHeight, header.expandedHeight);
    assert.equal(h.contentInsetTop, inset);
    const tile = await client.tile(summary.id, 0);
    assert.ok(!answerElements(tile).some((e) => e.kind === "collapsingHeader"), "tiles leave the header out");
    const tabBars = answerElements(tile).filter((e) => e.sticky);
    assert.ok(tabBars.length >= 1);
    for (const y of OFFSETS) {
      const answer = await client.attributes(summary.id, [0, y - 100, 390, 1200], {offset: [0, y]});
      const elements = answerElements(answer);
      const served = elements.find((e) => e.kind === "collapsingHeader");
      const placed = collapsingHeaderElement(h, y, VIEW.width);
      // In the answer (first) when it meets the rect: a header that scrolled away does not.
      const f = placed.frame, meets = f.y <= y + 1100 && f.y + f.height >= y - 100;
      assert.equal(Boolean(served), meets, `header ${JSON.stringify(header)} at ${y}`);
      if (served) {
        assert.equal(elements[0].kind, "collapsingHeader", `first at ${y}`);
        assert.deepEqual(served.frame, placed.frame, `header ${JSON.stringify(header)} at ${y}`);
        assert.equal(served.collapseProgress, placed.collapseProgress);
        assert.equal(served.zIndex, placed.zIndex);
      }
      const tab = elements.find((e) => e.kind === "header" && e.section === 0);
      if (tab) {
        const sticky = tabBars.find((e) => e.section === 0).sticky;
        assert.equal(stickyUnderCollapsingHeader(h, sticky, y), tab.frame.y, `tab bar at ${y}`);
      }
    }
  }
});

test("the formulas: collapsing, pinned or scrolling away, stretched", () => {
  const h = {expandedHeight: 300, collapsedHeight: 100, behavior: "pinned", stretch: false, zIndex: 2};
  assert.deepEqual(collapsingHeaderPlace(h, 50), {y: 50, height: 250});
  assert.deepEqual(collapsingHeaderPlace(h, 400), {y: 400, height: 100});
  assert.deepEqual(collapsingHeaderPlace({...h, behavior: "scroll"}, 400), {y: 200, height: 100});
  assert.deepEqual(collapsingHeaderPlace(h, -30), {y: 0, height: 300});
  assert.deepEqual(collapsingHeaderPlace({...h, stretch: true}, -30), {y: -30, height: 330});
  assert.equal(collapseProgress(h, 200), 0.5);
  assert.equal(collapseProgress(h, 330), 0);
  assert.equal(collapseProgress({...h, collapsedHeight: 300}, 300), 0);
});

test("the virtualizer draws the header from tiles at each offset, with its progress", {skip}, async () => {
  const client = new LayoutClient(base);
  const summary = await client.prepare(profile(HEADERS[0]));
  const scroller = fakeScroller(VIEW.width, VIEW.height);
  scroller.style.setProperty = (name, value) => { scroller.style[name] = value; };
  const progress = [];
  const virtualizer = new Virtualizer({client, layoutId: summary.id, scrollElement: scroller, lookahead: 0,
    createView: () => new FakeElement(), onCollapse: (p) => progress.push(p)});
  await virtualizer.setLayout(summary.id, summary);
  assert.equal(virtualizer.mode, "tiles");
  for (const y of [0, 116, 232, 900, 3000]) {
    scroller.scrollTop = y;
    virtualizer.update();
    for (let i = 0; i < 50 && !virtualizer.lastComplete; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    virtualizer.render();
    const answer = await client.attributes(summary.id, [0, y, 390, 844], {offset: [0, y]});
    const served = answerElements(answer).find((e) => e.kind === "collapsingHeader");
    const drawn = [...virtualizer.views.live.values()].map((v) => v.element)
      .find((e) => e && e.kind === "collapsingHeader");
    assert.ok(drawn, `drawn at ${y}`);
    assert.deepEqual(drawn.frame, served.frame, `at ${y}`);
    assert.equal(progress[progress.length - 1], served.collapseProgress);
    assert.equal(scroller.style["--collapse-progress"], String(served.collapseProgress));
    const tab = answerElements(answer).find((e) => e.kind === "header" && e.section === 0);
    const drawnTab = [...virtualizer.views.live.values()].map((v) => v.element)
      .find((e) => e && elementKey(e) === "supplementary/header/0/0");
    if (tab) assert.equal(drawnTab.frame.y, tab.frame.y, `tab bar at ${y}`);
  }
  virtualizer.destroy();
});
