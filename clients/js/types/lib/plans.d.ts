/**
 * The bands a viewport needs: `first` to `last`, and `order`, nearest first.
 * @typedef {{first: number, last: number, order: number[]}} BandPlan
 */
/**
 * Which bands [k·L, (k+1)·L) a viewport at `pos` (length `view`) needs, moving at `velocity` points/ms:
 * `behind` points on the trailing side and `behind + |velocity|·lookahead` on the leading side.
 * Answers `{first, last, order}`: `order` lists the bands nearest the viewport first, leading side before
 * trailing side at equal distance.
 * @param {{pos: number, view: number, velocity?: number, band: number, behind: number, lookahead: number,
 *   count: number}} options
 * @returns {BandPlan}
 */
export function planBands({ pos, view, velocity, band, behind, lookahead, count }: {
    pos: number;
    view: number;
    velocity?: number;
    band: number;
    behind: number;
    lookahead: number;
    count: number;
}): BandPlan;
/**
 * The tiles [first, last] of length `band` (of `count`) that the span [pos, pos + length] meets.
 * @param {number} pos
 * @param {number} length
 * @param {number} band
 * @param {number} count
 * @returns {[number, number]}
 */
export function tileSpan(pos: number, length: number, band: number, count: number): [number, number];
/**
 * A grid's tiling (a summary's `tileGrid`).
 * @typedef {{width: number, height: number, rows: number, columns: number}} TileGrid
 */
/**
 * Which tiles [row, column] of a grid cut as `grid` ({width, height, columns, rows}) a viewport `v` needs, with
 * `w` the viewport plus the overscan, moving at `velocity` ({x, y} points/ms), soonest needed first: the tiles `v`
 * meets; those `v` crosses when moved along the velocity for `lookahead` ms; those of `w`; those `w` crosses so
 * moved; then those of `beyond` (if given). A diagonal fling asks for the tiles along its path, not for the whole
 * rectangle ahead.
 * @param {{v: Rect, w: Rect, beyond?: Rect | null, velocity?: Point, lookahead: number, grid: TileGrid}} options
 * @returns {[number, number][]}
 */
export function planTiles({ v, w, beyond, velocity, lookahead, grid }: {
    v: Rect;
    w: Rect;
    beyond?: Rect | null;
    velocity?: Point;
    lookahead: number;
    grid: TileGrid;
}): [number, number][];
/**
 * The visible rect `v` plus the overscan (a fraction of the view, or points when over 1) times `share` on every
 * side, and ahead in the direction of scrolling what 75 ms of it move, up to another overscan: a frame that comes
 * up to 3 frames late still finds its views drawn, though the scroll event that drew them came late too and
 * measured the speed low (VelocityTracker). `velocity` ({x: 0, y: 0}: nothing ahead) is the scroll's.
 * @param {Rect} v
 * @param {number} overscan
 * @param {number} share
 * @param {Point} velocity
 * @returns {Rect}
 */
export function renderWindow(v: Rect, overscan: number, share: number, velocity: Point): Rect;
/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").LayoutElement} LayoutElement */
/**
 * A cached answer: its elements, entity tag, format and when it came (or was revalidated).
 * @typedef {{k?: any, elements: LayoutElement[], etag?: string, format?: string, time: number}} CacheEntry
 */
/** A bounded LRU of answers by key: `{elements, etag, time}`. Keys in `keep` are never evicted. */
export class AnswerCache {
    /** @param {number} [limit] answers kept */
    constructor(limit?: number);
    limit: number;
    /** @type {Map<string, CacheEntry>} */
    map: Map<string, CacheEntry>;
    evictions: number;
    /** @returns {number} */
    get size(): number;
    /** @param {string} key @returns {boolean} */
    has(key: string): boolean;
    /**
     * The entry, marked as most recently used.
     * @param {string} key
     * @returns {CacheEntry | undefined}
     */
    get(key: string): CacheEntry | undefined;
    /** @param {string} key @returns {CacheEntry | undefined} the entry, its recency unchanged */
    peek(key: string): CacheEntry | undefined;
    /**
     * @param {string} key
     * @param {CacheEntry} entry
     * @param {Set<string>} [keep] keys never evicted now
     */
    set(key: string, entry: CacheEntry, keep?: Set<string>): void;
    /** @param {string} key @returns {boolean} */
    delete(key: string): boolean;
    clear(): void;
}
/**
 * Pools of spare views by category and kind, as `dequeueReusableCell(withReuseIdentifier:)`.
 * @template [View=any]
 */
export class ViewPool<View = any> {
    /**
     * The pool an element's view is kept in: `cell`, or `category/kind`.
     * @param {LayoutElement} e
     * @returns {string}
     */
    static reuseKey(e: LayoutElement): string;
    /** @param {number} [limit] spare views kept in all */
    constructor(limit?: number);
    limit: number;
    /** @type {Map<string, View[]>} */
    pools: Map<string, View[]>;
    size: number;
    /**
     * A spare view for `e`'s category and kind, or null.
     * @param {LayoutElement} e
     * @returns {View | null}
     */
    take(e: LayoutElement): View | null;
    /**
     * Keeps the view for reuse; answers false when the pool is full (the caller removes it).
     * @param {LayoutElement} e
     * @param {View} view
     * @returns {boolean}
     */
    put(e: LayoutElement, view: View): boolean;
}
/**
 * The bands a viewport needs: `first` to `last`, and `order`, nearest first.
 */
export type BandPlan = {
    first: number;
    last: number;
    order: number[];
};
/**
 * A grid's tiling (a summary's `tileGrid`).
 */
export type TileGrid = {
    width: number;
    height: number;
    rows: number;
    columns: number;
};
export type Rect = import("./elements.js").Rect;
export type Point = import("./elements.js").Point;
export type LayoutElement = import("./elements.js").LayoutElement;
/**
 * A cached answer: its elements, entity tag, format and when it came (or was revalidated).
 */
export type CacheEntry = {
    k?: any;
    elements: LayoutElement[];
    etag?: string;
    format?: string;
    time: number;
};
