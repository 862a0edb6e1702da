// adaptiveCount and adaptiveItems against a count made one by one, and the service's answer for the same spec.
import {test} from "node:test";
import assert from "node:assert/strict";
import {adaptiveCount, adaptiveItems} from "../layout-client.js";
import {skip, startService} from "./service.js";

function byOne(w, available, spacing) {
  let n = 1;
  for (let k = 1; k <= 1024; k++) if (k * w + (k - 1) * spacing <= available + 1e-9) n = k;
  return n;
}

test("the count is the largest that fits, exact fits included", () => {
  assert.equal(adaptiveCount(100, 320, 10), 3);
  assert.equal(adaptiveCount(100, 319.99, 10), 2);
  assert.equal(adaptiveCount(0.1, 0.3, 0), 3);
  assert.equal(adaptiveCount(1, 1e9, 0), 1024);
  assert.equal(adaptiveCount(1, 1e9, 0, 5), 5);
  assert.equal(adaptiveCount(50, -40, 10), 1);
  let seed = 7;
  const r = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 2000; i++) {
    const w = [0.5, 1, 33, 100, 120.5][Math.floor(r() * 5)], spacing = [0, 1, 10, 0.1][Math.floor(r() * 4)];
    const n = 1 + Math.floor(r() * 12);
    const available = r() < 0.5 ? n * w + (n - 1) * spacing : r() * 2000;
    assert.equal(adaptiveCount(w, available, spacing), byOne(w, available, spacing), `${w} ${available} ${spacing}`);
  }
});

test("the items' size is the service's", {skip}, async () => {
  const {base, process: service} = await startService();
  const spec = {layout: "flow", collectionView: {width: 390, height: 844}, sectionInset: {left: 12, right: 12},
    itemSize: {minimumWidth: 150, aspectRatio: 1.5}, minimumInteritemSpacing: 10, sections: [{items: 4}]};
  let item;
  try {
    const summary = await (await fetch(`${base}/v1/layouts`, {method: "POST", body: JSON.stringify(spec)})).json();
    item = await (await fetch(`${base}/v1/layouts/${summary.id}/items/0/1`)).json();
  } finally {
    service.kill();
  }
  const {columns, width, height} = adaptiveItems(spec.itemSize, 390 - 24, 10);
  assert.equal(columns, 2);
  assert.deepEqual(item.frame, {x: 12 + width + 10, y: 0, width, height});
});
