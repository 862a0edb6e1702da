// workerFetch against a fake Worker (the protocol of the page's side; the browser test in
// Tests/e2e/test_playground.py runs the real worker): answers, their headers and bodies, aborts told to the
// worker, failures, and a worker that cannot start handing its requests to fetch.
import {test} from "node:test";
import assert from "node:assert/strict";
import {workerFetch} from "../layout-client.js";

class FakeWorker {
  static made = [];
  constructor(url) { Object.assign(this, {url, sent: [], terminated: false}); FakeWorker.made.push(this); }
  postMessage(message) { this.sent.push(message); }
  terminate() { this.terminated = true; }
  answer(id, status, body, headers = []) {
    this.onmessage({data: {id, status, headers, body: new TextEncoder().encode(body).buffer}});
  }
}

function withFakes(run) {
  const saved = {Worker: globalThis.Worker, location: globalThis.location, fetch: globalThis.fetch};
  globalThis.Worker = FakeWorker;
  globalThis.location = {href: "http://page.example/app/"};
  FakeWorker.made = [];
  return run().finally(() => Object.assign(globalThis, saved));
}

test("an answer from the worker reads as fetch's: status, headers, text, JSON and bytes, any number of times", () => withFakes(async () => {
  const fetch = workerFetch(), worker = FakeWorker.made[0];
  const pending = fetch("/v1/layouts/L1", {method: "GET", headers: {"If-None-Match": "\"a\""}});
  assert.deepEqual(worker.sent, [{id: 1, url: "http://page.example/v1/layouts/L1",
    init: {method: "GET", headers: {"If-None-Match": "\"a\""}}}]);
  worker.answer(1, 200, "{\"id\":\"L1\"}", [["etag", "\"b\""], ["content-type", "application/json"]]);
  const response = await pending;
  assert.equal(response.status, 200);
  assert.ok(response.ok);
  assert.equal(response.headers.get("ETag"), "\"b\"");
  assert.equal(response.headers.get("Retry-After"), null);
  assert.deepEqual(await response.clone().json(), {id: "L1"});
  assert.equal(await response.text(), "{\"id\":\"L1\"}");
  assert.equal((await response.bytes()).length, 11);
  assert.equal((await response.arrayBuffer()).byteLength, 11);
  const problem = fetch("http://service.example/v1/layouts/x");
  worker.answer(2, 404, "{\"status\":404}");
  assert.equal((await problem).ok, false);
}));

test("an abort rejects at once with the signal's reason, tells the worker, and its late answer is dropped", () => withFakes(async () => {
  const fetch = workerFetch(), worker = FakeWorker.made[0], controller = new AbortController();
  const pending = fetch("/tiles/1", {signal: controller.signal});
  controller.abort();
  await assert.rejects(pending, {name: "AbortError"});
  assert.deepEqual(worker.sent.at(-1), {abort: 1});
  worker.answer(1, 200, "{}");  // came anyway: nothing to resolve
  const early = new AbortController();
  early.abort();
  await assert.rejects(fetch("/tiles/2", {signal: early.signal}), {name: "AbortError"});
  assert.equal(worker.sent.length, 2, "an aborted signal sends nothing");
  const failed = fetch("/tiles/3");
  worker.onmessage({data: {id: 3, error: "Failed to fetch"}});
  await assert.rejects(failed, {name: "TypeError", message: "Failed to fetch"});
}));

test("a worker that cannot start hands its requests, and every later one, to fetch", () => withFakes(async () => {
  const fetched = [];
  globalThis.fetch = async (url) => { fetched.push(url); return {status: 200, ok: true}; };
  const fetch = workerFetch(), worker = FakeWorker.made[0];
  const pending = fetch("/v1/layouts/L1");
  worker.onerror(new Event("error"));
  assert.ok(worker.terminated);
  assert.equal((await pending).status, 200);
  await fetch("/v1/layouts/L2");
  assert.deepEqual(fetched, ["http://page.example/v1/layouts/L1", "/v1/layouts/L2"]);
  // Where the Worker constructor throws, or there is none, it is fetch from the start.
  globalThis.Worker = class { constructor() { throw new DOMException("blocked", "SecurityError"); } };
  await workerFetch()("/v1/x");
  globalThis.Worker = undefined;
  await workerFetch()("/v1/y");
  assert.deepEqual(fetched.slice(2), ["/v1/x", "/v1/y"]);
}));

test("destroy terminates the worker: requests waiting for it reject with an AbortError, later ones go by fetch", () => withFakes(async () => {
  const fetch = workerFetch(), worker = FakeWorker.made[0], controller = new AbortController();
  const pending = fetch("/tiles/1", {signal: controller.signal});
  globalThis.fetch = async (url) => ({status: 200, url});
  fetch.destroy();
  assert.ok(worker.terminated);
  assert.equal(worker.onmessage, null);
  await assert.rejects(pending, {name: "AbortError"});
  controller.abort();  // its listener is gone: nothing is told to the terminated worker
  assert.equal(worker.sent.length, 1);
  assert.deepEqual(await fetch("http://service.example/x"), {status: 200, url: "http://service.example/x"});
  fetch.destroy();  // twice is harmless
}));
