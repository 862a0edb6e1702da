// A waterfall's spans, columns and kept columns from the client: insertItems with spans and columns, size reports
// and batches with keepColumns against the service on 127.0.0.1 (every old item's x and width unchanged, the
// spec's itemColumns the columns the items had), the checks that throw before anything is sent, and the
// Virtualizer's keepColumns option on its size reports (against a fake service).
import {test, before, after} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, Virtualizer, ProblemError, insertItems, batch, sizeReport} from "../layout-client.js";
import {FakeService, FakeElement, fakeScroller, feedElements, settle, response} from "./fakes.js";
import {skip, startService} from "./service.js";
let service, base;

before(async () => {
  if (skip) return;
  ({base, process: service} = await startService());
});

after(() => { if (service) service.kill(); });

/** Every cell's frame of a layout, by "section/item". */
async function frames(client, summary) {
  const {width, height} = summary.contentSize;
  const answer = await client.attributes(summary.id, {x: 0, y: 0, width, height});
  return new Map(answer.elements.filter((e) => e.category === "cell").map((e) => [`${e.section}/${e.item}`, e.frame]));
}

const FEED = {layout: "waterfall", collectionView: {width: 390, height: 844}, columnCount: 3, columnSpacing: 6,
  sections: [{itemHeights: Array.from({length: 40}, (_, i) => 40 + (i * 53) % 160),
    itemSpans: Array.from({length: 40}, (_, i) => (i % 8 === 5 ? 3 : 1))}]};

test("a size report with keepColumns moves the items only along their columns", {skip}, async () => {
  const client = new LayoutClient(base);
  const first = await client.prepare(FEED);
  const before = await frames(client, first);
  const sizes = [0, 3, 7, 12].map((item) => ({section: 0, item, width: 100, height: 300}));
  const kept = await client.sizes(first.id, sizeReport(sizes, {keepColumns: true, offset: {x: 0, y: 0}}));
  const after = await frames(client, kept);
  let moved = 0;
  for (const [key, frame] of before) {
    assert.deepEqual([after.get(key).x, after.get(key).width], [frame.x, frame.width], key);
    if (after.get(key).y !== frame.y) moved++;
  }
  assert.ok(moved > 20, `${moved} moved`);
  const {spec} = await client.summary(kept.id);
  const width = (390 - 12) / 3;
  spec.sections[0].itemColumns.forEach((c, i) => assert.equal(before.get(`0/${i}`).x, c * (width + 6), `0/${i}`));
  // Without keepColumns, some items go to other columns.
  const loose = await frames(client, await client.sizes(first.id, sizeReport(sizes)));
  assert.ok([...before].some(([key, frame]) => loose.get(key).x !== frame.x));
});

test("insertItems with spans and columns, in a batch that keeps the other items' columns", {skip}, async () => {
  const client = new LayoutClient(base);
  const first = await client.prepare(FEED);
  const before = await frames(client, first);
  const answer = await client.updates(first.id, batch([insertItems([[0, 0], [0, 10]],
    {sizes: [[100, 50], [100, 60]], spans: [3, 1], columns: [-1, 2]})], {keepColumns: true}));
  const after = await frames(client, answer);
  assert.equal(after.get("0/0").width, 390);
  assert.equal(after.get("0/10").x, 2 * ((390 - 12) / 3 + 6));
  for (let i = 0; i < 40; i++) {
    const now = after.get(`0/${i < 9 ? i + 1 : i + 2}`), was = before.get(`0/${i}`);
    assert.deepEqual([now.x, now.width], [was.x, was.width], `0/${i}`);
  }
  await assert.rejects(client.updates(first.id, {updates: [{op: "insertItems", indexPaths: [[0, 0]], spans: [0]}]}),
    (error) => error instanceof ProblemError && error.problem.pointer === "/updates/0/spans/0");
});

test("insertItems throws before sending what the service would refuse", () => {
  assert.throws(() => insertItems([[0, 0], [0, 1]], {spans: [1]}), /spans: give one per index path \(2\)/);
  assert.throws(() => insertItems([[0, 0]], {spans: [0]}), /spans: each must be a whole number from 1/);
  assert.throws(() => insertItems([[0, 0]], {columns: [-2]}), /columns: each must be a whole number from -1/);
  assert.throws(() => insertItems([[0, 0]], {columns: [0.5]}), RangeError);
  assert.deepEqual(insertItems([[0, 0]], {columns: [-1]}), {op: "insertItems", indexPaths: [[0, 0]], columns: [-1]});
  assert.deepEqual(sizeReport([], {offset: {x: 0, y: 1}}), {sizes: [], offset: {x: 0, y: 1}});
  assert.deepEqual(batch([], {keepColumns: true}), {updates: [], keepColumns: true});
});

test("the Virtualizer's keepColumns option: its size reports keep the columns", async () => {
  const fake = new FakeService({elements: feedElements(1000, 400, 50), contentSize: {width: 400, height: 50000}});
  const client = new LayoutClient("http://service", {fetch: fake.fetch});
  const scroller = fakeScroller(400, 600);
  const virtualizer = new Virtualizer({client, layoutId: fake.id, scrollElement: scroller, clock: () => 0,
    lookahead: 200, selfSizing: true, sizeBatchMs: 10, keepColumns: true,
    createView() { return Object.assign(new FakeElement(), {offsetWidth: 400, offsetHeight: 80}); }});
  await virtualizer.ready;
  const sent = [];
  client.fetch = async (url, init) => {
    if (init.method === "GET") return fake.fetch(url, init);
    sent.push({url, body: JSON.parse(init.body)});
    return response(200, {...fake.summary(), contentOffsetAdjustment: {x: 0, y: 0}});
  };
  await fake.answerAll();
  await new Promise((r) => setTimeout(r, 60));
  await settle();
  assert.equal(sent.length, 1);
  assert.equal(sent[0].url, "http://service/v1/layouts/L1/sizes");
  assert.equal(sent[0].body.keepColumns, true);
  assert.ok(sent[0].body.sizes.length > 0);
});
