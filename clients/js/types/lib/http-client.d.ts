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
    constructor(baseURL?: string, { apiKey, fetch: fetchFunction, attempts, maxRetryWaitMs }?: LayoutClientOptions);
    /** @type {string} */
    baseURL: string;
    /** @type {string | undefined} */
    apiKey: string | undefined;
    /** @type {FetchFunction} */
    fetch: FetchFunction;
    attempts: number;
    maxRetryWaitMs: number;
    /**
     * One request. `ifNoneMatch`: a conditional GET, answered NOT_MODIFIED on 304. Answers carry `etag`. A body that
     * is bytes (a Uint8Array, an ArrayBuffer or a Blob) goes as `application/wasm`, any other as JSON; `bytes`: the
     * answer is the body's bytes (a Uint8Array), not JSON.
     * @param {string} method
     * @param {string} path
     * @param {RequestOptions} options
     * @returns {Promise<any>} the answer's JSON (with a non-enumerable `etag`), its bytes, or NOT_MODIFIED
     */
    request(method: string, path: string, { query, body, signal, ifNoneMatch, bytes }?: RequestOptions): Promise<any>;
    /**
     * POST /v1/layouts: the summary of the prepared layout (`id`, `contentSize`, ...).
     * @param {object} spec
     * @param {SignalOption} options
     * @returns {Promise<import("./elements.js").Summary>}
     */
    prepare(spec: object, { signal }?: SignalOption): Promise<import("./elements.js").Summary>;
    /**
     * GET /v1/layouts/{id}.
     * @param {string} id
     * @param {SignalOption} options
     * @returns {Promise<import("./elements.js").Summary>}
     */
    summary(id: string, { signal }?: SignalOption): Promise<import("./elements.js").Summary>;
    /**
     * GET .../attributes: the elements in `rect` ([x, y, w, h] or {x, y, width, height}).
     * @param {string} id
     * @param {RectLike} rect
     * @param {{offset?: PointLike, format?: "columns", limit?: number, cursor?: string} & TileOptions} options
     * @returns {Promise<any>} `{contentSize, elements}`, or columns with `format: "columns"`; or NOT_MODIFIED
     */
    attributes(id: string, rect: RectLike, { offset, format, limit, cursor, signal, ifNoneMatch }?: {
        offset?: PointLike;
        format?: "columns";
        limit?: number;
        cursor?: string;
    } & TileOptions): Promise<any>;
    /**
     * GET .../tiles/{k} (when the summary has `tile`): every element in the band [k·L, (k+1)·L).
     * @param {string} id
     * @param {number} k
     * @param {TileOptions} options
     * @returns {Promise<any>} the tile in either format, or NOT_MODIFIED
     */
    tile(id: string, k: number, { format, signal, ifNoneMatch }?: TileOptions): Promise<any>;
    /**
     * GET .../tiles/{row}/{column} (when the summary has `tileGrid`): every element meeting that tile's rect.
     * @param {string} id
     * @param {number} row
     * @param {number} column
     * @param {TileOptions} options
     * @returns {Promise<any>} the tile in either format, or NOT_MODIFIED
     */
    gridTile(id: string, row: number, column: number, { format, signal, ifNoneMatch }?: TileOptions): Promise<any>;
    /**
     * POST .../updates: `{updates, rect, offset, anchor, keepColumns}`; the new layout and its animations.
     * @param {string} id
     * @param {object} batch
     * @param {SignalOption} options
     * @returns {Promise<any>}
     */
    updates(id: string, batch: object, { signal }?: SignalOption): Promise<any>;
    /**
     * POST .../sizes: `{sizes: [{section, item, width, height}], offset, keepColumns}`; the new layout and the offset
     * answer.
     * @param {string} id
     * @param {object} body
     * @param {SignalOption} options
     * @returns {Promise<any>}
     */
    sizes(id: string, body: object, { signal }?: SignalOption): Promise<any>;
    /**
     * POST .../bounds: the layout at a new view size, and `contentOffset` keeping the anchor in place.
     * @param {string} id
     * @param {{collectionView?: {width: number, height: number}, offset?: PointLike, anchor?: unknown}} body
     * @param {SignalOption} options
     * @returns {Promise<any>}
     */
    bounds(id: string, { collectionView, offset, anchor }?: {
        collectionView?: {
            width: number;
            height: number;
        };
        offset?: PointLike;
        anchor?: unknown;
    }, { signal }?: SignalOption): Promise<any>;
    /**
     * GET .../scroll-to: the offset {x, y} that shows an item (or a section) at `position`.
     * @param {string} id
     * @param {{item?: number[] | {section: number, item: number}, section?: number, position?: string,
     *   offset?: PointLike}} target
     * @param {SignalOption} options
     * @returns {Promise<Point>}
     */
    scrollTo(id: string, { item, section, position, offset }?: {
        item?: number[] | {
            section: number;
            item: number;
        };
        section?: number;
        position?: string;
        offset?: PointLike;
    }, { signal }?: SignalOption): Promise<Point>;
    /**
     * POST /v1/programs: a layout program (a WebAssembly module: a Uint8Array, an ArrayBuffer or a Blob), validated
     * and kept under the SHA-256 of its bytes; `{id, bytes}`. Use the id in a spec: `prepare({layout: "program",
     * program: id, collectionView, sections: [{items: n}], parameters})` (docs/programs.md).
     * @param {Uint8Array | ArrayBuffer | Blob} module
     * @param {SignalOption} options
     * @returns {Promise<{id: string, bytes: number}>}
     */
    postProgram(module: Uint8Array | ArrayBuffer | Blob, { signal }?: SignalOption): Promise<{
        id: string;
        bytes: number;
    }>;
    /**
     * GET /v1/programs/{id}: the module's bytes.
     * @param {string} id
     * @param {SignalOption} options
     * @returns {Promise<Uint8Array>}
     */
    program(id: string, { signal }?: SignalOption): Promise<Uint8Array>;
    /**
     * DELETE /v1/programs/{id} (a key with the `admin` scope); layouts prepared from it stay.
     * @param {string} id
     * @param {SignalOption} options
     * @returns {Promise<any>}
     */
    deleteProgram(id: string, { signal }?: SignalOption): Promise<any>;
    /**
     * GET /v1/fonts: the families the service measures text with.
     * @param {SignalOption} options
     * @returns {Promise<import("./text-cells.js").FontCatalog>}
     */
    fonts({ signal }?: SignalOption): Promise<import("./text-cells.js").FontCatalog>;
    /**
     * GET .../target-offset: where a fling that would end at `proposed` ends.
     * @param {string} id
     * @param {PointLike} proposed
     * @param {{velocity?: PointLike, signal?: AbortSignal}} options
     * @returns {Promise<Point>}
     */
    targetOffset(id: string, proposed: PointLike, { velocity, signal }?: {
        velocity?: PointLike;
        signal?: AbortSignal;
    }): Promise<Point>;
}
export type Rect = import("./elements.js").Rect;
export type Point = import("./elements.js").Point;
/**
 * A rect as `[x, y, width, height]` or `{x, y, width, height}`.
 */
export type RectLike = Rect | number[];
/**
 * A point as `[x, y]` or `{x, y}`.
 */
export type PointLike = Point | number[];
/**
 * A `fetch`: the global one, or one the caller gives (tests, `workerFetch()`).
 */
export type FetchFunction = (url: string, init?: RequestInit) => Promise<any>;
/**
 * The options of LayoutClient.
 */
export type LayoutClientOptions = {
    /**
     * sent as `Authorization: Bearer <key>` (read at each request)
     */
    apiKey?: string;
    /**
     * replaces `globalThis.fetch`
     */
    fetch?: FetchFunction;
    /**
     * tries in all for a request answered 429 or 503 (1 or 0: no retries); 3
     */
    attempts?: number;
    /**
     * the longest wait before a retry; 10000
     */
    maxRetryWaitMs?: number;
};
/**
 * The options of one request.
 */
export type RequestOptions = {
    /**
     * query parameters (undefined and null left out; arrays joined by ",")
     */
    query?: Record<string, unknown>;
    /**
     * JSON, or bytes (a Uint8Array, an ArrayBuffer or a Blob: `application/wasm`)
     */
    body?: unknown;
    signal?: AbortSignal;
    /**
     * a conditional GET: NOT_MODIFIED on 304
     */
    ifNoneMatch?: string;
    /**
     * the answer is the body's bytes (a Uint8Array), not JSON
     */
    bytes?: boolean;
};
/**
 * Options every method takes.
 */
export type SignalOption = {
    signal?: AbortSignal;
};
/**
 * Options of the GETs that can be conditional and columnar.
 */
export type TileOptions = {
    format?: "columns";
    signal?: AbortSignal;
    ifNoneMatch?: string;
};
