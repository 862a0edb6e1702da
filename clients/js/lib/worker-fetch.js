// worker-fetch.js: a `fetch` that sends each request from a Web Worker. DOM-free (it needs Worker, Blob, URL).
import {abortReason} from "./problem.js";

/**
 * workerFetch's answer: what LayoutClient reads of a Response.
 * @typedef {object} FetchAnswer
 * @property {number} status
 * @property {boolean} ok
 * @property {{get(name: string): string | null}} headers
 * @property {() => Promise<ArrayBuffer>} arrayBuffer
 * @property {() => Promise<Uint8Array>} bytes
 * @property {() => Promise<string>} text
 * @property {() => Promise<any>} json
 * @property {() => FetchAnswer} clone
 */

/**
 * A `fetch` with a `destroy()` that ends its worker.
 * @typedef {((url: string | URL, init?: RequestInit) => Promise<any>) & {destroy(): void}} WorkerFetch
 */

/**
 * A `fetch` for LayoutClient (`new LayoutClient(url, {fetch: workerFetch()})`) that sends each request from a Web
 * Worker and answers once the whole body is read: the page's main thread takes an answer in one task, where
 * `fetch` needs one for the headers and another for the body, each waiting behind whatever the thread is doing
 * (docs/clients.md has the latencies of a flung grid both ways). The answer has what LayoutClient reads:
 * `status`, `ok`, `headers.get`, `text()`, `json()`, `arrayBuffer()` and `clone()`. A signal's abort rejects at
 * once with the signal's reason and aborts the request in the worker. Where there are no workers, or the worker
 * cannot start (a Content Security Policy without `blob:` workers), requests go by the global `fetch`, those
 * already sent to the worker included. One worker each call: make one and share it. `destroy()` terminates the
 * worker: requests waiting for it reject with an AbortError, and later ones go by the global `fetch`.
 * @returns {WorkerFetch}
 */
export function workerFetch() {
  /** @type {(url: string | URL, init?: RequestInit) => Promise<any>} */
  const fallback = (url, init) => globalThis.fetch(url, init);
  /** @type {Worker | null} */
  let worker = null;
  /** @type {string | null} */
  let source = null;
  try {
    source = URL.createObjectURL(new Blob([`(${fetchInWorker})()`], {type: "text/javascript"}));
    worker = new Worker(source);
  } catch {
    if (source) URL.revokeObjectURL(source);
    return Object.assign(fallback, {destroy() {}});
  }
  /** @type {Map<number, {url: string, init: RequestInit, resolve: (a: any) => void, reject: (e: any) => void,
   *   done: () => void}>} */
  const waiting = new Map();
  let last = 0;
  const stop = () => {
    if (!worker) return;
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
    worker = null;
    if (source) { URL.revokeObjectURL(source); source = null; }
  };
  worker.onmessage = ({data}) => {
    if (source) { URL.revokeObjectURL(source); source = null; }  // the worker runs: its source is no longer needed
    const call = waiting.get(data.id);
    if (!call) return;  // aborted
    waiting.delete(data.id);
    call.done();
    if (data.error) call.reject(new TypeError(data.error)); else call.resolve(new WorkerResponse(data));
  };
  worker.onerror = () => {  // it could not start: every request goes by fetch
    stop();
    for (const call of waiting.values()) { call.done(); fallback(call.url, call.init).then(call.resolve, call.reject); }
    waiting.clear();
  };
  /** @type {(url: string | URL, init?: RequestInit) => Promise<any>} */
  const send = (url, init = {}) => {
    if (!worker) return fallback(url, init);
    const w = worker;
    return new Promise((resolve, reject) => {
      const id = ++last, {signal, ...rest} = init;
      if (signal && signal.aborted) { reject(abortReason(signal)); return; }
      // A worker made from a Blob has no base for relative URLs: they are resolved against the page's.
      const href = new URL(url, globalThis.location && globalThis.location.href).href;
      w.postMessage({id, url: href, init: rest});  // a body that cannot be copied to the worker rejects here
      const aborted = () => {
        if (!waiting.delete(id)) return;
        if (worker) worker.postMessage({abort: id});
        reject(abortReason(/** @type {AbortSignal} */ (signal)));
      };
      if (signal) signal.addEventListener("abort", aborted, {once: true});
      waiting.set(id, {url: href, init, resolve, reject, done: () => signal && signal.removeEventListener("abort", aborted)});
    });
  };
  return Object.assign(send, {
    /** Terminates the worker; requests waiting for it reject with an AbortError; later ones go by `fetch`. */
    destroy() {
      stop();
      const reason = new DOMException("The worker of workerFetch was destroyed.", "AbortError");
      for (const call of waiting.values()) { call.done(); call.reject(reason); }
      waiting.clear();
    },
  });
}

/** The worker of workerFetch (its source is made a Blob): fetches, reads the whole body, posts it back. */
function fetchInWorker() {
  /** @type {Map<number, AbortController>} */
  const controllers = new Map();
  const scope = /** @type {any} */ (self);  // a DedicatedWorkerGlobalScope
  scope.onmessage = async ({data}) => {
    if (data.abort) { controllers.get(data.abort)?.abort(); return; }
    const controller = new AbortController();
    controllers.set(data.id, controller);
    try {
      const response = await fetch(data.url, {...data.init, signal: controller.signal});
      const body = await response.arrayBuffer();
      scope.postMessage({id: data.id, status: response.status, headers: [...response.headers], body}, [body]);
    } catch (error) {
      if (error.name !== "AbortError") scope.postMessage({id: data.id, error: String(error.message || error)});
    } finally {
      controllers.delete(data.id);
    }
  };
}

/** workerFetch's answer: its body, read already, can be read any number of times. */
class WorkerResponse {
  #body;

  /** @param {{status: number, headers: [string, string][], body: ArrayBuffer}} data */
  constructor({status, headers, body}) {
    const names = new Map(headers);  // lower-case names, as a Headers object lists them
    this.#body = body;
    this.status = status;
    this.ok = status >= 200 && status < 300;
    /** @type {{get(name: string): string | null}} */
    this.headers = {get: (name) => names.get(String(name).toLowerCase()) ?? null};
  }
  async arrayBuffer() { return this.#body.slice(0); }
  async bytes() { return new Uint8Array(this.#body.slice(0)); }
  async text() { return new TextDecoder().decode(this.#body); }
  async json() { return JSON.parse(await this.text()); }
  clone() { return this; }
}
