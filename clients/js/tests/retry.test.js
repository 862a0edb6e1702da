// LayoutClient retries "not now" answers: against the real service on 127.0.0.1, with per-key quotas of POST body
// bytes so small that it answers 429 with `Retry-After: 1` (docs/security.md#quotas); and, with a fake fetch, the
// answers the service never gives (a 503 without Retry-After).
import {test, before, after} from "node:test";
import assert from "node:assert/strict";
import {execFileSync} from "node:child_process";
import {mkdtempSync, writeFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {LayoutClient, ProblemError} from "../layout-client.js";
import {response} from "./fakes.js";
import {bin, skip, startService} from "./service.js";

// 60,000 POST body bytes a minute: 1,000 a second. A spec of 500-900 bytes right after the bucket is emptied needs
// under a second of refill (Retry-After: 1) and has it after the wait.
const BYTES_PER_MINUTE = 60000;
const KEYS = ["paced", "hogged", "aborted", "long"];
let service, base, dir;
const secrets = {};

before(async () => {
  if (skip) return;
  dir = mkdtempSync(join(tmpdir(), "layout-client-retry-"));
  const lines = [];
  for (const id of KEYS) {
    const [secret, line] = execFileSync(bin, ["keys", "new", "--id", id, "--scopes", "read,write"], {encoding: "utf8"})
      .trim().split("\n");
    secrets[id] = secret;
    lines.push(`${line} post-bytes-per-minute=${BYTES_PER_MINUTE}`);
  }
  writeFileSync(join(dir, "keys"), lines.join("\n") + "\n");
  ({base, process: service} = await startService(["--api-keys-file", join(dir, "keys")]));
});

after(() => {
  if (service) service.kill();
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** A flow spec of `n` explicit item sizes: about 9 bytes an item as JSON. */
function spec(n, width = 100) {
  return {layout: "flow", collectionView: {width: 390, height: 844},
    sections: [{itemSizes: Array.from({length: n}, (_, i) => [width, 40 + (i % 10)])}]};
}

/** Empties `key`'s bucket of POST body bytes: a body of a whole minute's allowance (not JSON: a 400, but paid). */
async function drain(key, bytes = BYTES_PER_MINUTE) {
  const r = await fetch(`${base}/v1/layouts`, {method: "POST", headers: {Authorization: `Bearer ${secrets[key]}`},
    body: "x".repeat(bytes)});
  await r.text();
  assert.ok(r.status === 400 || r.status === 429, `drain: ${r.status}`);
}

/** globalThis.fetch, recording the status of every answer (the service's own answers, only watched). */
function watched() {
  const statuses = [];
  const fetchFunction = async (url, init) => {
    const r = await fetch(url, init);
    statuses.push(r.status);
    return r;
  };
  return {statuses, fetch: fetchFunction};
}

test("a POST refused for its quota (429, Retry-After: 1) is sent again after a second and succeeds", {skip}, async () => {
  const body = spec(70);
  const bytes = JSON.stringify(body).length;
  assert.ok(bytes > 500 && bytes < 900, `${bytes} bytes`);
  const {statuses, fetch} = watched();
  const client = new LayoutClient(base, {apiKey: secrets.paced, fetch});
  await drain("paced");
  const started = performance.now();
  const summary = await client.prepare(body);
  const elapsed = performance.now() - started;
  assert.equal(summary.items, 70);
  assert.deepEqual(statuses, [429, 201]);
  assert.ok(elapsed >= 950 && elapsed < 5000, `${elapsed} ms`);
});

test("after `attempts` refusals the last one rejects as a ProblemError with its Retry-After", {skip}, async () => {
  // Another caller of the same key spends the refilled bytes (100 at a time, every 50 ms): each try is refused.
  const body = spec(70);
  const {statuses, fetch} = watched();
  const client = new LayoutClient(base, {apiKey: secrets.hogged, fetch, attempts: 3});
  await drain("hogged");
  let hogging = true;
  const hog = (async () => {
    while (hogging) {
      await drain("hogged", 100);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  const started = performance.now();
  try {
    await assert.rejects(client.prepare(body), (error) => {
      assert.ok(error instanceof ProblemError);
      assert.equal(error.status, 429);
      assert.equal(error.problem.type, "urn:layout-service:problem:quota-exceeded");
      assert.equal(error.retryAfter, 1);
      return true;
    });
  } finally {
    hogging = false;
    await hog;
  }
  assert.deepEqual(statuses, [429, 429, 429]);
  const elapsed = performance.now() - started;
  assert.ok(elapsed >= 1900 && elapsed < 8000, `${elapsed} ms`);
});

test("a Retry-After longer than maxRetryWaitMs is not waited for; attempts: 1 never retries", {skip}, async () => {
  // 5,000 bytes at 1,000 a second: Retry-After: 5.
  const {statuses, fetch} = watched();
  await drain("long");
  const started = performance.now();
  await assert.rejects(new LayoutClient(base, {apiKey: secrets.long, fetch, maxRetryWaitMs: 2000}).prepare(spec(550)),
    (error) => error instanceof ProblemError && error.status === 429 && error.retryAfter >= 4);
  await assert.rejects(new LayoutClient(base, {apiKey: secrets.long, fetch, attempts: 1}).prepare(spec(70)),
    (error) => error instanceof ProblemError && error.status === 429 && error.retryAfter === 1);
  assert.deepEqual(statuses, [429, 429]);
  assert.ok(performance.now() - started < 900);
});

test("aborting while the client waits to retry rejects at once with the AbortError", {skip}, async () => {
  const {statuses, fetch} = watched();
  const client = new LayoutClient(base, {apiKey: secrets.aborted, fetch});
  await drain("aborted");
  const controller = new AbortController();
  const pending = client.prepare(spec(70), {signal: controller.signal});
  while (statuses.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const aborted = performance.now();
  controller.abort();
  await assert.rejects(pending, {name: "AbortError"});
  assert.ok(performance.now() - aborted < 200, `${performance.now() - aborted} ms`);
  assert.deepEqual(statuses, [429]);
});

// The service gives every 503 and 429 a Retry-After; a proxy in front of it may not.
function scripted(statuses, retryAfter = null) {
  const calls = [];
  const fetch = async (url, init) => {
    calls.push(performance.now());
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)];
    const r = response(status, status === 200 ? {id: "a"} : {title: "x", status});
    return {...r, headers: {get: (name) => (name.toLowerCase() === "retry-after" ? retryAfter : null)}};
  };
  return {calls, fetch};
}

test("a 503 without Retry-After is retried after a short backoff; a 429 without it, or a 500, is not", async () => {
  const busy = scripted([503, 503, 200]);
  assert.deepEqual(await new LayoutClient("", {fetch: busy.fetch}).summary("a"), {id: "a"});
  assert.equal(busy.calls.length, 3);
  const [first, second, third] = busy.calls;
  assert.ok(second - first >= 100 && second - first < 400, `${second - first} ms`);  // 125-250 ms
  assert.ok(third - second >= 230 && third - second < 700, `${third - second} ms`);  // 250-500 ms
  for (const status of [429, 500, 422]) {
    const refused = scripted([status, 200]);
    await assert.rejects(new LayoutClient("", {fetch: refused.fetch}).summary("a"), {status});
    assert.equal(refused.calls.length, 1);
  }
  const off = scripted([503, 200], "1");
  await assert.rejects(new LayoutClient("", {fetch: off.fetch, attempts: 0}).summary("a"), {status: 503, retryAfter: 1});
  assert.equal(off.calls.length, 1);
  const noWait = scripted([503, 200], "1");
  await assert.rejects(new LayoutClient("", {fetch: noWait.fetch, maxRetryWaitMs: 0}).summary("a"), {status: 503});
  assert.equal(noWait.calls.length, 1);
});
