// Merged cells in either answer format: columnsToElements gives `rowSpan` and `columnSpan` to merged cells only, as
// the full format does. Against the service on 127.0.0.1 (a grid tile with merged ranges asked in both formats),
// and against a columnar answer written out as ColumnsEncoder writes it.
import {test, before, after} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, columnsToElements, elementKey} from "../layout-client.js";
import {skip, startService} from "./service.js";
let service, base;

before(async () => {
  if (skip) return;
  ({base, process: service} = await startService());
});

after(() => { if (service) service.kill(); });

/** Elements by key, each with the fields both formats carry (the full format's `center` and `size` repeat the
 * frame) and the columnar defaults of an absent field filled in. */
function byKey(elements) {
  return new Map(elements.map(({center, size, ...e}) => [elementKey(e), {zIndex: 0, alpha: 1, hidden: false, ...e}]));
}

test("a grid tile with merged ranges: the columnar answer's elements equal the full answer's, spans on merged cells only",
  {skip}, async () => {
    const client = new LayoutClient(base);
    const layout = await client.prepare({layout: "grid", collectionView: {width: 720, height: 560},
      rows: {count: 200, size: 28}, columns: {count: 40, size: 100}, frozen: {top: 1, leading: 1},
      merged: [{row: 3, column: 1, rows: 2, columns: 3}, {row: 8, column: 5, rows: 1, columns: 2},
        {row: 10, column: 2, rows: 4, columns: 1}]});
    const full = await client.gridTile(layout.id, 0, 0);
    const columns = await client.gridTile(layout.id, 0, 0, {format: "columns"});
    assert.ok(Array.isArray(columns.x) && Array.isArray(full.elements));
    const fromColumns = byKey(columnsToElements(columns)), expected = byKey(full.elements);
    assert.deepEqual([...fromColumns.keys()].sort(), [...expected.keys()].sort());
    for (const [key, e] of expected) assert.deepEqual(fromColumns.get(key), e, key);
    const merged = [...expected.values()].filter((e) => e.rowSpan || e.columnSpan).map(elementKey).sort();
    assert.deepEqual(merged, ["cell/10/2", "cell/3/1", "cell/8/5"]);
    assert.ok(expected.size > 3 * merged.length, `${expected.size} cells`);
  });

test("columnsToElements: spans of 1 × 1 are no spans; a merged cell gets both, as the full format writes them", () => {
  const answer = {count: 3, section: [0, 3, 8], item: [0, 1, 5], x: [0, 100, 500], y: [0, 84, 224],
    width: [100, 300, 200], height: [28, 56, 28], rowSpan: [1, 2, 1], columnSpan: [1, 3, 2]};
  const [plain, block, wide] = columnsToElements(answer);
  assert.equal("rowSpan" in plain || "columnSpan" in plain, false);
  assert.deepEqual([block.rowSpan, block.columnSpan], [2, 3]);
  assert.deepEqual([wide.rowSpan, wide.columnSpan], [1, 2]);
});
