// layout-client.js: the layout service's browser client, one ES module with no dependencies and no build step.
// The service serves it at GET /client/layout-client.js.
//
//   LayoutClient: one method per endpoint, each a fetch with an AbortSignal; a problem answer (RFC 9457)
//     rejects with a ProblemError that carries the problem object. "Not now" answers (429, 503) are retried
//     after the wait they ask for, a few times.
//   Virtualizer: keeps a scrolling element's DOM to what its viewport plus an overscan shows, fetching ahead of
//     the scroll, caching answers, recycling views by category and kind, pinning sticky headers, animating
//     batch updates. See docs/clients.md.

/** A problem answer (`application/problem+json`) or another failed request, as an Error. */
export class ProblemError extends Error {
  /** `retryAfter`: the answer's `Retry-After` in seconds (429, 503), when it had one. */
  constructor(problem, status, retryAfter) {
    const p = problem && typeof problem === "object" ? problem : {title: String(problem)};
    const where = p.pointer !== undefined ? ` at ${p.pointer || "/"}` : p.parameter ? ` (${p.parameter})` : "";
    super(`${status || p.status || ""} ${p.title || "Error"}: ${p.detail || ""}${where}`.trim());
    this.name = "ProblemError";
    this.problem = p;
    this.status = status || p.status || 0;
    this.retryAfter = retryAfter ?? null;
  }
}

/** A 304 answer to a conditional GET: the cached answer with this tag is still the answer. */
export const NOT_MODIFIED = Object.freeze({notModified: true});

const CATEGORIES = ["cell", "supplementary", "decoration"];

/** How far beyond the content, across the scroll axis, a band reaches (points). */
const CROSS_REACH = 1000000;

/** Elements of a columnar answer (`format=columns`) as the full format's objects. */
export function columnsToElements(answer) {
  const n = answer.count ?? (answer.x ? answer.x.length : 0);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    const e = {
      category: answer.category ? CATEGORIES[answer.category[i]] : "cell",
      section: answer.section[i], item: answer.item[i],
      frame: {x: answer.x[i], y: answer.y[i], width: answer.width[i], height: answer.height[i]},
      zIndex: answer.zIndex ? answer.zIndex[i] : 0,
      alpha: answer.alpha ? answer.alpha[i] : 1,
      hidden: answer.hidden ? answer.hidden[i] : false,
    };
    const kind = answer.kind ? answer.kind[i] : null;
    if (kind != null) e.kind = kind;
    if (answer.transform3D && answer.transform3D[i]) e.transform3D = answer.transform3D[i];
    for (const name of ["sticky", "stickyX", "stickyY"]) {
      const s = answer[name] ? answer[name][i] : null;
      if (s) e[name] = !Array.isArray(s) ? s : s.length > 3 ? {edge: s[0], min: s[1], max: s[2], inset: s[3]}
        : {edge: s[0], min: s[1], max: s[2]};
    }
    if (answer.rowSpan && answer.rowSpan[i] != null) e.rowSpan = answer.rowSpan[i];
    if (answer.columnSpan && answer.columnSpan[i] != null) e.columnSpan = answer.columnSpan[i];
    out[i] = e;
  }
  return out;
}

/** The elements of a rect or tile answer, in either format. */
export function answerElements(answer) {
  if (Array.isArray(answer.elements)) return answer.elements;
  if (Array.isArray(answer.x)) return columnsToElements(answer);
  return [];
}

/** A stable key per element: `cell/s/i`, `supplementary/kind/s/i`, `decoration/kind/s/i`. */
export function elementKey(e) {
  return e.category === "cell" || !e.category ? `cell/${e.section}/${e.item}` : `${e.category}/${e.kind}/${e.section}/${e.item}`;
}

/**
 * Where a range `s` ({edge, min, max, inset}) pins an element `length` long when the visible span starts at `pos`
 * and is `view` long: `clamp(p, min, max)`, p being `pos + inset` (`leading`) or `pos + view - inset - length`
 * (`trailing`), as CSS `position: sticky` with `top: inset` / `bottom: inset` does.
 */
function pin(s, length, pos, view) {
  const inset = s.inset || 0, p = s.edge === "trailing" ? pos + view - inset - length : pos + inset;
  return Math.min(Math.max(p, s.min), s.max);
}

/**
 * The coordinate along `axis` of a sticky element at scroll position `pos` in a view `viewLength` long: its range's
 * `clamp(p, min, max)`, p being `pos` plus `inset` (`leading`) or the view's end less `inset` and the element's
 * length (`trailing`); a header's or footer's `inset` is the content inset on that side (0 when left out).
 */
export function stickyCoordinate(e, pos, viewLength, axis = "y") {
  return pin(e.sticky, axis === "y" ? e.frame.height : e.frame.width, pos, viewLength);
}

/**
 * The frame of a frozen grid cell (one with `stickyX` and/or `stickyY`: `{edge, min, max, inset}`) for the visible
 * rect `v` ({x, y, width, height}): along each pinned axis at `clamp(p, min, max)`, p being the visible minimum
 * edge plus `inset` (`leading`) or the maximum edge less `inset` and the cell's length (`trailing`), as
 * `attributes?rect=...&offset=v.x,v.y` answers it.
 */
export function pinnedFrame(e, v) {
  const f = e.frame;
  return {x: e.stickyX ? pin(e.stickyX, f.width, v.x, v.width) : f.x,
    y: e.stickyY ? pin(e.stickyY, f.height, v.y, v.height) : f.y, width: f.width, height: f.height};
}

/** Every endpoint of the service. `baseURL` "" means the page's own origin. */
export class LayoutClient {
  /**
   * `attempts`: tries in all for a request answered 429 or 503 ("not now"; 1 or 0: no retries); `maxRetryWaitMs`:
   * the longest wait before a retry (a longer `Retry-After` is not waited for: the problem is thrown at once).
   */
  constructor(baseURL = "", {apiKey, fetch: fetchFunction, attempts = 3, maxRetryWaitMs = 10000} = {}) {
    this.baseURL = String(baseURL).replace(/\/+$/, "");
    this.apiKey = apiKey;
    this.fetch = fetchFunction || globalThis.fetch.bind(globalThis);
    this.attempts = attempts;
    this.maxRetryWaitMs = maxRetryWaitMs;
  }

  /**
   * One request. `ifNoneMatch`: a conditional GET, answered NOT_MODIFIED on 304. Answers carry `etag`. A body that
   * is bytes (a Uint8Array, an ArrayBuffer or a Blob) goes as `application/wasm`, any other as JSON; `bytes`: the
   * answer is the body's bytes (a Uint8Array), not JSON.
   */
  async request(method, path, {query, body, signal, ifNoneMatch, bytes = false} = {}) {
    let url = this.baseURL + path;
    if (query) {
      const parts = Object.entries(query).filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(",") : v)}`);
      if (parts.length) url += "?" + parts.join("&");
    }
    const headers = {};
    const binary = body instanceof Uint8Array || body instanceof ArrayBuffer
      || (typeof Blob !== "undefined" && body instanceof Blob);
    if (body !== undefined) headers["Content-Type"] = binary ? "application/wasm" : "application/json";
    if (this.apiKey) headers["Authorization"] = `Bearer ${this.apiKey}`;
    if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
    const init = {method, headers, signal,
      body: body === undefined ? undefined : binary || typeof body === "string" ? body : JSON.stringify(body)};
    // Every request of this client may be sent again: GETs; POST /v1/layouts, whose layout's id is its spec's hash
    // (the same spec answers 200 and the same id), and POST /v1/programs, whose program's id is its bytes' hash;
    // updates, sizes and bounds, whose new layout's id is that of the spec derived from the base layout and the
    // body (docs/api.md: "registered with the id of its spec"). And a 429 or 503 is given before the request is
    // acted on (quotas, the POST queue, the store): nothing happened.
    let response;
    for (let attempt = 1; ; attempt++) {
      response = await this.fetch(url, init);
      const wait = attempt < this.attempts ? retryWait(response, attempt, this.maxRetryWaitMs) : null;
      if (wait === null) break;
      await discard(response);  // frees the connection for the retry
      await sleep(wait, signal);
    }
    if (response.status === 304) return NOT_MODIFIED;
    if (bytes && response.ok) return new Uint8Array(await response.arrayBuffer());
    let answer;
    const text = await response.text();
    try { answer = text ? JSON.parse(text) : {}; } catch {
      answer = {title: "Not JSON", detail: text.slice(0, 200), status: response.status};
    }
    if (!response.ok) throw new ProblemError(answer, response.status, retryAfterSeconds(response));
    const etag = response.headers && response.headers.get ? response.headers.get("ETag") : null;
    if (etag && answer && typeof answer === "object") Object.defineProperty(answer, "etag", {value: etag});
    return answer;
  }

  /** POST /v1/layouts: the summary of the prepared layout (`id`, `contentSize`, ...). */
  prepare(spec, {signal} = {}) { return this.request("POST", "/v1/layouts", {body: spec, signal}); }

  /** GET /v1/layouts/{id}. */
  summary(id, {signal} = {}) { return this.request("GET", `/v1/layouts/${enc(id)}`, {signal}); }

  /** GET .../attributes: the elements in `rect` ([x, y, w, h] or {x, y, width, height}). */
  attributes(id, rect, {offset, format, limit, cursor, signal, ifNoneMatch} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/attributes`, {signal, ifNoneMatch,
      query: {rect: rectList(rect), offset: offset && pointList(offset), format, limit, cursor}});
  }

  /** GET .../tiles/{k} (when the summary has `tile`): every element in the band [k·L, (k+1)·L). */
  tile(id, k, {format, signal, ifNoneMatch} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/tiles/${k}`, {signal, ifNoneMatch, query: {format}});
  }

  /** GET .../tiles/{row}/{column} (when the summary has `tileGrid`): every element meeting that tile's rect. */
  gridTile(id, row, column, {format, signal, ifNoneMatch} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/tiles/${row}/${column}`, {signal, ifNoneMatch, query: {format}});
  }

  /** POST .../updates: `{updates, rect, offset, anchor}`; the new layout and its animations. */
  updates(id, batch, {signal} = {}) {
    return this.request("POST", `/v1/layouts/${enc(id)}/updates`, {body: batch, signal});
  }

  /** POST .../sizes: `{sizes: [{section, item, width, height}], offset}`; the new layout and the offset answer. */
  sizes(id, body, {signal} = {}) {
    return this.request("POST", `/v1/layouts/${enc(id)}/sizes`, {body, signal});
  }

  /** POST .../bounds: the layout at a new view size, and `contentOffset` keeping the anchor in place. */
  bounds(id, {collectionView, offset, anchor} = {}, {signal} = {}) {
    return this.request("POST", `/v1/layouts/${enc(id)}/bounds`, {signal,
      body: {collectionView, offset: offset && pointObject(offset), anchor}});
  }

  /** GET .../scroll-to: the offset {x, y} that shows an item (or a section) at `position`. */
  scrollTo(id, {item, section, position = "top", offset} = {}, {signal} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/scroll-to`, {signal, query: {
      item: item && (Array.isArray(item) ? item.join(",") : `${item.section},${item.item}`),
      section, position, offset: offset && pointList(offset)}});
  }

  /**
   * POST /v1/programs: a layout program (a WebAssembly module: a Uint8Array, an ArrayBuffer or a Blob), validated
   * and kept under the SHA-256 of its bytes; `{id, bytes}`. Use the id in a spec: `prepare({layout: "program",
   * program: id, collectionView, sections: [{items: n}], parameters})` (docs/programs.md).
   */
  postProgram(module, {signal} = {}) { return this.request("POST", "/v1/programs", {body: module, signal}); }

  /** GET /v1/programs/{id}: the module's bytes, a Uint8Array. */
  program(id, {signal} = {}) { return this.request("GET", `/v1/programs/${enc(id)}`, {signal, bytes: true}); }

  /** DELETE /v1/programs/{id} (a key with the `admin` scope); layouts prepared from it stay. */
  deleteProgram(id, {signal} = {}) { return this.request("DELETE", `/v1/programs/${enc(id)}`, {signal}); }

  /** GET /v1/fonts: the families the service measures text with, `{families: [{family, weights}], fallback}`. */
  fonts({signal} = {}) { return this.request("GET", "/v1/fonts", {signal}); }

  /** GET .../target-offset: where a fling that would end at `proposed` ends. */
  targetOffset(id, proposed, {velocity, signal} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/target-offset`, {signal,
      query: {proposed: pointList(proposed), velocity: velocity && pointList(velocity)}});
  }
}

/** `Retry-After` in whole seconds (the service's form), or null. An HTTP date counts from now. */
function retryAfterSeconds(response) {
  const value = response.headers && response.headers.get ? response.headers.get("Retry-After") : null;
  if (value == null || value.trim() === "") return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * Milliseconds to wait before trying `response`'s request again, or null not to: a 429 or 503 with `Retry-After`
 * waits what it says; a 503 without it backs off 250 ms, 500 ms, 1 s, ... (jittered, so that clients refused
 * together do not come back together); a 429 without it is not retried (when its quota refills is unknown). A
 * wait over `maxMs` is not waited: waiting less than the service asked would only be refused again.
 */
function retryWait(response, attempt, maxMs) {
  if (response.status !== 429 && response.status !== 503) return null;
  const seconds = retryAfterSeconds(response);
  let ms;
  if (seconds !== null) ms = seconds * 1000;
  else if (response.status === 503) ms = 250 * 2 ** (attempt - 1) * (0.5 + Math.random() / 2);
  else return null;
  return ms <= maxMs ? ms : null;
}

/** Reads and drops an answer's body (a refused answer's problem), so its connection can be used again. */
async function discard(response) {
  try { if (response.text) await response.text(); } catch { /* the retry does not need it */ }
}

/** Resolves after `ms`, or rejects with the signal's reason (an AbortError) as soon as it aborts. */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) { reject(abortReason(signal)); return; }
    const done = () => { if (signal) signal.removeEventListener("abort", aborted); resolve(); };
    const timer = setTimeout(done, ms);
    const aborted = () => { clearTimeout(timer); reject(abortReason(signal)); };
    if (signal) signal.addEventListener("abort", aborted, {once: true});
  });
}

/** Why `signal` aborted: its reason, or an AbortError. */
function abortReason(signal) { return signal.reason ?? new DOMException("The operation was aborted.", "AbortError"); }
function enc(id) { return encodeURIComponent(id); }
function rectList(r) { return Array.isArray(r) ? r.join(",") : [r.x, r.y, r.width, r.height].join(","); }
function pointList(p) { return Array.isArray(p) ? p.join(",") : [p.x, p.y].join(","); }
function pointObject(p) { return Array.isArray(p) ? {x: p[0], y: p[1]} : p; }
function isAbort(error) { return error && (error.name === "AbortError" || error.name === "TimeoutError"); }

/**
 * A `fetch` for LayoutClient (`new LayoutClient(url, {fetch: workerFetch()})`) that sends each request from a Web
 * Worker and answers once the whole body is read: the page's main thread takes an answer in one task, where
 * `fetch` needs one for the headers and another for the body, each waiting behind whatever the thread is doing
 * (a page flinging a grid had its tiles in half the time: docs/clients.md). The answer has what LayoutClient
 * reads: `status`, `ok`, `headers.get`, `text()`, `json()`, `arrayBuffer()` and `clone()`. A signal's abort
 * rejects at once with the signal's reason and aborts the request in the worker. Where there are no workers, or
 * the worker cannot start (a Content Security Policy without `blob:` workers), requests go by the global `fetch`,
 * those already sent to the worker included. One worker each call: make one and share it.
 */
export function workerFetch() {
  const fallback = (url, init) => globalThis.fetch(url, init);
  let worker = null, source = null;
  try {
    source = URL.createObjectURL(new Blob([`(${fetchInWorker})()`], {type: "text/javascript"}));
    worker = new Worker(source);
  } catch {
    if (source) URL.revokeObjectURL(source);
    return fallback;
  }
  const waiting = new Map();  // id -> {url, init, resolve, reject, done}
  let last = 0;
  worker.onmessage = ({data}) => {
    if (source) { URL.revokeObjectURL(source); source = null; }  // the worker runs: its source is no longer needed
    const call = waiting.get(data.id);
    if (!call) return;  // aborted
    waiting.delete(data.id);
    call.done();
    if (data.error) call.reject(new TypeError(data.error)); else call.resolve(new WorkerResponse(data));
  };
  worker.onerror = () => {  // it could not start: every request goes by fetch
    worker.terminate();
    worker = null;
    for (const call of waiting.values()) { call.done(); fallback(call.url, call.init).then(call.resolve, call.reject); }
    waiting.clear();
  };
  return (url, init = {}) => {
    if (!worker) return fallback(url, init);
    return new Promise((resolve, reject) => {
      const id = ++last, {signal, ...rest} = init;
      if (signal && signal.aborted) { reject(abortReason(signal)); return; }
      // A worker made from a Blob has no base for relative URLs: they are resolved against the page's.
      const href = new URL(url, globalThis.location && globalThis.location.href).href;
      worker.postMessage({id, url: href, init: rest});  // a body that cannot be copied to the worker rejects here
      const aborted = () => {
        if (!waiting.delete(id)) return;
        if (worker) worker.postMessage({abort: id});
        reject(abortReason(signal));
      };
      if (signal) signal.addEventListener("abort", aborted, {once: true});
      waiting.set(id, {url: href, init, resolve, reject, done: () => signal && signal.removeEventListener("abort", aborted)});
    });
  };
}

/** The worker of workerFetch (its source is made a Blob): fetches, reads the whole body, posts it back. */
function fetchInWorker() {
  const controllers = new Map();
  self.onmessage = async ({data}) => {
    if (data.abort) { controllers.get(data.abort)?.abort(); return; }
    const controller = new AbortController();
    controllers.set(data.id, controller);
    try {
      const response = await fetch(data.url, {...data.init, signal: controller.signal});
      const body = await response.arrayBuffer();
      self.postMessage({id: data.id, status: response.status, headers: [...response.headers], body}, [body]);
    } catch (error) {
      if (error.name !== "AbortError") self.postMessage({id: data.id, error: String(error.message || error)});
    } finally {
      controllers.delete(data.id);
    }
  };
}

/** workerFetch's answer: its body, read already, can be read any number of times. */
class WorkerResponse {
  #body;

  constructor({status, headers, body}) {
    const names = new Map(headers);  // lower-case names, as a Headers object lists them
    this.#body = body;
    Object.assign(this, {status, ok: status >= 200 && status < 300});
    this.headers = {get: (name) => names.get(String(name).toLowerCase()) ?? null};
  }
  async arrayBuffer() { return this.#body.slice(0); }
  async bytes() { return new Uint8Array(this.#body.slice(0)); }
  async text() { return new TextDecoder().decode(this.#body); }
  async json() { return JSON.parse(await this.text()); }
  clone() { return this; }
}

/** A bounded LRU of answers by key: `{elements, etag, time}`. Keys in `keep` are never evicted. */
export class AnswerCache {
  constructor(limit = 48) { this.limit = Math.max(1, limit); this.map = new Map(); this.evictions = 0; }
  get size() { return this.map.size; }
  has(key) { return this.map.has(key); }
  /** The entry, marked as most recently used. */
  get(key) {
    const entry = this.map.get(key);
    if (entry) { this.map.delete(key); this.map.set(key, entry); }
    return entry;
  }
  peek(key) { return this.map.get(key); }
  set(key, entry, keep) {
    this.map.delete(key);
    this.map.set(key, entry);
    for (const k of this.map.keys()) {
      if (this.map.size <= this.limit) break;
      if (k === key || (keep && keep.has(k))) continue;
      this.map.delete(k);
      this.evictions += 1;
    }
  }
  delete(key) { return this.map.delete(key); }
  clear() { this.map.clear(); }
}

/**
 * Which bands [k·L, (k+1)·L) a viewport at `pos` (length `view`) needs, moving at `velocity` points/ms:
 * `behind` points on the trailing side and `behind + |velocity|·lookahead` on the leading side.
 * Answers `{first, last, order}`: `order` lists the bands nearest the viewport first, leading side before
 * trailing side at equal distance.
 */
export function planBands({pos, view, velocity = 0, band, behind, lookahead, count}) {
  const ahead = behind + Math.abs(velocity) * lookahead;
  const start = velocity < 0 ? pos - ahead : pos - behind;
  const end = velocity < 0 ? pos + view + behind : pos + view + ahead;
  const first = Math.max(0, Math.floor(start / band));
  // Closed at the end, as rect queries are: a window ending exactly where a band starts needs that band too.
  const last = Math.min(count - 1, Math.max(first, Math.floor(end / band)));
  const visibleFirst = Math.max(first, Math.floor(pos / band)), visibleLast = Math.min(last, Math.floor((pos + view) / band));
  const order = [];
  for (let k = visibleFirst; k <= visibleLast; k++) order.push(k);
  const forward = velocity >= 0;
  let a = forward ? visibleLast + 1 : visibleFirst - 1, b = forward ? visibleFirst - 1 : visibleLast + 1;
  const step = forward ? 1 : -1;
  while ((a >= first && a <= last) || (b >= first && b <= last)) {
    if (a >= first && a <= last) { order.push(a); a += step; }
    if (b >= first && b <= last) { order.push(b); b -= step; }
  }
  return {first, last, order};
}

/** The tiles [first, last] of length `band` (of `count`) that the span [pos, pos + length] meets. */
function tileSpan(pos, length, band, count) {
  return [clamp(Math.floor(pos / band), 0, count - 1), clamp(Math.floor((pos + length) / band), 0, count - 1)];
}

/**
 * Which tiles [row, column] of a grid cut as `grid` ({width, height, columns, rows}) a viewport `v` needs, with
 * `w` the viewport plus the overscan, moving at `velocity` ({x, y} points/ms), soonest needed first: the tiles `v`
 * meets; those `v` crosses when moved along the velocity for `lookahead` ms; those of `w`; those `w` crosses so
 * moved; then those of `beyond` (if given). A diagonal fling asks for the tiles along its path, not for the whole
 * rectangle ahead.
 */
export function planTiles({v, w, beyond, velocity = {x: 0, y: 0}, lookahead, grid}) {
  const order = [], seen = new Set();
  const add = (rect) => {
    const [r0, r1] = tileSpan(rect.y, rect.height, grid.height, grid.rows);
    const [c0, c1] = tileSpan(rect.x, rect.width, grid.width, grid.columns);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const key = r * grid.columns + c;
        if (!seen.has(key)) { seen.add(key); order.push([r, c]); }
      }
    }
  };
  const speed = Math.hypot(velocity.x, velocity.y), distance = speed * lookahead;
  const step = Math.min(grid.width, grid.height) / 2;
  const sweep = (rect) => {
    add(rect);
    for (let d = Math.min(step, distance); d > 0; d = d >= distance ? 0 : Math.min(d + step, distance)) {
      const t = d / speed;
      add({x: rect.x + velocity.x * t, y: rect.y + velocity.y * t, width: rect.width, height: rect.height});
    }
  };
  sweep(v);
  sweep(w);
  if (beyond) add(beyond);
  return order;
}

/** Pools of spare views by category and kind, as `dequeueReusableCell(withReuseIdentifier:)`. */
export class ViewPool {
  constructor(limit = 64) { this.limit = limit; this.pools = new Map(); this.size = 0; }
  static reuseKey(e) { return e.category === "cell" || !e.category ? "cell" : `${e.category}/${e.kind}`; }
  take(e) {
    const pool = this.pools.get(ViewPool.reuseKey(e));
    if (!pool || !pool.length) return null;
    this.size -= 1;
    return pool.pop();
  }
  /** Keeps the view for reuse; answers false when the pool is full (the caller removes it). */
  put(e, view) {
    if (this.size >= this.limit) return false;
    const key = ViewPool.reuseKey(e);
    if (!this.pools.has(key)) this.pools.set(key, []);
    this.pools.get(key).push(view);
    this.size += 1;
    return true;
  }
}

const now = () => (globalThis.performance ? globalThis.performance.now() : Date.now());

const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);

/**
 * One axis of the scroll mapping between the layout's offset (`pos`) and the scrolling element's (`dom`).
 *
 * Content no longer than `cap` is the DOM's: pos = dom. Longer content scrolls an element `cap` long, and
 * - a scroll event moving the DOM by at most `jumpLimit` (a wheel step, a key, a touch drag, a fling's frame)
 *   moves the layout by the same distance: pos += delta;
 * - a larger move (the scroll bar's thumb dragged: one pixel of thumb is maxDom / view pixels) maps the DOM
 *   offset proportionally: pos = dom · maxPos / maxDom. Either end of the DOM is that end of the layout;
 * - the DOM offset is set again (re-anchored, the layout standing still) to `anchorFor(pos)`: the proportional
 *   place, but never nearer an end of the DOM than pos is to that end of the layout, up to `margin`. It is done
 *   when the scrolling stops (`settle`), and at once when the DOM comes within margin / 2 of an end while the
 *   layout is further from it: the ends stay reachable, 1:1, by wheel, keys and touch.
 */
export class ScrollAxis {
  constructor(cap = Infinity) { Object.assign(this, {cap, length: 0, view: 0, pos: 0, dom: 0}); }
  get capped() { return this.length > this.cap; }
  get maxPos() { return Math.max(0, this.length - this.view); }
  get maxDom() { return Math.max(0, Math.min(this.length, this.cap) - this.view); }
  get margin() { return Math.min(this.maxDom / 4, Math.max(8 * this.view, this.maxDom / 100)); }
  get jumpLimit() { return Math.max(4 * this.view, this.maxDom / Math.max(1, 4 * this.view)); }
  proportional(dom) { return this.maxDom > 0 ? clamp(dom, 0, this.maxDom) * this.maxPos / this.maxDom : 0; }
  anchorFor(pos) {
    const m = this.margin, lo = Math.ceil(Math.min(pos, m)), hi = Math.floor(this.maxDom - Math.min(this.maxPos - pos, m));
    return clamp(Math.round(pos * this.maxDom / Math.max(1, this.maxPos)), lo, hi);
  }
  /** The DOM moved to `dom`: moves the layout. Answers the DOM offset to set now (a re-anchor), or null. */
  moved(dom) {
    if (!this.capped) { this.pos = this.dom = dom; return null; }
    const d = dom - this.dom;
    this.dom = dom;
    if (d === 0) return null;
    if (dom <= 0) this.pos = 0;
    else if (dom >= this.maxDom) this.pos = this.maxPos;
    else if (Math.abs(d) > this.jumpLimit) this.pos = this.proportional(dom);
    else this.pos = clamp(this.pos + d, 0, this.maxPos);
    return this.stranded() ? this.anchorFor(this.pos) : null;
  }
  /** The DOM is nearer an end than the layout is (within margin / 2; a pixel's rounding aside), or the layout is at
   * an end the DOM is not. */
  stranded() {
    const half = this.margin / 2, room = this.maxDom - this.dom, left = this.maxPos - this.pos;
    return this.dom < Math.min(this.pos, half) - 1 || room < Math.min(left, half) - 1 ||
      (this.pos === 0 && this.dom !== 0) || (left === 0 && room !== 0);
  }
}

/**
 * Keeps `scrollElement`'s DOM to the elements its viewport plus `overscan` shows.
 *
 * - `createView(element)` makes a view (a DOM element); `updateView(view, element)` fills it for an element;
 *   `recycleView(view, element)` (optional) is told when a view leaves, before it is reused.
 * - The virtualizer positions views itself (absolute left/top/width/height, z-index, opacity, transform).
 * - Data comes from tiles when the layout's summary offers them, else from aligned rect bands (layouts that do
 *   not depend on the offset), else from rect queries with the offset (pinned headers, wheels).
 */
export class Virtualizer {
  constructor({client, layoutId, scrollElement, createView, updateView = () => {}, recycleView = () => {},
    overscan = 0.5, cacheSize = 48, maxInFlight = 6, lookahead, maxAge = 300000, columns = "auto",
    selfSizing = false, sizeBatchMs = 100, poolSize = 64, content, onRender, onError, animationMs = 350,
    maxContentLength = 16000000, settleMs = 200, clock = now, requestFrame} = {}) {
    if (!client || !scrollElement || !createView) throw new TypeError("Virtualizer needs client, scrollElement and createView");
    Object.assign(this, {client, scrollElement, createView, updateView, recycleView, overscan, maxInFlight, maxAge,
      selfSizing, sizeBatchMs, onRender, onError, animationMs, maxContentLength, settleMs, clock});
    this.axisX = new ScrollAxis(maxContentLength);
    this.axisY = new ScrollAxis(maxContentLength);
    this.lookahead = lookahead;  // ms of scrolling fetched ahead; default: measured latency, see lookaheadMs
    this.columns = columns === true ? "yes" : columns === false ? "no" : "unknown";
    this.cache = new AnswerCache(cacheSize);
    this.pool = new ViewPool(poolSize);
    this.live = new Map();  // key -> {view, element, shift, track}
    this.tracks = [];  // spare tracks of frozen cells (setFrozen)
    this.inFlight = new Map();  // band key -> {controller, k, started, revalidation}
    this.sticky = new Map();  // key -> element with `sticky`, seen in any tile
    this.stats = {requests: 0, revalidations: 0, notModified: 0, aborted: 0, dropped: 0, lateDrawn: 0, renders: 0,
      completeRenders: 0, errors: 0, created: 0, reused: 0};
    this.requested = new Map();  // band key -> times requested (not counting revalidations)
    this.latency = 30;  // ms, exponentially weighted
    this.velocity2 = {x: 0, y: 0};  // points/ms on each axis
    this.trail = [];  // the scroll events of the last 100 ms or so, {t, x, y} each (measureVelocity)
    this.readViewSize();
    this.sizeQueue = new Map();
    this.reported = new Set();
    const doc = scrollElement.ownerDocument || globalThis.document;
    this.content = content || scrollElement.firstElementChild;
    if (!this.content) {
      this.content = doc.createElement("div");
      scrollElement.appendChild(this.content);
    }
    if (this.content.style) this.content.style.position = "relative";
    this.requestFrame = requestFrame || (globalThis.requestAnimationFrame ? (f) => globalThis.requestAnimationFrame(f) : (f) => setTimeout(f, 16));
    this.onScroll = () => this.update();
    if (scrollElement.addEventListener) scrollElement.addEventListener("scroll", this.onScroll, {passive: true});
    this.scrollEnds = "onscrollend" in scrollElement;
    this.onScrollEnd = () => this.armSettle(true);
    if (this.scrollEnds) scrollElement.addEventListener("scrollend", this.onScrollEnd);
    this.ready = layoutId ? this.setLayout(layoutId) : Promise.resolve();
  }

  /** Shows another layout (after a re-prepare). Answers its summary. */
  async setLayout(layoutId, summary) {
    this.layoutId = layoutId;
    this.summary = summary || await this.client.summary(layoutId);
    if (this.layoutId !== layoutId) return this.summary;
    this.generation = (this.generation || 0) + 1;
    this.abortAll();
    this.cache.clear();
    this.sticky.clear();
    this.liveAnswer = null;
    this.holding = true;  // the views of the last layout stay until the new one can be drawn whole
    const size = this.summary.contentSize;
    if (this.content.style) {
      this.content.style.width = Math.min(size.width, this.maxContentLength) + "px";
      this.content.style.height = Math.min(size.height, this.maxContentLength) + "px";
    }
    this.readViewSize();  // after the content's size: the scroll bars it brings are the new layout's
    this.update();
    return this.summary;
  }

  /** How data is fetched: "tiles", "bands" (aligned rects, no offset) or "live" (rects with the offset). */
  get mode() {
    if (!this.summary) return "none";
    if (this.summary.tileGrid && typeof this.client.gridTile === "function") return "grid";
    if (this.summary.tile && typeof this.client.tile === "function") return "tiles";
    return this.summary.boundsDependent ? "live" : "bands";
  }

  /** Reads the scrolling element's client size. Done when a layout is shown (`setLayout`, which `resize` calls),
   * not on scroll events: a page that resizes the element calls `resize`. */
  readViewSize() {
    this.viewSize = {width: this.scrollElement.clientWidth, height: this.scrollElement.clientHeight};
  }

  /** The scroll axis: the tile's, else the one the content overflows. */
  get axis() {
    if (this.summary && this.summary.tile) return this.summary.tile.axis;
    const s = this.summary && this.summary.contentSize, v = this.viewSize;
    return s && s.width > v.width + 0.5 && s.height <= v.height + 0.5 ? "x" : "y";
  }

  get bandLength() {
    if (this.summary && this.summary.tile) return this.summary.tile.length;
    return Math.max(256, Math.ceil(this.axis === "y" ? this.viewSize.height : this.viewSize.width));
  }

  /** The last scroll event ({t, x, y}), or null. */
  get last() { return this.trail.at(-1) ?? null; }

  /** The last scroll velocity measured along the axis (points/ms). */
  get velocity() { return this.axis === "y" ? this.velocity2.y : this.velocity2.x; }

  /** The scroll velocity (points/ms along the axis), 0 once no scroll event came for 150 ms. */
  get currentVelocity() {
    return this.last && this.clock() - this.last.t < 150 ? this.velocity : 0;
  }

  /** The scroll velocity on both axes ({x, y}, points/ms), 0 once no scroll event came for 150 ms. */
  get currentVelocity2() {
    return this.last && this.clock() - this.last.t < 150 ? {...this.velocity2} : {x: 0, y: 0};
  }

  /** Milliseconds of scrolling to fetch ahead: about two answers' time plus two frames. */
  get lookaheadMs() { return this.lookahead ?? Math.min(1000, Math.max(250, 2 * this.latency + 40)); }

  /**
   * Browsers cap an element's length (Chromium near 16.7 or 33.5 million pixels, Firefox near 17.9 million).
   * Content longer than `maxContentLength` scrolls a content element of that length, mapped per axis by a
   * ScrollAxis: wheel steps, keys and touch drags move the layout by the distance they move the element; only a
   * drag of the scroll bar's thumb maps proportionally. See docs/clients.md. The element's offsets are read once
   * per scroll event (`update`) or when asked (`offset`, `setScroll`), and its size when a layout is shown
   * (`readViewSize`): a read after the views were placed would make the browser lay the page out again at once.
   */
  syncScroll() {
    const e = this.scrollElement, size = this.summary ? this.summary.contentSize : {width: 0, height: 0};
    let moved = false;
    for (const [axis, length, view, dom] of [[this.axisX, size.width, this.viewSize.width, e.scrollLeft],
      [this.axisY, size.height, this.viewSize.height, e.scrollTop]]) {
      axis.cap = this.maxContentLength;
      if (axis.length !== length || axis.view !== view) {  // another layout or view size: the same layout offset
        Object.assign(axis, {length, view});
        axis.pos = axis.capped ? clamp(axis.pos, 0, axis.maxPos) : axis.dom;
        if (axis.capped && axis.stranded()) this.writeScroll(axis, axis.anchorFor(axis.pos));
      }
      if (dom === axis.dom) continue;
      const anchor = axis.moved(dom);
      if (anchor !== null) this.writeScroll(axis, anchor);
      moved = moved || axis.capped;
    }
    if (moved) this.armSettle();
  }

  /** Sets the DOM offset of an axis, keeping the layout's (`pos`) where it is. */
  writeScroll(axis, dom) {
    const e = this.scrollElement, name = axis === this.axisX ? "scrollLeft" : "scrollTop";
    e[name] = dom;
    axis.dom = e[name];
    if (!axis.capped) axis.pos = axis.dom;
  }

  /** Once the scrolling has stopped, each capped axis is re-anchored (the scroll bar shows where the layout is; the
   * content stands still): `settleMs` after the browser's `scrollend` (after a wheel's or a key's smooth scroll, a
   * touch's fling) with no scroll event since, or `settleMs` after the last scroll event where there is no
   * `scrollend`. Chromium ends every scroll a page makes itself in a `scrollend`: a page moving the element frame
   * by frame (its own fling or animation, setting absolute offsets) is not re-anchored under it until it stops.
   * `ended`: called for a `scrollend`; else for a scroll event. */
  armSettle(ended = false) {
    if (this.settleTimer) { clearTimeout(this.settleTimer); this.settleTimer = null; }
    if (this.scrollEnds && !ended) return;
    this.settleTimer = setTimeout(() => { this.settleTimer = null; this.settle(); }, this.settleMs);
  }

  /** Re-anchors each capped axis whose element is not where the layout's offset anchors it; draws if one moved. */
  settle() {
    let moved = false;
    for (const axis of [this.axisX, this.axisY]) {
      if (!axis.capped) continue;
      const anchor = axis.anchorFor(axis.pos);
      if (Math.abs(anchor - axis.dom) >= 1) { this.writeScroll(axis, anchor); moved = true; }
    }
    if (moved) this.render();
  }

  /** The visible rect in the layout's coordinates (as of the last scroll event, or read now when `fresh`). */
  viewport(fresh = false) {
    if (fresh) this.syncScroll();
    return {x: this.axisX.pos, y: this.axisY.pos, width: this.axisX.view, height: this.axisY.view};
  }

  /** Where views go in the content element: layout coordinates plus this (0 unless the content is capped). */
  shift() {
    return {x: this.axisX.dom - this.axisX.pos, y: this.axisY.dom - this.axisY.pos};
  }

  /** The content offset in the layout's coordinates. */
  offset() { const v = this.viewport(true); return {x: v.x, y: v.y}; }

  /** Scrolls to a layout offset. */
  setScroll(x, y) {
    this.syncScroll();
    for (const [axis, value] of [[this.axisX, x], [this.axisY, y]]) {
      if (!axis.capped) { this.writeScroll(axis, value); continue; }
      axis.pos = clamp(value, 0, axis.maxPos);
      this.writeScroll(axis, axis.anchorFor(axis.pos));
    }
  }

  /**
   * The visible rect plus the overscan (a fraction of the view, or points when over 1) on every side, and ahead
   * in the direction of scrolling what 75 ms of it move, up to another overscan: a frame that comes up to 3
   * frames late still finds its views drawn, though the scroll event that drew them came late too and measured
   * the speed low (by a third: measureVelocity). A grid draws `share` of the overscan on every side, a quarter
   * while it scrolls (a 2-D margin costs its square in views) and half at rest (a fling's first frame moves
   * before its speed is known), and fetches its tiles for the whole of it. `velocity` ({x: 0, y: 0}: nothing ahead) is the
   * scroll's.
   */
  renderWindow(v = this.viewport(), share = 1, velocity = this.currentVelocity2) {
    const ox = this.overscan > 1 ? this.overscan : this.overscan * v.width;
    const oy = this.overscan > 1 ? this.overscan : this.overscan * v.height;
    const w = {x: v.x - share * ox, y: v.y - share * oy, width: v.width + 2 * share * ox, height: v.height + 2 * share * oy};
    if (this.summary) {
      const ax = Math.min(Math.abs(velocity.x) * 75, ox), ay = Math.min(Math.abs(velocity.y) * 75, oy);
      w.width += ax; if (velocity.x < 0) w.x -= ax;
      w.height += ay; if (velocity.y < 0) w.y -= ay;
    }
    return w;
  }

  /** Tracks the scroll velocity, plans requests, and draws what the cache has. Called on every scroll event. */
  update() {
    if (!this.summary) return;
    const v = this.viewport(true), t = this.clock();
    if (this.last && t - this.last.t < 8) return this.plan(v);  // too close to the last event to measure a speed
    this.velocity2 = this.measureVelocity(v, t);
    if (this.mode === "grid") this.armRest();
    this.plan(v);
  }

  /**
   * The scroll velocity ({x, y}, points/ms) at a scroll event at `t` showing `v`: the distance moved since the
   * event 100 ms (or a little more) before, so that an event dispatched a frame late or early neither halves nor
   * doubles it; from the last event when the scroll turned back. After a pause (250 ms) the scroll moved within
   * the last frame: a fling starts at the speed of the finger that let go. Over 50 points/ms (50,000 a second) and
   * 8 views is a jump, not a fling: 0, and measured afresh from there, as after the page scrolled itself.
   */
  measureVelocity(v, t) {
    const last = this.last;
    if (last) {
      const dt = t - last.t, frame = dt >= 250 ? 1000 / 60 : dt;
      const jump = (axis, view) => Math.abs(v[axis] - last[axis]) > Math.max(50 * frame, 8 * view);
      // A scroll that turned back on an axis is measured from the turn.
      const first = this.trail[0], turned = (axis) => {
        const step = v[axis] - last[axis], before = first ? last[axis] - first[axis] : 0;
        return Math.abs(step) >= 1 && Math.abs(before) >= 1 && Math.sign(step) !== Math.sign(before);
      };
      if (jump("x", v.width) || jump("y", v.height)) this.trail = [];
      else if (dt >= 250) this.trail = [{t: t - frame, x: last.x, y: last.y}];
      else if (turned("x") || turned("y")) this.trail = [last];
    }
    this.trail.push({t, x: v.x, y: v.y});
    while (this.trail.length > 2 && t - this.trail[1].t >= 100) this.trail.shift();
    const first = this.trail[0], span = t - first.t;
    if (!span) return {x: 0, y: 0};
    return {x: clamp((v.x - first.x) / span, -50, 50), y: clamp((v.y - first.y) / span, -50, 50)};
  }

  /** A grid is at rest once no scroll event came for 150 ms (currentVelocity2): its plan at rest (tilePlan: the
   * tiles beyond the overscan too) is asked for and drawn then, by a timer just past that, whether or not an
   * answer comes then to do it. */
  armRest() {
    if (this.restTimer) clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => { this.restTimer = null; this.rest(); }, 160);
  }

  rest() {
    if (!this.summary) return;
    // A busy main thread is no stop: if the element moved, its scroll event is still to come, and plans.
    const v = this.viewport(true), velocity = this.currentVelocity2;
    if (this.last && (v.x !== this.last.x || v.y !== this.last.y)) return;
    if (!velocity.x && !velocity.y) this.plan(v);
  }

  plan(v) {
    if (this.mode === "live") this.planLive(v); else this.planBands(v);
    this.render(v);
  }

  // --- Bands and tiles ---------------------------------------------------------------------------------------

  bandKey(k) { return `${this.mode}:${this.layoutId}:${Array.isArray(k) ? k.join(":") : k}`; }

  bandPlan(v = this.viewport(), velocity = this.currentVelocity) {
    const y = this.axis === "y", w = this.renderWindow(v, 1, {x: 0, y: 0});  // behind: the overscan alone
    const band = this.bandLength, size = this.summary.contentSize;
    const count = Math.max(1, Math.ceil((y ? size.height : size.width) / band));
    return planBands({pos: y ? v.y : v.x, view: y ? v.height : v.width, velocity, band,
      behind: y ? v.y - w.y : v.x - w.x, lookahead: this.lookaheadMs, count});
  }

  /** The plan at the current velocity: a grid's tiles (tilePlan), else the bands (bandPlan). */
  currentPlan(v = this.viewport()) { return this.mode === "grid" ? this.tilePlan(v) : this.bandPlan(v); }

  /**
   * Whether band (or tile) k is still worth having in flight or drawing: it is in `plan` (currentPlan(v)) or in the
   * plan at twice the last velocity measured (a pause in scroll events, or a velocity that wavers from frame to
   * frame, does not cancel the fetch-ahead), or one band (tile) around them.
   */
  keeps(v = this.viewport(), plan = this.currentPlan(v)) {
    if (this.mode !== "grid") {
      const moving = this.bandPlan(v, 2 * this.velocity);
      const first = Math.min(plan.first, moving.first) - 1, last = Math.max(plan.last, moving.last) + 1;
      return (k) => k >= first && k <= last;
    }
    let r0 = Infinity, r1 = -Infinity, c0 = Infinity, c1 = -Infinity;
    const last = this.velocity2;
    for (const [r, c] of [...plan, ...this.tilePlan(v, {x: 2 * last.x, y: 2 * last.y})]) {
      r0 = Math.min(r0, r); r1 = Math.max(r1, r); c0 = Math.min(c0, c); c1 = Math.max(c1, c);
    }
    return ([r, c]) => r >= r0 - 1 && r <= r1 + 1 && c >= c0 - 1 && c <= c1 + 1;
  }

  /**
   * The tiles of a grid to have, nearest first (planTiles). The window swept is the viewport and its overscan
   * alone: the sweep along the velocity is what lies ahead (a window already stretched ahead along both axes
   * would sweep its corner over tiles beside the path of a diagonal fling). At rest, the tiles one tile beyond
   * that window on every side come last: a fling from rest learns its speed at its first scroll event, and its
   * first answers come after it has crossed the overscan.
   */
  tilePlan(v = this.viewport(), velocity = this.currentVelocity2) {
    const grid = this.summary.tileGrid, w = this.renderWindow(v, 1, {x: 0, y: 0});
    const beyond = velocity.x || velocity.y ? null
      : {x: w.x - grid.width, y: w.y - grid.height, width: w.width + 2 * grid.width, height: w.height + 2 * grid.height};
    return planTiles({v, w, beyond, velocity, lookahead: this.lookaheadMs, grid});
  }

  /** The elements of the cached tiles that meet `w`, frozen cells at their places for `v`, and whether every
   * tile there is cached. A cell in several tiles (merged, frozen) is taken once. */
  gridElements(w, v) {
    const g = this.summary.tileGrid, out = new Map();
    const [r0, r1] = tileSpan(w.y, w.height, g.height, g.rows), [c0, c1] = tileSpan(w.x, w.width, g.width, g.columns);
    let complete = true;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const entry = this.cache.get(this.bandKey([r, c]));
        if (!entry) { complete = false; continue; }
        for (const e of entry.elements) {
          const key = elementKey(e);
          if (out.has(key)) continue;
          if (intersects(e.stickyX || e.stickyY ? pinnedFrame(e, v) : e.frame, w)) out.set(key, e);
        }
      }
    }
    return {elements: [...out.values()], complete};
  }

  planBands(v, plan = this.currentPlan(v)) {
    const grid = this.mode === "grid";
    // Abort what is no longer worth keeping: answers no longer needed are dropped.
    const keep = this.keeps(v, plan);
    for (const [key, flight] of this.inFlight) {
      if (!keep(flight.k)) {
        flight.controller.abort();
        this.inFlight.delete(key);
        this.stats.aborted += 1;
      }
    }
    const t = this.clock();
    for (const k of grid ? plan : plan.order) {
      if (this.inFlight.size >= this.maxInFlight) break;
      const key = this.bandKey(k);
      if (this.inFlight.has(key)) continue;
      const entry = this.cache.peek(key);
      if (entry && t - entry.time <= this.maxAge) continue;
      this.fetchBand(k, key, entry);
    }
  }

  async fetchBand(k, key, entry) {
    const controller = new AbortController(), generation = this.generation, id = this.layoutId;
    const revalidation = Boolean(entry), seq = (this.seq = (this.seq || 0) + 1);
    this.inFlight.set(key, {controller, k, revalidation, seq});
    // A revalidation asks in the format of the answer it has: the entity tag is the request's.
    if (revalidation) this.stats.revalidations += 1;
    else { this.stats.requests += 1; this.requested.set(key, (this.requested.get(key) || 0) + 1); }
    const started = this.clock();
    const format = entry ? entry.format : this.columns === "no" ? undefined : "columns";
    let answer;
    try {
      if (this.mode === "grid") {
        answer = await this.client.gridTile(id, k[0], k[1], {format, signal: controller.signal,
          ifNoneMatch: entry && entry.etag});
      } else if (this.mode === "tiles") {
        answer = await this.client.tile(id, k, {format, signal: controller.signal, ifNoneMatch: entry && entry.etag});
      } else {
        // Across the whole content, and beyond it: sections that scroll orthogonally (compositional layouts)
        // place elements past the content's width.
        const band = this.bandLength, size = this.summary.contentSize, wide = CROSS_REACH;
        const rect = this.axis === "y" ? [-wide, k * band, size.width + 2 * wide, band]
          : [k * band, -wide, band, size.height + 2 * wide];
        answer = await this.client.attributes(id, rect, {format, signal: controller.signal,
          ifNoneMatch: entry && entry.etag});
      }
    } catch (error) {
      if (this.inFlight.get(key)?.controller === controller) this.inFlight.delete(key);
      if (isAbort(error) || generation !== this.generation) return;
      if (format && this.columns === "unknown" && error.status === 400 && /format/.test(JSON.stringify(error.problem))) {
        this.columns = "no";  // a service without the columnar format that says so
      } else {
        this.stats.errors += 1;
        if (this.onError) this.onError(error); else console.error(error);
        return;
      }
      this.update();
      return;
    }
    const current = this.inFlight.get(key);
    if (!current || current.controller !== controller || generation !== this.generation) { this.stats.dropped += 1; return; }
    this.inFlight.delete(key);
    this.latency = 0.8 * this.latency + 0.2 * (this.clock() - started);
    const v = this.viewport(), plan = this.currentPlan(v);  // planned with the lookahead this answer measured
    if (answer === NOT_MODIFIED) {
      this.stats.notModified += 1;
      if (entry) entry.time = this.clock();
    } else {
      if (format && this.columns === "unknown") this.columns = Array.isArray(answer.x) ? "yes" : "no";
      const elements = answerElements(answer);
      for (const e of elements) if (e.sticky) this.sticky.set(elementKey(e), e);
      this.cache.set(key, {k, elements, etag: answer.etag, format, time: this.clock()}, this.neededKeys(plan));
    }
    // Still needed? Draw it, even though newer requests went out since (a late answer that is still useful).
    if (this.keeps(v, plan)(k)) {
      if (seq < (this.answeredSeq || 0)) this.stats.lateDrawn += 1;  // a newer request answered first
      this.answeredSeq = Math.max(this.answeredSeq || 0, seq);
      // A grid's answers come several a frame: they are drawn once, at the next frame.
      if (this.mode === "grid") this.renderSoon(); else this.render(v);
      this.planBands(v, plan);
    } else {
      this.stats.dropped += 1;
    }
  }

  /** Draws at the next frame, unless a scroll event of that frame draws first (it draws what the cache has). */
  renderSoon() {
    this.stale = true;
    if (this.renderPending) return;
    this.renderPending = true;
    this.requestFrame(() => { this.renderPending = false; if (this.stale) this.render(); });
  }

  /** The keys of the bands (tiles) of `plan` (currentPlan()): the cache never evicts them. */
  neededKeys(plan = this.currentPlan()) {
    if (this.mode === "grid") return new Set(plan.map((k) => this.bandKey(k)));
    const keys = new Set();
    for (let k = plan.first; k <= plan.last; k++) keys.add(this.bandKey(k));
    return keys;
  }

  /** The elements of the cached bands that cover `w`, and whether every band there is cached. */
  bandElements(w, v) {
    const y = this.axis === "y", band = this.bandLength, size = this.summary.contentSize;
    const count = Math.max(1, Math.ceil((y ? size.height : size.width) / band));
    const lo = y ? w.y : w.x, hi = y ? w.y + w.height : w.x + w.width;
    const first = Math.max(0, Math.floor(lo / band)), last = Math.min(count - 1, Math.floor(hi / band));
    const out = new Map();
    let complete = true;
    for (let k = first; k <= last; k++) {
      const entry = this.cache.get(this.bandKey(k));
      if (!entry) { complete = false; continue; }
      for (const e of entry.elements) {
        if (e.sticky) continue;
        if (intersects(e.frame, w)) out.set(elementKey(e), e);
      }
    }
    // Sticky elements are placed locally, as CSS position: sticky does, from their ranges.
    const pos = y ? v.y : v.x, view = y ? v.height : v.width;
    for (const [key, e] of this.sticky) {
      const c = stickyCoordinate(e, pos, view, this.axis);
      const frame = y ? {...e.frame, y: c} : {...e.frame, x: c};
      if (intersects(frame, w)) out.set(key, {...e, frame});
    }
    return {elements: [...out.values()], complete};
  }

  // --- Live rect queries (offset-dependent layouts without tiles) --------------------------------------------

  planLive(v) {
    this.wantLive = true;
    if (this.liveFlight) return;  // one at a time; the newest position is asked when it answers
    this.wantLive = false;
    const w = this.renderWindow(v), y = this.axis === "y";
    // Ahead in the direction of scrolling, by the distance one answer takes.
    const velocity = this.currentVelocity, ahead = Math.abs(velocity) * this.lookaheadMs;
    if (y) { if (velocity < 0) w.y -= ahead; w.height += ahead; } else { if (velocity < 0) w.x -= ahead; w.width += ahead; }
    const rect = [w.x, w.y, w.width, w.height], offset = [v.x, v.y];
    const key = `live:${this.layoutId}:${rect.join(",")}:${offset.join(",")}`;
    const cached = this.cache.get(key);
    if (cached && this.clock() - cached.time <= this.maxAge) {
      this.liveAnswer = {rect, offset, elements: cached.elements, seq: (this.liveSeq = (this.liveSeq || 0) + 1)};
      return;
    }
    const controller = new AbortController(), generation = this.generation, id = this.layoutId;
    const seq = (this.liveSeq = (this.liveSeq || 0) + 1);
    this.liveFlight = {controller};
    this.stats.requests += 1;
    const started = this.clock();
    this.client.attributes(id, rect, {offset, signal: controller.signal}).then((answer) => {
      this.liveFlight = null;
      if (generation !== this.generation) { this.stats.dropped += 1; return; }
      this.latency = 0.8 * this.latency + 0.2 * (this.clock() - started);
      const adjust = answer.contentOffsetAdjustment;
      if (adjust && (adjust.x || adjust.y)) {  // an infinite wheel left its central band: move by whole turns
        this.setScroll(v.x + adjust.x, v.y + adjust.y);
        // The scroll measured so far moved by the same turns: the velocity stays what it was.
        for (const p of this.trail) { p.x += adjust.x; p.y += adjust.y; }
        this.update();
        return;
      }
      const elements = answerElements(answer);
      this.cache.set(key, {elements, etag: answer.etag, time: this.clock()});
      if (!this.liveAnswer || seq > this.liveAnswer.seq) this.liveAnswer = {rect, offset, elements, seq};
      this.render();
      if (this.wantLive) this.update();
    }, (error) => {
      this.liveFlight = null;
      if (isAbort(error) || generation !== this.generation) return;
      this.stats.errors += 1;
      if (this.onError) this.onError(error); else console.error(error);
    });
  }

  // --- Drawing -----------------------------------------------------------------------------------------------

  /** Draws what is known for the viewport now; `complete` when nothing in the render window is missing. */
  render(v = this.viewport()) {
    if (!this.summary || this.animating) return;
    this.stale = false;
    let elements, complete, rect, offset;
    if (this.mode === "live") {
      const a = this.liveAnswer;
      if (!a) return;
      ({elements, rect, offset} = a);
      complete = offset[0] === v.x && offset[1] === v.y;  // else the best there is until the answer comes
    } else {
      const grid = this.mode === "grid", velocity = this.currentVelocity2, moving = velocity.x || velocity.y;
      const w = this.renderWindow(v, grid ? (moving ? 0.25 : 0.5) : 1, velocity);
      ({elements, complete} = grid ? this.gridElements(w, v) : this.bandElements(w, v));
      rect = [w.x, w.y, w.width, w.height];
      offset = [v.x, v.y];
    }
    if (!complete && this.holding) return;
    this.holding = false;
    this.draw(elements);
    this.stats.renders += 1;
    if (complete) {
      this.stats.completeRenders += 1;
      this.lastComplete = {rect, offset};
    }
    if (this.selfSizing) this.measure();
    if (this.onRender) this.onRender({elements, complete, rect, offset});
  }

  /** Makes the DOM show exactly `elements`: views leave first, so the new ones reuse them. */
  draw(elements, keyOf = elementKey) {
    const keys = new Map(), shift = this.shift();
    let dom = null;  // the content element's size, for frozen cells
    for (const e of elements) keys.set(keyOf(e), e);
    for (const [key, entry] of this.live) {
      if (keys.has(key)) continue;
      this.live.delete(key);
      this.release(entry);
    }
    for (const [key, e] of keys) {
      let entry = this.live.get(key);
      if (!entry) {
        let view = this.pool.take(e);
        if (view) { this.stats.reused += 1; if (view.style) view.style.display = ""; }
        else {
          view = this.createView(e);
          this.stats.created += 1;
          if (view.style) view.style.position = "absolute";
          this.content.appendChild(view);
        }
        entry = {view, element: null};
        this.live.set(key, entry);
        if (view.dataset) view.dataset.key = key;
      }
      const frozen = Boolean(e.stickyX || e.stickyY);
      const moved = !entry.shift || entry.shift.x !== shift.x || entry.shift.y !== shift.y ||
        frozen !== Boolean(entry.track);
      if (entry.element !== e || moved) {
        const changed = !entry.element || !sameElement(entry.element, e);
        if (frozen !== Boolean(entry.track)) this.setFrozen(entry, frozen);
        if (frozen && (changed || moved)) placeFrozen(entry.track, entry.view, e, shift, dom || (dom = this.domSize()));
        else if (changed || moved) place(entry.view, e, shift);
        if (changed) this.updateView(entry.view, e);
        entry.element = e;
        entry.shift = shift;
      }
    }
  }

  /**
   * A frozen grid cell (`stickyX`, `stickyY`) is drawn with CSS `position: sticky` inside a track: an absolutely
   * placed box spanning the places its ranges allow, so the browser pins it while it scrolls, with no script
   * running (see placeFrozen). Its view moves into a track, or back out of it.
   */
  setFrozen(entry, frozen) {
    const view = entry.view;
    if (frozen) {
      let track = this.tracks.pop();
      if (!track) {
        const doc = this.scrollElement.ownerDocument || globalThis.document;
        track = doc.createElement("div");
        if (track.style) Object.assign(track.style, {position: "absolute", display: "flex", pointerEvents: "none"});
      } else if (track.style) track.style.display = "flex";
      if (track.parentNode !== this.content) this.content.appendChild(track);
      track.appendChild(view);
      if (view.style) Object.assign(view.style, {position: "sticky", flex: "none", pointerEvents: "auto"});
      entry.track = track;
    } else {
      this.content.appendChild(view);
      if (view.style) Object.assign(view.style, {position: "absolute", right: "", bottom: "", flex: "", pointerEvents: ""});
      if (entry.track.style) entry.track.style.display = "none";
      this.tracks.push(entry.track);
      entry.track = null;
    }
  }

  /** The content element's size: the layout's, capped at maxContentLength. */
  domSize() {
    const size = this.summary.contentSize;
    return {width: Math.min(size.width, this.maxContentLength), height: Math.min(size.height, this.maxContentLength)};
  }

  release(entry) {
    if (entry.track) this.setFrozen(entry, false);
    this.recycleView(entry.view, entry.element);
    if (entry.view.dataset) entry.view.dataset.key = "";
    if (this.pool.put(entry.element, entry.view)) { if (entry.view.style) entry.view.style.display = "none"; }
    else if (entry.view.remove) entry.view.remove();
    else this.content.removeChild(entry.view);
  }

  /** Forgets every view and answer (e.g. before a new layout of other data). */
  clear() {
    for (const entry of this.live.values()) this.release(entry);
    this.live.clear();
  }

  abortAll() {
    for (const flight of this.inFlight.values()) flight.controller.abort();
    this.inFlight.clear();
    if (this.liveFlight) { this.liveFlight.controller.abort(); this.liveFlight = null; }
  }

  /** Stops listening and aborts what is in flight. */
  destroy() {
    this.abortAll();
    if (this.settleTimer) clearTimeout(this.settleTimer);
    if (this.restTimer) clearTimeout(this.restTimer);
    if (this.scrollElement.removeEventListener) {
      this.scrollElement.removeEventListener("scroll", this.onScroll);
      this.scrollElement.removeEventListener("scrollend", this.onScrollEnd);
    }
    this.summary = null;
  }

  // --- View size changes, self-sizing, scroll-to, updates -----------------------------------------------------

  /** The view changed size: POST bounds, show the new layout, and restore the offset it answers. */
  async resize({width, height, anchor} = {}) {
    const e = this.scrollElement;
    const body = {collectionView: {width: width ?? e.clientWidth, height: height ?? e.clientHeight},
      offset: this.offset()};
    if (anchor !== undefined) body.anchor = anchor;
    const answer = await this.client.bounds(this.layoutId, body);
    await this.setLayout(answer.id, answer);
    if (answer.contentOffset) this.scrollToOffset(answer.contentOffset);
    return answer;
  }

  scrollToOffset({x, y}) {
    this.setScroll(x, y);
    this.trail = [];  // the page's own scroll is no fling
    this.velocity2 = {x: 0, y: 0};
    this.update();
  }

  /** Scrolls to an item (`{section, item}` or [s, i]) or a section at `position`, as the service answers. */
  async scrollToItem({item, section, position = "top"} = {}) {
    const o = this.offset();
    const to = await this.client.scrollTo(this.layoutId, {item, section, position, offset: [o.x, o.y]});
    this.scrollToOffset(to);
    return to;
  }

  /** Self-sizing: measures views whose content sets their size, and reports changed sizes in batches. */
  measure() {
    for (const [key, entry] of this.live) {
      const e = entry.element;
      if (e.category !== "cell" || this.reported.has(key)) continue;
      const size = measureView(entry.view, e, this.axis);
      this.reported.add(key);
      if (Math.abs(size.width - e.frame.width) > 0.5 || Math.abs(size.height - e.frame.height) > 0.5) {
        this.sizeQueue.set(key, {section: e.section, item: e.item, width: size.width, height: size.height});
      }
    }
    if (this.sizeQueue.size && !this.sizeTimer) this.sizeTimer = setTimeout(() => this.flushSizes(), this.sizeBatchMs);
  }

  /** Sends the queued sizes in one batch, shows the new layout and applies the offset answer. */
  async flushSizes() {
    this.sizeTimer = null;
    if (!this.sizeQueue.size) return null;
    const sizes = [...this.sizeQueue.values()];
    this.sizeQueue.clear();
    const offset = this.offset();
    const answer = await this.client.sizes(this.layoutId, {sizes, offset});
    await this.setLayout(answer.id, answer);
    applyOffsetAnswer(this, answer, offset);
    return answer;
  }

  /**
   * performBatchUpdates: POSTs `batch` (`{updates, anchor?}`) with the render window and offset, animates every
   * before/after pair with the Web Animations API, then shows the new layout at the offset answered.
   */
  async applyUpdates(batch) {
    const v = this.viewport(true), w = this.renderWindow(v);
    const body = {...batch, rect: {x: w.x, y: w.y, width: w.width, height: w.height}, offset: {x: v.x, y: v.y}};
    const answer = await this.client.updates(this.layoutId, body);
    this.animating = true;
    const animations = answer.animations || [];
    // Before: old views by their old keys; appearing ones (alpha 0 before) get views of their own, since an
    // insert gives them the index path an old element had.
    const appearing = (a) => a.before.alpha === 0 && a.after.alpha !== 0;
    const beforeKey = new Map(animations.map((a) => [a.before, elementKey(a.before) + (appearing(a) ? "#new" : "")]));
    const afterKeys = new Map();
    this.draw(animations.map((a) => a.before), (e) => beforeKey.get(e));
    const running = [], shift = this.shift();
    for (const a of animations) {
      const entry = this.live.get(beforeKey.get(a.before));
      if (!entry) continue;
      place(entry.view, a.after, shift);
      if (entry.view.dataset) entry.view.dataset.key = elementKey(a.after);
      this.updateView(entry.view, a.after);
      afterKeys.set(entry, a.after);
      if (entry.view.animate && this.animationMs > 0) {
        const animation = entry.view.animate([frameKeyframe(a.before, shift), frameKeyframe(a.after, shift)],
          {duration: this.animationMs, easing: "ease-in-out"});
        running.push(animation.finished ? animation.finished.catch(() => {}) : null);
      }
    }
    await Promise.all(running.filter(Boolean));
    this.animating = false;
    // Re-key the views by their new elements (disappearing ones are released by the next draw).
    const rekeyed = new Map();
    for (const [key, entry] of this.live) {
      const after = afterKeys.get(entry);
      if (after && after.alpha !== 0) { entry.element = after; rekeyed.set(elementKey(after), entry); }
      else rekeyed.set(key + "#gone", entry);
    }
    this.live = rekeyed;
    await this.setLayout(answer.id, answer);
    applyOffsetAnswer(this, answer, v);
    return answer;
  }
}

function applyOffsetAnswer(virtualizer, answer, offset) {
  if (answer.contentOffset) virtualizer.scrollToOffset(answer.contentOffset);
  else if (answer.contentOffsetAdjustment && (answer.contentOffsetAdjustment.x || answer.contentOffsetAdjustment.y)) {
    virtualizer.scrollToOffset({x: offset.x + answer.contentOffsetAdjustment.x, y: offset.y + answer.contentOffsetAdjustment.y});
  }
}

function measureView(view, e, axis) {
  if (!view.style || view.offsetHeight === undefined) return {width: e.frame.width, height: e.frame.height};
  const s = view.style, saved = axis === "y" ? s.height : s.width;
  if (axis === "y") s.height = "auto"; else s.width = "auto";
  const size = {width: view.offsetWidth, height: view.offsetHeight};
  if (axis === "y") s.height = saved; else s.width = saved;
  return size;
}

function intersects(f, w) {
  return f.x <= w.x + w.width && f.x + f.width >= w.x && f.y <= w.y + w.height && f.y + f.height >= w.y;
}

function sameElement(a, b) {
  const f = a.frame, g = b.frame;
  return f.x === g.x && f.y === g.y && f.width === g.width && f.height === g.height && a.zIndex === b.zIndex &&
    a.alpha === b.alpha && a.hidden === b.hidden && String(a.transform3D) === String(b.transform3D);
}

/** Positions a view for an element, moved by `shift` (a scaled content's offset). */
function place(view, e, shift = {x: 0, y: 0}) {
  const s = view.style;
  if (!s) return;
  const f = e.frame;
  s.left = f.x + shift.x + "px"; s.top = f.y + shift.y + "px"; s.width = f.width + "px"; s.height = f.height + "px";
  s.zIndex = e.zIndex ?? 0;
  s.opacity = e.alpha ?? 1;
  s.visibility = e.hidden ? "hidden" : "";
  // CATransform3D is row-vector m11...m44; CSS's matrix3d takes the column-vector matrix column by column:
  // the same sequence of numbers.
  s.transform = e.transform3D ? `matrix3d(${e.transform3D.join(",")})` : "";
}

/**
 * Places a frozen cell's track and view. Along a pinned axis the track spans [min, max + length] (clipped to the
 * content element), and the view sits at the track's start with `top: inset` / `left: inset` (edge leading) or at
 * its end with `bottom: inset` / `right: inset` (trailing): CSS sticky then puts it at clamp(p, min, max) as
 * pinnedFrame does, exactly the grid's pinning. Along an axis it is not pinned on, the track is its frame.
 */
function placeFrozen(track, view, e, shift, dom) {
  const f = e.frame;
  const span = (s, start, length, by, limit) => {
    if (!s) return [start + by, length, null, ""];
    const lo = Math.max(0, s.min + by), hi = Math.min(limit, s.max + length + by);
    return [lo, Math.max(length, hi - lo), s.edge, (s.inset || 0) + "px"];
  };
  const [x, width, ex, ix] = span(e.stickyX, f.x, f.width, shift.x, dom.width);
  const [y, height, ey, iy] = span(e.stickyY, f.y, f.height, shift.y, dom.height);
  if (track.style) {
    Object.assign(track.style, {left: x + "px", top: y + "px", width: width + "px", height: height + "px",
      zIndex: e.zIndex ?? 0, justifyContent: ex === "trailing" ? "flex-end" : "flex-start",
      alignItems: ey === "trailing" ? "flex-end" : "flex-start"});
  }
  const s = view.style;
  if (!s) return;
  Object.assign(s, {left: ex === "leading" ? ix : "auto", right: ex === "trailing" ? ix : "auto",
    top: ey === "leading" ? iy : "auto", bottom: ey === "trailing" ? iy : "auto",
    width: f.width + "px", height: f.height + "px", zIndex: "", opacity: e.alpha ?? 1,
    visibility: e.hidden ? "hidden" : "", transform: ""});
}

function frameKeyframe(e, shift = {x: 0, y: 0}) {
  const f = e.frame;
  return {left: f.x + shift.x + "px", top: f.y + shift.y + "px", width: f.width + "px", height: f.height + "px", opacity: e.alpha ?? 1,
    transform: e.transform3D ? `matrix3d(${e.transform3D.join(",")})` : "none"};
}

// Text cells: cells given as content (docs/specs.md, "Cells given as content") drawn with the fonts the service
// measured them with and the CSS its line breaking reproduces, so that a drawn cell is as tall as its frame.

/** The CSS of a block of text in a content cell (beside the style's font and line height). */
export const TEXT_CSS = Object.freeze({whiteSpace: "pre-wrap", overflowWrap: "anywhere", wordBreak: "normal"});

/** CSS `font-family`: the style's family, then the service's fallback families, each quoted. */
export function fontStack(family, fallback = []) {
  return [family, ...fallback.filter((f) => f !== family)].map((f) => `'${String(f).replace(/['\\]/g, "\\$&")}'`)
    .join(", ");
}

/** `@font-face` rules for every family and weight of a `GET /v1/fonts` answer, each face's file from the service. */
export function fontFaceRules(catalog, baseURL = "") {
  const base = String(baseURL).replace(/\/$/, "");
  const rules = [];
  for (const {family, weights} of catalog.families || []) {
    for (const weight of weights || []) {
      rules.push(`@font-face { font-family: ${fontStack(family)}; font-weight: ${weight}; font-style: normal; `
        + `font-display: block; src: url("${base}/v1/fonts/${encodeURIComponent(family)}/${weight}"); }`);
    }
  }
  return rules.join("\n");
}

/**
 * Declares the service's fonts in `document` (one `<style>` of `@font-face` rules) and returns the catalog; its
 * `fallback` is the font stack's tail for `drawTextCell`.
 */
export async function declareFonts(client, document, {signal} = {}) {
  const catalog = await client.fonts({signal});
  const style = document.createElement("style");
  style.textContent = fontFaceRules(catalog, client.baseURL || "");
  (document.head || document.body).appendChild(style);
  return catalog;
}

/**
 * Fills `view` (a cell's DOM element, placed at its frame) with a content cell: the padding, the media box above
 * (`media.aspectRatio`; its image is the caller's, `view.mediaBox`), each block in its style with the service's
 * font stack, `spacing` between parts, `maxLines` by `-webkit-line-clamp`. `styles` are the layout's `textStyles`,
 * `fallback` the fonts answer's `fallback`.
 */
export function drawTextCell(view, content, styles, fallback = []) {
  const document = view.ownerDocument;
  const p = content.padding || {};
  Object.assign(view.style, {boxSizing: "border-box", display: "flex", flexDirection: "column",
    alignItems: "stretch", justifyContent: "flex-start", overflow: "hidden",
    padding: `${p.top || 0}px ${p.right || 0}px ${p.bottom || 0}px ${p.left || 0}px`,
    rowGap: `${content.spacing || 0}px`});
  while (view.firstElementChild) view.removeChild(view.firstElementChild);
  view.mediaBox = null;
  if (content.media) {
    const box = document.createElement("div");
    Object.assign(box.style, {width: "100%", aspectRatio: String(content.media.aspectRatio), flex: "none"});
    view.appendChild(box);
    view.mediaBox = box;
  }
  for (const block of content.blocks || []) {
    const style = styles[block.style];
    const div = document.createElement("div");
    Object.assign(div.style, TEXT_CSS, {margin: "0", flex: "none", fontFamily: fontStack(style.family, fallback),
      fontWeight: String(style.weight), fontSize: `${style.size}px`, lineHeight: `${style.lineHeight}px`,
      fontKerning: "auto", fontVariantLigatures: "normal"});
    if (block.maxLines) {
      Object.assign(div.style, {display: "-webkit-box", webkitBoxOrient: "vertical",
        webkitLineClamp: String(block.maxLines), overflow: "hidden"});
    }
    div.textContent = block.text;
    view.appendChild(div);
  }
  return view;
}

