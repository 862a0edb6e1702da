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
export function workerFetch(): WorkerFetch;
/**
 * workerFetch's answer: what LayoutClient reads of a Response.
 */
export type FetchAnswer = {
    status: number;
    ok: boolean;
    headers: {
        get(name: string): string | null;
    };
    arrayBuffer: () => Promise<ArrayBuffer>;
    bytes: () => Promise<Uint8Array>;
    text: () => Promise<string>;
    json: () => Promise<any>;
    clone: () => FetchAnswer;
};
/**
 * A `fetch` with a `destroy()` that ends its worker.
 */
export type WorkerFetch = ((url: string | URL, init?: RequestInit) => Promise<any>) & {
    destroy(): void;
};
