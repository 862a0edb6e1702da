// http-client.js: LayoutClient, one method per endpoint of the service, each a fetch with an AbortSignal; "not
// now" answers (429, 503) are tried again after the wait they ask for. DOM-free (it needs `fetch` only).
import {ProblemError, NOT_MODIFIED, abortReason} from "./problem.js";

/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */

/**
 * A rect as `[x, y, width, height]` or `{x, y, width, height}`.
 * @typedef {Rect | number[]} RectLike
 */

/**
 * A point as `[x, y]` or `{x, y}`.
 * @typedef {Point | number[]} PointLike
 */

/**
 * A `fetch`: the global one, or one the caller gives (tests, `workerFetch()`).
 * @typedef {(url: string, init?: RequestInit) => Promise<any>} FetchFunction
 */

/**
 * The options of LayoutClient.
 * @typedef {object} LayoutClientOptions
 * @property {string} [apiKey] sent as `Authorization: Bearer <key>` (read at each request)
 * @property {FetchFunction} [fetch] replaces `globalThis.fetch`
 * @property {number} [attempts] tries in all for a request answered 429 or 503 (1 or 0: no retries); 3
 * @property {number} [maxRetryWaitMs] the longest wait before a retry; 10000
 */

/**
 * The options of one request.
 * @typedef {object} RequestOptions
 * @property {Record<string, unknown>} [query] query parameters (undefined and null left out; arrays joined by ",")
 * @property {unknown} [body] JSON, or bytes (a Uint8Array, an ArrayBuffer or a Blob: `application/wasm`)
 * @property {AbortSignal} [signal]
 * @property {string} [ifNoneMatch] a conditional GET: NOT_MODIFIED on 304
 * @property {boolean} [bytes] the answer is the body's bytes (a Uint8Array), not JSON
 */

/**
 * Options every method takes.
 * @typedef {{signal?: AbortSignal}} SignalOption
 */

/**
 * Options of the GETs that can be conditional and columnar.
 * @typedef {{format?: "columns", signal?: AbortSignal, ifNoneMatch?: string}} TileOptions
 */

/** Every endpoint of the service. `baseURL` "" means the page's own origin. */
export class LayoutClient {
  /**
   * @param {string} [baseURL] the service's origin ("" for the page's own)
   * @param {LayoutClientOptions} options `attempts`: tries in all for a request answered 429 or 503 ("not now";
   *   1 or 0: no retries); `maxRetryWaitMs`: the longest wait before a retry (a longer `Retry-After` is not
   *   waited for: the problem is thrown at once)
   */
  constructor(baseURL = "", {apiKey, fetch: fetchFunction, attempts = 3, maxRetryWaitMs = 10000} = {}) {
    /** @type {string} */
    this.baseURL = String(baseURL).replace(/\/+$/, "");
    /** @type {string | undefined} */
    this.apiKey = apiKey;
    /** @type {FetchFunction} */
    this.fetch = fetchFunction || globalThis.fetch.bind(globalThis);
    this.attempts = attempts;
    this.maxRetryWaitMs = maxRetryWaitMs;
  }

  /**
   * One request. `ifNoneMatch`: a conditional GET, answered NOT_MODIFIED on 304. Answers carry `etag`. A body that
   * is bytes (a Uint8Array, an ArrayBuffer or a Blob) goes as `application/wasm`, any other as JSON; `bytes`: the
   * answer is the body's bytes (a Uint8Array), not JSON.
   * @param {string} method
   * @param {string} path
   * @param {RequestOptions} options
   * @returns {Promise<any>} the answer's JSON (with a non-enumerable `etag`), its bytes, or NOT_MODIFIED
   */
  async request(method, path, {query, body, signal, ifNoneMatch, bytes = false} = {}) {
    let url = this.baseURL + path;
    if (query) {
      const parts = Object.entries(query).filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(Array.isArray(v) ? v.join(",") : String(v))}`);
      if (parts.length) url += "?" + parts.join("&");
    }
    /** @type {Record<string, string>} */
    const headers = {};
    const binary = body instanceof Uint8Array || body instanceof ArrayBuffer
      || (typeof Blob !== "undefined" && body instanceof Blob);
    if (body !== undefined) headers["Content-Type"] = binary ? "application/wasm" : "application/json";
    if (this.apiKey) headers["Authorization"] = `Bearer ${this.apiKey}`;
    if (ifNoneMatch) headers["If-None-Match"] = ifNoneMatch;
    const init = {method, headers, signal, body: body === undefined ? undefined
      : binary || typeof body === "string" ? /** @type {BodyInit} */ (body) : JSON.stringify(body)};
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

  /**
   * POST /v1/layouts: the summary of the prepared layout (`id`, `contentSize`, ...).
   * @param {object} spec
   * @param {SignalOption} options
   * @returns {Promise<import("./elements.js").Summary>}
   */
  prepare(spec, {signal} = {}) { return this.request("POST", "/v1/layouts", {body: spec, signal}); }

  /**
   * GET /v1/layouts/{id}.
   * @param {string} id
   * @param {SignalOption} options
   * @returns {Promise<import("./elements.js").Summary>}
   */
  summary(id, {signal} = {}) { return this.request("GET", `/v1/layouts/${enc(id)}`, {signal}); }

  /**
   * GET .../attributes: the elements in `rect` ([x, y, w, h] or {x, y, width, height}).
   * @param {string} id
   * @param {RectLike} rect
   * @param {{offset?: PointLike, format?: "columns", limit?: number, cursor?: string} & TileOptions} options
   * @returns {Promise<any>} `{contentSize, elements}`, or columns with `format: "columns"`; or NOT_MODIFIED
   */
  attributes(id, rect, {offset, format, limit, cursor, signal, ifNoneMatch} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/attributes`, {signal, ifNoneMatch,
      query: {rect: rectList(rect), offset: offset && pointList(offset), format, limit, cursor}});
  }

  /**
   * GET .../tiles/{k} (when the summary has `tile`): every element in the band [k·L, (k+1)·L).
   * @param {string} id
   * @param {number} k
   * @param {TileOptions} options
   * @returns {Promise<any>} the tile in either format, or NOT_MODIFIED
   */
  tile(id, k, {format, signal, ifNoneMatch} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/tiles/${k}`, {signal, ifNoneMatch, query: {format}});
  }

  /**
   * GET .../tiles/{row}/{column} (when the summary has `tileGrid`): every element meeting that tile's rect.
   * @param {string} id
   * @param {number} row
   * @param {number} column
   * @param {TileOptions} options
   * @returns {Promise<any>} the tile in either format, or NOT_MODIFIED
   */
  gridTile(id, row, column, {format, signal, ifNoneMatch} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/tiles/${row}/${column}`, {signal, ifNoneMatch, query: {format}});
  }

  /**
   * POST .../updates: `{updates, rect, offset, anchor, keepColumns}`; the new layout and its animations.
   * @param {string} id
   * @param {object} batch
   * @param {SignalOption} options
   * @returns {Promise<any>}
   */
  updates(id, batch, {signal} = {}) {
    return this.request("POST", `/v1/layouts/${enc(id)}/updates`, {body: batch, signal});
  }

  /**
   * POST .../sizes: `{sizes: [{section, item, width, height}], offset, keepColumns}`; the new layout and the offset
   * answer.
   * @param {string} id
   * @param {object} body
   * @param {SignalOption} options
   * @returns {Promise<any>}
   */
  sizes(id, body, {signal} = {}) {
    return this.request("POST", `/v1/layouts/${enc(id)}/sizes`, {body, signal});
  }

  /**
   * POST .../bounds: the layout at a new view size, and `contentOffset` keeping the anchor in place.
   * @param {string} id
   * @param {{collectionView?: {width: number, height: number}, offset?: PointLike, anchor?: unknown}} body
   * @param {SignalOption} options
   * @returns {Promise<any>}
   */
  bounds(id, {collectionView, offset, anchor} = {}, {signal} = {}) {
    return this.request("POST", `/v1/layouts/${enc(id)}/bounds`, {signal,
      body: {collectionView, offset: offset && pointObject(offset), anchor}});
  }

  /**
   * GET .../scroll-to: the offset {x, y} that shows an item (or a section) at `position`.
   * @param {string} id
   * @param {{item?: number[] | {section: number, item: number}, section?: number, position?: string,
   *   offset?: PointLike}} target
   * @param {SignalOption} options
   * @returns {Promise<Point>}
   */
  scrollTo(id, {item, section, position = "top", offset} = {}, {signal} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/scroll-to`, {signal, query: {
      item: item && (Array.isArray(item) ? item.join(",") : `${item.section},${item.item}`),
      section, position, offset: offset && pointList(offset)}});
  }

  /**
   * POST /v1/programs: a layout program (a WebAssembly module: a Uint8Array, an ArrayBuffer or a Blob), validated
   * and kept under the SHA-256 of its bytes; `{id, bytes}`. Use the id in a spec: `prepare({layout: "program",
   * program: id, collectionView, sections: [{items: n}], parameters})` (docs/programs.md).
   * @param {Uint8Array | ArrayBuffer | Blob} module
   * @param {SignalOption} options
   * @returns {Promise<{id: string, bytes: number}>}
   */
  postProgram(module, {signal} = {}) { return this.request("POST", "/v1/programs", {body: module, signal}); }

  /**
   * GET /v1/programs/{id}: the module's bytes.
   * @param {string} id
   * @param {SignalOption} options
   * @returns {Promise<Uint8Array>}
   */
  program(id, {signal} = {}) { return this.request("GET", `/v1/programs/${enc(id)}`, {signal, bytes: true}); }

  /**
   * DELETE /v1/programs/{id} (a key with the `admin` scope); layouts prepared from it stay.
   * @param {string} id
   * @param {SignalOption} options
   * @returns {Promise<any>}
   */
  deleteProgram(id, {signal} = {}) { return this.request("DELETE", `/v1/programs/${enc(id)}`, {signal}); }

  /**
   * GET /v1/fonts: the families the service measures text with.
   * @param {SignalOption} options
   * @returns {Promise<import("./text-cells.js").FontCatalog>}
   */
  fonts({signal} = {}) { return this.request("GET", "/v1/fonts", {signal}); }

  /**
   * GET .../target-offset: where a fling that would end at `proposed` ends.
   * @param {string} id
   * @param {PointLike} proposed
   * @param {{velocity?: PointLike, signal?: AbortSignal}} options
   * @returns {Promise<Point>}
   */
  targetOffset(id, proposed, {velocity, signal} = {}) {
    return this.request("GET", `/v1/layouts/${enc(id)}/target-offset`, {signal,
      query: {proposed: pointList(proposed), velocity: velocity && pointList(velocity)}});
  }
}

/**
 * `Retry-After` in whole seconds (the service's form), or null. An HTTP date counts from now.
 * @param {any} response
 * @returns {number | null}
 */
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
 * @param {any} response
 * @param {number} attempt
 * @param {number} maxMs
 * @returns {number | null}
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

/**
 * Reads and drops an answer's body (a refused answer's problem), so its connection can be used again.
 * @param {any} response
 */
async function discard(response) {
  try { if (response.text) await response.text(); } catch { /* the retry does not need it */ }
}

/**
 * Resolves after `ms`, or rejects with the signal's reason (an AbortError) as soon as it aborts.
 * @param {number} ms
 * @param {AbortSignal} [signal]
 * @returns {Promise<void>}
 */
function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal && signal.aborted) { reject(abortReason(signal)); return; }
    const done = () => { if (signal) signal.removeEventListener("abort", aborted); resolve(); };
    const timer = setTimeout(done, ms);
    const aborted = () => { clearTimeout(timer); reject(abortReason(/** @type {AbortSignal} */ (signal))); };
    if (signal) signal.addEventListener("abort", aborted, {once: true});
  });
}

/** @param {string} id */
function enc(id) { return encodeURIComponent(id); }
/** @param {RectLike} r */
function rectList(r) { return Array.isArray(r) ? r.join(",") : [r.x, r.y, r.width, r.height].join(","); }
/** @param {PointLike} p */
function pointList(p) { return Array.isArray(p) ? p.join(",") : [p.x, p.y].join(","); }
/** @param {PointLike} p */
function pointObject(p) { return Array.isArray(p) ? {x: p[0], y: p[1]} : p; }
