// LayoutClient: requests as the service's API describes them, problems as errors, conditional GETs.
import {test} from "node:test";
import assert from "node:assert/strict";
import {LayoutClient, ProblemError, NOT_MODIFIED, columnsToElements, answerElements, elementKey, stickyCoordinate}
  from "../layout-client.js";
import {response} from "./fakes.js";

function recording(answer = () => response(200, {})) {
  const calls = [];
  const fetch = async (url, init) => { calls.push({url, init}); return answer(url, init); };
  return {calls, fetch};
}

test("every method sends its endpoint's request, with the API key as a bearer token", async () => {
  const {calls, fetch} = recording();
  const c = new LayoutClient("http://svc:8080/", {apiKey: "k-123", fetch});
  const signal = new AbortController().signal;
  await c.prepare({layout: "flow"}, {signal});
  await c.summary("abc");
  await c.attributes("abc", [0, 10, 390, 844], {offset: [0, 10], format: "columns", signal});
  await c.attributes("abc", {x: 1, y: 2, width: 3, height: 4});
  await c.tile("abc", 7, {format: "columns"});
  await c.updates("abc", {updates: [{op: "deleteItems", indexPaths: [[0, 1]]}]});
  await c.sizes("abc", {sizes: [{section: 0, item: 1, width: 10, height: 20}], offset: {x: 0, y: 5}});
  await c.bounds("abc", {collectionView: {width: 800, height: 600}, offset: [0, 1200], anchor: "end"});
  await c.scrollTo("abc", {item: [0, 40], position: "centeredVertically", offset: [0, 300]});
  await c.scrollTo("abc", {section: 3});
  assert.deepEqual(calls.map((x) => `${x.init.method} ${x.url}`), [
    "POST http://svc:8080/v1/layouts",
    "GET http://svc:8080/v1/layouts/abc",
    "GET http://svc:8080/v1/layouts/abc/attributes?rect=0%2C10%2C390%2C844&offset=0%2C10&format=columns",
    "GET http://svc:8080/v1/layouts/abc/attributes?rect=1%2C2%2C3%2C4",
    "GET http://svc:8080/v1/layouts/abc/tiles/7?format=columns",
    "POST http://svc:8080/v1/layouts/abc/updates",
    "POST http://svc:8080/v1/layouts/abc/sizes",
    "POST http://svc:8080/v1/layouts/abc/bounds",
    "GET http://svc:8080/v1/layouts/abc/scroll-to?item=0%2C40&position=centeredVertically&offset=0%2C300",
    "GET http://svc:8080/v1/layouts/abc/scroll-to?section=3&position=top",
  ]);
  for (const x of calls) assert.equal(x.init.headers.Authorization, "Bearer k-123");
  assert.equal(calls[0].init.signal, signal);
  assert.equal(calls[0].init.headers["Content-Type"], "application/json");
  assert.deepEqual(JSON.parse(calls[7].init.body),
    {collectionView: {width: 800, height: 600}, offset: {x: 0, y: 1200}, anchor: "end"});
  assert.deepEqual(JSON.parse(calls[0].init.body), {layout: "flow"});
});

test("without an API key no Authorization header is sent; a relative base URL stays relative", async () => {
  const {calls, fetch} = recording();
  await new LayoutClient("", {fetch}).summary("x y");
  assert.equal(calls[0].url, "/v1/layouts/x%20y");
  assert.equal(calls[0].init.headers.Authorization, undefined);
});

test("a problem answer rejects with an Error carrying the problem object", async () => {
  const problem = {type: "urn:layout-service:problem:invalid-spec", title: "Unprocessable", status: 422,
    detail: "must be more than 0", pointer: "/sections/0/itemSizes/1/0"};
  const {fetch} = recording(() => response(422, problem));
  const c = new LayoutClient("", {fetch});
  await assert.rejects(c.prepare({}), (error) => {
    assert.ok(error instanceof Error && error instanceof ProblemError);
    assert.deepEqual(error.problem, problem);
    assert.equal(error.status, 422);
    assert.match(error.message, /422 Unprocessable: must be more than 0 at \/sections\/0\/itemSizes\/1\/0/);
    return true;
  });
});

test("a conditional GET sends If-None-Match and answers NOT_MODIFIED on 304; answers carry their ETag", async () => {
  const {calls, fetch} = recording((url, init) => init.headers["If-None-Match"] === '"t1"'
    ? response(304, null, '"t1"') : response(200, {contentSize: {width: 1, height: 1}, elements: []}, '"t1"'));
  const c = new LayoutClient("", {fetch});
  const first = await c.attributes("a", [0, 0, 1, 1]);
  assert.equal(first.etag, '"t1"');
  assert.deepEqual(Object.keys(first), ["contentSize", "elements"]);  // the tag is not a field of the answer
  assert.equal(await c.attributes("a", [0, 0, 1, 1], {ifNoneMatch: first.etag}), NOT_MODIFIED);
  assert.equal(calls[1].init.headers["If-None-Match"], '"t1"');
});

test("an aborted request rejects with the AbortError of its signal", async () => {
  const fetch = (url, init) => new Promise((_, reject) =>
    init.signal.addEventListener("abort", () => reject(new DOMException("gone", "AbortError"))));
  const controller = new AbortController();
  const pending = new LayoutClient("", {fetch}).attributes("a", [0, 0, 1, 1], {signal: controller.signal});
  controller.abort();
  await assert.rejects(pending, {name: "AbortError"});
});

test("columnar answers read as the full format's elements", () => {
  const columns = {contentSize: {width: 100, height: 100}, count: 3, section: [0, 0, 0], item: [0, 0, 1],
    x: [0, 0, 50], y: [0, 20, 20], width: [100, 50, 50], height: [20, 50, 50], category: [1, 0, 0],
    kind: ["header", null, null], zIndex: [10, 0, 0], alpha: [1, 0.5, 1], hidden: [false, false, true],
    transform3D: [null, null, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1]],
    sticky: [["leading", 0, 80], null, null]};
  const full = columnsToElements(columns);
  assert.deepEqual(full[0], {category: "supplementary", kind: "header", section: 0, item: 0,
    frame: {x: 0, y: 0, width: 100, height: 20}, zIndex: 10, alpha: 1, hidden: false,
    sticky: {edge: "leading", min: 0, max: 80}});
  assert.deepEqual(full[1], {category: "cell", section: 0, item: 0, frame: {x: 0, y: 20, width: 50, height: 50},
    zIndex: 0, alpha: 0.5, hidden: false});
  assert.deepEqual(full[2].transform3D, columns.transform3D[2]);
  assert.equal(full[2].hidden, true);
  assert.deepEqual(answerElements(columns), full);
  // Arrays left out mean their defaults.
  const plain = columnsToElements({count: 1, section: [2], item: [3], x: [1], y: [2], width: [3], height: [4]});
  assert.deepEqual(plain[0], {category: "cell", section: 2, item: 3, frame: {x: 1, y: 2, width: 3, height: 4},
    zIndex: 0, alpha: 1, hidden: false});
  assert.deepEqual(elementKey(full[0]), "supplementary/header/0/0");
  assert.deepEqual(elementKey(full[1]), "cell/0/0");
});

test("sticky elements sit at clamp(v, min, max) along the axis", () => {
  const header = {frame: {x: 0, y: 100, width: 300, height: 40}, sticky: {edge: "leading", min: 100, max: 500}};
  assert.equal(stickyCoordinate(header, 0, 600), 100);  // above its range: its own place
  assert.equal(stickyCoordinate(header, 250, 600), 250);  // pinned at the leading edge
  assert.equal(stickyCoordinate(header, 900, 600), 500);  // pushed up by its section's end
  const footer = {frame: {x: 0, y: 900, width: 300, height: 30}, sticky: {edge: "trailing", min: 200, max: 900}};
  assert.equal(stickyCoordinate(footer, 0, 600), 570);  // trailing edge less its length
  assert.equal(stickyCoordinate(footer, 1000, 600), 900);
  const column = {frame: {x: 10, y: 0, width: 20, height: 300}, sticky: {edge: "leading", min: 10, max: 400}};
  assert.equal(stickyCoordinate(column, 123, 390, "x"), 123);
  // A content inset (the range's inset): inside the visible bounds' edge by as much.
  const inside = {...header, sticky: {...header.sticky, inset: 20}};
  assert.equal(stickyCoordinate(inside, 250, 600), 270);
  assert.equal(stickyCoordinate(inside, 0, 600), 100);
  const above = {...footer, sticky: {...footer.sticky, inset: 15}};
  assert.equal(stickyCoordinate(above, 0, 600), 555);
});
