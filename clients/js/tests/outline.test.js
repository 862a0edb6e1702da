// Outline rows: the level in both answer formats (columnsToElements keeps it), on a row's view (applyLevel), and
// OutlineState toggling a folder through a virtualizer's applyUpdates, against the service on 127.0.0.1.
import {test, before, after} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, columnsToElements, applyLevel, outlineBatch, OutlineState} from "../layout-client.js";
import {skip, startService} from "./service.js";
let service, base;

before(async () => {
  if (skip) return;
  ({base, process: service} = await startService());
});

after(() => { if (service) service.kill(); });

// Folder 0 (files 1 and 2, folder 3 holding file 4), folder 5 (file 6).
const levels = [0, 1, 1, 1, 2, 0, 1];
const tree = (collapsed) => ({layout: "list", collectionView: {width: 320, height: 480}, rowHeight: {absolute: 40},
  sections: [{items: 7, outline: {levels, collapsed}}]});

test("the level of each row, the same in both formats; hidden rows in neither", {skip}, async () => {
  const client = new LayoutClient(base);
  const layout = await client.prepare(tree([3]));
  const rect = {x: 0, y: 0, width: 320, height: 480};
  const full = (await client.attributes(layout.id, rect)).elements;
  const columns = columnsToElements(await client.attributes(layout.id, rect, {format: "columns"}));
  assert.deepEqual(full.map((e) => [e.item, e.level]), [[0, 0], [1, 1], [2, 1], [3, 1], [5, 0], [6, 1]]);
  assert.deepEqual(columns.map((e) => [e.item, e.level]), full.map((e) => [e.item, e.level]));
});

test("OutlineState toggles a folder with one batch; the answer animates rows in and out", {skip}, async () => {
  const client = new LayoutClient(base);
  let layoutId = (await client.prepare(tree([]))).id;
  const sent = [];
  // A virtualizer's applyUpdates as far as OutlineState uses it: the batch posted with the render window.
  const virtualizer = {
    async applyUpdates(batch) {
      sent.push(batch);
      const answer = await client.updates(layoutId, {...batch, rect: {x: 0, y: 0, width: 320, height: 480}});
      layoutId = answer.id;
      return answer;
    },
  };
  const state = new OutlineState(0, {levels});
  assert.equal(state.hasChildren(0), true);
  assert.equal(state.hasChildren(4), false);
  const collapsed = await state.toggle(virtualizer, 3);
  assert.deepEqual(sent[0], {updates: [{op: "collapse", indexPaths: [[0, 3]]}]});
  assert.deepEqual(state.collapsedItems(), [3]);
  assert.equal(collapsed.id, (await client.prepare(tree([3]))).id);
  const hidden = collapsed.animations.find((a) => a.before.item === 4);
  assert.deepEqual([hidden.before.alpha, hidden.after.alpha], [1, 0]);
  const expanded = await state.toggle(virtualizer, 3);
  assert.deepEqual(sent[1], {updates: [{op: "expand", indexPaths: [[0, 3]]}]});
  const shown = expanded.animations.find((a) => a.after.item === 4);
  assert.deepEqual([shown.before.alpha, shown.after.alpha, shown.after.level], [0, 1, 2]);
  await assert.rejects(state.toggle(virtualizer, 4), RangeError);
});

test("applyLevel marks a row's view and clears a recycled one", () => {
  const attributes = new Map(), properties = new Map();
  const view = {dataset: {}, setAttribute: (k, v) => attributes.set(k, v), removeAttribute: (k) => attributes.delete(k),
    style: {setProperty: (k, v) => properties.set(k, v), removeProperty: (k) => properties.delete(k)}};
  applyLevel(view, {category: "cell", section: 0, item: 4, level: 2});
  assert.deepEqual([view.dataset.level, attributes.get("aria-level"), properties.get("--level")], ["2", "3", "2"]);
  applyLevel(view, {category: "cell", section: 1, item: 0});
  assert.deepEqual([view.dataset.level, attributes.has("aria-level"), properties.has("--level")], [undefined, false, false]);
  assert.deepEqual(outlineBatch({expand: [[0, 1]], collapse: []}), {updates: [{op: "expand", indexPaths: [[0, 1]]}]});
});
