// plans.js: which bands or tiles a viewport needs, soonest first; the cache of their answers; pools of spare
// views. DOM-free.
import {clamp} from "./elements.js";

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
  constructor(limit = 48) {
    this.limit = Math.max(1, limit);
    /** @type {Map<string, CacheEntry>} */
    this.map = new Map();
    this.evictions = 0;
  }
  /** @returns {number} */
  get size() { return this.map.size; }
  /** @param {string} key @returns {boolean} */
  has(key) { return this.map.has(key); }
  /**
   * The entry, marked as most recently used.
   * @param {string} key
   * @returns {CacheEntry | undefined}
   */
  get(key) {
    const entry = this.map.get(key);
    if (entry) { this.map.delete(key); this.map.set(key, entry); }
    return entry;
  }
  /** @param {string} key @returns {CacheEntry | undefined} the entry, its recency unchanged */
  peek(key) { return this.map.get(key); }
  /**
   * @param {string} key
   * @param {CacheEntry} entry
   * @param {Set<string>} [keep] keys never evicted now
   */
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
  /** @param {string} key @returns {boolean} */
  delete(key) { return this.map.delete(key); }
  clear() { this.map.clear(); }
}

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

/**
 * The tiles [first, last] of length `band` (of `count`) that the span [pos, pos + length] meets.
 * @param {number} pos
 * @param {number} length
 * @param {number} band
 * @param {number} count
 * @returns {[number, number]}
 */
export function tileSpan(pos, length, band, count) {
  return [clamp(Math.floor(pos / band), 0, count - 1), clamp(Math.floor((pos + length) / band), 0, count - 1)];
}

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
export function planTiles({v, w, beyond, velocity = {x: 0, y: 0}, lookahead, grid}) {
  /** @type {[number, number][]} */
  const order = [];
  const seen = new Set();
  /** @param {Rect} rect */
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
  /** @param {Rect} rect */
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

/**
 * Pools of spare views by category and kind, as `dequeueReusableCell(withReuseIdentifier:)`.
 * @template [View=any]
 */
export class ViewPool {
  /** @param {number} [limit] spare views kept in all */
  constructor(limit = 64) {
    this.limit = limit;
    /** @type {Map<string, View[]>} */
    this.pools = new Map();
    this.size = 0;
  }
  /**
   * The pool an element's view is kept in: `cell`, or `category/kind`.
   * @param {LayoutElement} e
   * @returns {string}
   */
  static reuseKey(e) { return e.category === "cell" || !e.category ? "cell" : `${e.category}/${e.kind}`; }
  /**
   * A spare view for `e`'s category and kind, or null.
   * @param {LayoutElement} e
   * @returns {View | null}
   */
  take(e) {
    const pool = this.pools.get(ViewPool.reuseKey(e));
    if (!pool || !pool.length) return null;
    this.size -= 1;
    return /** @type {View} */ (pool.pop());
  }
  /**
   * Keeps the view for reuse; answers false when the pool is full (the caller removes it).
   * @param {LayoutElement} e
   * @param {View} view
   * @returns {boolean}
   */
  put(e, view) {
    if (this.size >= this.limit) return false;
    const key = ViewPool.reuseKey(e);
    let pool = this.pools.get(key);
    if (!pool) this.pools.set(key, pool = []);
    pool.push(view);
    this.size += 1;
    return true;
  }
}

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
export function renderWindow(v, overscan, share, velocity) {
  const ox = overscan > 1 ? overscan : overscan * v.width;
  const oy = overscan > 1 ? overscan : overscan * v.height;
  const w = {x: v.x - share * ox, y: v.y - share * oy, width: v.width + 2 * share * ox, height: v.height + 2 * share * oy};
  const ax = Math.min(Math.abs(velocity.x) * 75, ox), ay = Math.min(Math.abs(velocity.y) * 75, oy);
  w.width += ax; if (velocity.x < 0) w.x -= ax;
  w.height += ay; if (velocity.y < 0) w.y -= ay;
  return w;
}
