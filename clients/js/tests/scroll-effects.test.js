// Scroll effects on the client (scroll-effects.js): the scale and alpha it gives a tile's cells at an offset (and
// rows at their offsets) equal those the service answers for that offset, on 127.0.0.1; and literal values.
import {test, before, after} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, ScrollEffects, elementKey} from "../layout-client.js";
import {skip, startService} from "./service.js";
let service, base;

before(async () => {
  if (skip) return;
  ({base, process: service} = await startService());
});

after(() => { if (service) service.kill(); });

test("the docs' example: a = 0.5, b = 0.6, D = 200, the visible centre 200 past the offset", () => {
  const effects = ScrollEffects.of({scrollEffects: [{sections: [0, 0], axis: "y", center: 200, distance: 200, scale: 0.5,
    alpha: 0.6}]});
  assert.deepEqual(effects.factors(0, {x: 0, y: 220, width: 100, height: 100}, {x: 0, y: 100}), {scale: 0.925, alpha: 0.94});
  assert.deepEqual(effects.factors(0, {x: 0, y: 330, width: 100, height: 100}, {x: 0, y: 100}), {scale: 0.8, alpha: 0.84});
  assert.deepEqual(effects.factors(0, {x: 0, y: 0, width: 100, height: 100}, {x: 0, y: 100}), {scale: 0.5, alpha: 0.6});
  assert.equal(effects.factors(1, {x: 0, y: 0, width: 100, height: 100}, {x: 0, y: 100}), null);
  const [cell] = effects.apply([{category: "cell", section: 0, item: 0, frame: {x: 0, y: 250, width: 100, height: 100}}],
    {x: 0, y: 100});
  assert.equal(cell.transform3D, undefined);  // at the centre: scale 1, no transform
  assert.equal(cell.alpha, 1);
  assert.equal(ScrollEffects.of({contentSize: {width: 1, height: 1}}), null);
});

/** The cells of `elements` meeting `rect` ([x, y, w, h]), by key, with the fields the effects set. */
function cellsIn(elements, rect) {
  const [x, y, w, h] = rect;
  return new Map(elements.filter((e) => e.category === "cell" && e.frame.x <= x + w && e.frame.x + e.frame.width >= x
    && e.frame.y <= y + h && e.frame.y + e.frame.height >= y)
    .map((e) => [elementKey(e), {frame: e.frame, alpha: e.alpha ?? 1, scale: e.transform3D ? e.transform3D[0] : 1,
      transform: e.transform3D || null}]));
}

function assertSameCells(got, want, what) {
  assert.deepEqual([...got.keys()].sort(), [...want.keys()].sort(), what);
  for (const [key, w] of want) {
    const g = got.get(key);
    assert.deepEqual(g.frame, w.frame, `${what} ${key}`);
    assert.ok(Math.abs(g.alpha - w.alpha) < 1e-9 && Math.abs(g.scale - w.scale) < 1e-9, `${what} ${key}: ${JSON.stringify([g, w])}`);
    assert.equal(g.transform === null, w.transform === null, `${what} ${key}: a transform only when the scale is not 1`);
  }
}

test("a waterfall with insets: a tile's cells with the client's effects are the service's answer at each offset",
  {skip}, async () => {
    const client = new LayoutClient(base);
    const heights = Array.from({length: 300}, (_, i) => 60 + (i * 37) % 140);
    const layout = await client.prepare({layout: "waterfall", collectionView: {width: 360, height: 640,
      contentInset: {top: 40, left: 0, bottom: 20, right: 0}}, columnCount: 3, sections: [{itemHeights: heights},
      {itemHeights: heights.slice(0, 40)}], scrollEffects: {scale: {minimum: 0.6}, alpha: {minimum: 0.3}, distance: 250}});
    assert.equal(layout.boundsDependent, true);
    const effects = ScrollEffects.of(layout);
    const band = layout.tile.length;
    let compared = 0;
    for (const y of [-40, 0, 333.5, 1200, 2500.25]) {
      const k = Math.max(0, Math.floor((y + 100) / band));
      const rect = [0, k * band, 360, band];
      const tile = await client.tile(layout.id, k);
      const drawn = cellsIn(effects.apply(tile.elements, {x: 0, y}), rect);
      const answer = cellsIn((await client.attributes(layout.id, rect, {offset: [0, y]})).elements, rect);
      assertSameCells(drawn, answer, `offset ${y}`);
      compared += answer.size;
    }
    assert.ok(compared > 50, `${compared} cells`);
  });

test("a carousel row: cells moved by the row's offset, then scaled and faded along the row as the service answers",
  {skip}, async () => {
    const client = new LayoutClient(base);
    const card = {axis: "horizontal", size: {width: {absolute: 240}, height: {absolute: 180}},
      subitems: [{item: {size: {width: {fractionalWidth: 1}, height: {fractionalHeight: 1}}}}]};
    const layout = await client.prepare({layout: "compositional", collectionView: {width: 390, height: 700},
      scrollEffects: {alpha: {minimum: 0.5}},
      defaultSection: {group: {axis: "horizontal", size: {width: {fractionalWidth: 1}, height: {absolute: 60}},
        subitems: [{item: {size: {width: {fractionalWidth: 1}, height: {fractionalHeight: 1}}}}]}},
      sections: [{items: 12, section: {group: card, interGroupSpacing: 12, orthogonalScrollingBehavior: "groupPagingCentered",
        contentInsets: {leading: 75, trailing: 75}, scrollEffects: {scale: {minimum: 0.75}, alpha: {minimum: 0.4}}}},
      {items: 50}]});
    const effects = ScrollEffects.of(layout);
    assert.deepEqual(layout.scrollEffects.map((r) => [r.sections, r.axis]), [[[0, 0], "x"], [[1, 1], "y"]]);
    const tile = await client.tile(layout.id, 0);
    let compared = 0;
    for (const [row, y] of [[0, 0], [126, 0], [252, 30], [1000.5, 100]]) {
      const rect = [-1000, y, 3000, 600];  // within tile 0 (y 0...700)
      const drawn = cellsIn(effects.apply(tile.elements, {x: 0, y}, new Map([[0, row]])), rect);
      const answer = cellsIn((await client.request("GET", `/v1/layouts/${layout.id}/attributes`,
        {query: {rect, offset: [0, y], sectionOffsets: `0:${row}`}})).elements, rect);
      assertSameCells(drawn, answer, `row offset ${row}, offset ${y}`);
      compared += answer.size;
      // The card at the view's centre is whole.
      const centred = [...answer.values()].find((c) => Math.abs(c.frame.x + 120 - 195) < 1);
      if (row % 252 === 0 && row < 1000) assert.ok(centred && centred.scale === 1 && centred.alpha === 1, `row ${row}`);
    }
    assert.ok(compared > 30, `${compared} cells`);
  });
