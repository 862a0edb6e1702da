// strategies.js: how a virtualizer fetches and collects a layout's elements, one object per way, chosen once per
// layout from its summary (`chooseStrategy`): 2-D tiles (a grid), 1-D tiles, aligned rect bands, or live rect
// queries with the offset. DOM-free: a strategy talks to its host (the Virtualizer) for the client, the cache,
// the viewport and the drawing.
import {NOT_MODIFIED, isAbort} from "./problem.js";
import {answerElements, elementKey, intersects, pinnedFrame, stickyCoordinate} from "./elements.js";
import {COLLAPSING_HEADER_KIND, collapsingHeaderElement, stickyUnderCollapsingHeader} from "./collapsing-header.js";
import {planBands, planTiles, tileSpan} from "./plans.js";

/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").LayoutElement} LayoutElement */
/** @typedef {import("./virtualizer.js").Virtualizer} Virtualizer */

/** How far beyond the content, across the scroll axis, a band reaches (points). */
const CROSS_REACH = 1000000;

/**
 * What a strategy has for a viewport: the elements, whether nothing in the window is missing, the window and the
 * offset they are for.
 * @typedef {{elements: LayoutElement[], complete: boolean, rect: number[], offset: number[], header?: LayoutElement & {collapseProgress: number}}} Collected
 */

/**
 * Fetches answers that do not depend on the offset (bands or tiles), keyed, cached and revalidated; aborts what the
 * plan no longer keeps. Subclasses say which keys a viewport needs and how one is asked for.
 * @template Key, Plan
 */
class CachedStrategy {
  /** @param {Virtualizer} host */
  constructor(host) {
    this.host = host;
    /** @type {string} */
    this.mode = "none";
  }

  /** @param {Key} k @returns {string} the cache's key of band (tile) k */
  key(k) { return `${this.mode}:${this.host.layoutId}:${Array.isArray(k) ? k.join(":") : k}`; }

  /** @param {Rect} v @returns {Plan} */
  currentPlan(v) { throw new Error(`currentPlan(${v})`); }
  /** @param {Plan} plan @returns {Key[]} the plan's keys, soonest needed first */
  order(plan) { throw new Error(`order(${plan})`); }
  /** @param {Rect} v @param {Plan} plan @returns {(k: Key) => boolean} whether k is still worth having */
  keeps(v, plan) { throw new Error(`keeps(${v}, ${plan})`); }
  /** @param {Key} k @param {any} options @returns {Promise<any>} the request of k */
  request(k, options) { throw new Error(`request(${k}, ${options})`); }
  /** @param {Rect} v @param {Point} velocity @returns {Collected} */
  collect(v, velocity) { throw new Error(`collect(${v}, ${velocity})`); }

  /** @param {Plan} plan @returns {Set<string>} the keys of `plan`: the cache never evicts them */
  neededKeys(plan) { return new Set(this.order(plan).map((k) => this.key(k))); }

  /** Asks for what the plan needs and is not cached (nor in flight); aborts what it no longer keeps.
   * @param {Rect} v @param {Plan} [plan] */
  plan(v, plan = this.currentPlan(v)) {
    const host = this.host, keep = this.keeps(v, plan);
    for (const [key, flight] of host.inFlight) {
      if (!keep(flight.k)) {
        flight.controller.abort();
        host.inFlight.delete(key);
        host.stats.aborted += 1;
      }
    }
    const t = host.clock();
    for (const k of this.order(plan)) {
      if (host.inFlight.size >= host.maxInFlight) break;
      const key = this.key(k);
      if (host.inFlight.has(key)) continue;
      const entry = host.cache.peek(key);
      if (entry && t - entry.time <= host.maxAge) continue;
      this.fetch(k, key, entry);
    }
  }

  /**
   * Asks for band (tile) k; caches the answer and draws it if it is still needed.
   * @param {Key} k
   * @param {string} key
   * @param {import("./plans.js").CacheEntry} [entry] the cached answer, to revalidate
   */
  async fetch(k, key, entry) {
    const host = this.host, controller = new AbortController(), generation = host.generation;
    const revalidation = Boolean(entry), seq = (host.seq += 1);
    host.inFlight.set(key, {controller, k, revalidation, seq});
    // A revalidation asks in the format of the answer it has: the entity tag is the request's.
    if (revalidation) host.stats.revalidations += 1;
    else { host.stats.requests += 1; host.requested.set(key, (host.requested.get(key) || 0) + 1); }
    const started = host.clock();
    const format = entry ? entry.format : host.columns === "no" ? undefined : "columns";
    let answer;
    try {
      answer = await this.request(k, {format, signal: controller.signal, ifNoneMatch: entry && entry.etag});
    } catch (error) {
      if (host.inFlight.get(key)?.controller === controller) host.inFlight.delete(key);
      if (isAbort(error) || generation !== host.generation) return;
      if (format && host.columns === "unknown" && error.status === 400 && /format/.test(JSON.stringify(error.problem))) {
        host.columns = "no";  // a service without the columnar format that says so
        host.update();
      } else {
        host.reportError(error);
      }
      return;
    }
    const current = host.inFlight.get(key);
    if (!current || current.controller !== controller || generation !== host.generation) { host.stats.dropped += 1; return; }
    host.inFlight.delete(key);
    host.latency = 0.8 * host.latency + 0.2 * (host.clock() - started);
    const v = host.viewport(), plan = this.currentPlan(v);  // planned with the lookahead this answer measured
    if (answer === NOT_MODIFIED) {
      host.stats.notModified += 1;
      if (entry) entry.time = host.clock();
    } else {
      if (format && host.columns === "unknown") host.columns = Array.isArray(answer.x) ? "yes" : "no";
      const elements = answerElements(answer);
      for (const e of elements) if (e.sticky) host.sticky.set(elementKey(e), e);
      host.cache.set(key, {k, elements, etag: answer.etag, format, time: host.clock()}, this.neededKeys(plan));
    }
    // Still needed? Draw it, even though newer requests went out since (a late answer that is still useful).
    if (this.keeps(v, plan)(k)) {
      if (seq < host.answeredSeq) host.stats.lateDrawn += 1;  // a newer request answered first
      host.answeredSeq = Math.max(host.answeredSeq, seq);
      this.drawAnswer(v);
      this.plan(v, plan);
    } else {
      host.stats.dropped += 1;
    }
  }

  /** An answer came for the viewport `v`: draws it now. @param {Rect} v */
  drawAnswer(v) { this.host.render(v); }
}

/**
 * Aligned rects of one view length across the whole content, with no offset (`mode` "bands").
 * @extends {CachedStrategy<number, import("./plans.js").BandPlan>}
 */
export class BandStrategy extends CachedStrategy {
  /** @param {Virtualizer} host */
  constructor(host) { super(host); this.mode = "bands"; }

  /** @returns {number} the bands along the axis */
  get count() {
    const host = this.host, size = host.summary.contentSize;
    return Math.max(1, Math.ceil((host.axis === "y" ? size.height : size.width) / host.bandLength));
  }

  /**
   * The bands to have at `velocity` (points/ms along the axis).
   * @param {Rect} v
   * @param {number} [velocity]
   * @returns {import("./plans.js").BandPlan}
   */
  bandPlan(v, velocity = this.host.currentVelocity) {
    const host = this.host, y = host.axis === "y", w = host.renderWindow(v, 1, {x: 0, y: 0});  // behind: the overscan
    return planBands({pos: y ? v.y : v.x, view: y ? v.height : v.width, velocity, band: host.bandLength,
      behind: y ? v.y - w.y : v.x - w.x, lookahead: host.lookaheadMs, count: this.count});
  }

  /** @param {Rect} v */
  currentPlan(v) { return this.bandPlan(v); }
  /** @param {import("./plans.js").BandPlan} plan */
  order(plan) { return plan.order; }
  /** @param {import("./plans.js").BandPlan} plan */
  neededKeys(plan) {
    const keys = new Set();
    for (let k = plan.first; k <= plan.last; k++) keys.add(this.key(k));
    return keys;
  }

  /**
   * Band k is in `plan` or in the plan at twice the last velocity measured (a pause in scroll events, or a velocity
   * that wavers from frame to frame, does not cancel the fetch-ahead), or one band around them.
   * @param {Rect} v
   * @param {import("./plans.js").BandPlan} plan
   * @returns {(k: number) => boolean}
   */
  keeps(v, plan) {
    const moving = this.bandPlan(v, 2 * this.host.velocity);
    const first = Math.min(plan.first, moving.first) - 1, last = Math.max(plan.last, moving.last) + 1;
    return (k) => k >= first && k <= last;
  }

  /**
   * Across the whole content, and beyond it: sections that scroll orthogonally (compositional layouts) place
   * elements past the content's width.
   * @param {number} k
   * @param {any} options
   */
  request(k, options) {
    const host = this.host, band = host.bandLength, size = host.summary.contentSize, wide = CROSS_REACH;
    const rect = host.axis === "y" ? [-wide, k * band, size.width + 2 * wide, band]
      : [k * band, -wide, band, size.height + 2 * wide];
    return host.client.attributes(host.layoutId, rect, options);
  }

  /**
   * The elements of the cached bands that cover the render window, and whether every band there is cached.
   * Sticky elements are placed locally, as CSS position: sticky does, from their ranges.
   * @param {Rect} v
   * @param {Point} velocity
   * @returns {Collected}
   */
  collect(v, velocity) {
    const host = this.host, w = host.renderWindow(v, 1, velocity), y = host.axis === "y", band = host.bandLength;
    const lo = y ? w.y : w.x, hi = y ? w.y + w.height : w.x + w.width;
    const first = Math.max(0, Math.floor(lo / band)), last = Math.min(this.count - 1, Math.floor(hi / band));
    const out = new Map();
    let complete = true;
    for (let k = first; k <= last; k++) {
      const entry = host.cache.get(this.key(k));
      if (!entry) { complete = false; continue; }
      for (const e of entry.elements) {
        if (e.sticky || e.kind === COLLAPSING_HEADER_KIND) continue;
        // A row that scrolls on its own is drawn moved by its offset (scroll-effects.js).
        const frame = host.effects ? host.effects.drawnFrame(e, host.sectionOffsets) : e.frame;
        if (intersects(frame, w)) out.set(elementKey(e), e);
      }
    }
    const pos = y ? v.y : v.x, view = y ? v.height : v.width;
    // A collapsing header (vertical layouts) is placed for this offset, and pinned headers stick below it.
    const header = y && host.summary.tile ? host.summary.tile.collapsingHeader : undefined;
    for (const [key, e] of host.sticky) {
      const c = header && e.sticky && e.sticky.edge === "leading" ? stickyUnderCollapsingHeader(header, e.sticky, pos)
        : stickyCoordinate(e, pos, view, host.axis);
      const frame = y ? {...e.frame, y: c} : {...e.frame, x: c};
      if (intersects(frame, w)) out.set(key, {...e, frame});
    }
    const placed = header ? collapsingHeaderElement(header, pos, host.summary.contentSize.width) : undefined;
    if (placed && intersects(placed.frame, w)) out.set(elementKey(placed), placed);
    return {elements: [...out.values()], complete, rect: [w.x, w.y, w.width, w.height], offset: [v.x, v.y],
      header: placed};
  }
}

/** The summary's 1-D tiles (`mode` "tiles"): tile k is band k, asked for by number. */
export class TileStrategy extends BandStrategy {
  /** @param {Virtualizer} host */
  constructor(host) { super(host); this.mode = "tiles"; }
  /** @param {number} k @param {any} options */
  request(k, options) { return this.host.client.tile(this.host.layoutId, k, options); }
}

/**
 * A grid's 2-D tiles (`mode` "grid"), planned along the velocity on both axes; drawn once a frame.
 * @extends {CachedStrategy<[number, number], [number, number][]>}
 */
export class GridStrategy extends CachedStrategy {
  /** @param {Virtualizer} host */
  constructor(host) { super(host); this.mode = "grid"; }

  /** @returns {import("./plans.js").TileGrid} */
  get grid() { return /** @type {import("./plans.js").TileGrid} */ (this.host.summary.tileGrid); }

  /**
   * The tiles to have, nearest first (planTiles). The window swept is the viewport and its overscan alone: the
   * sweep along the velocity is what lies ahead (a window already stretched ahead along both axes would sweep its
   * corner over tiles beside the path of a diagonal fling). At rest, the tiles one tile beyond that window on
   * every side come last: a fling from rest learns its speed at its first scroll event, and its first answers
   * come after it has crossed the overscan.
   * @param {Rect} v
   * @param {Point} [velocity]
   * @returns {[number, number][]}
   */
  tilePlan(v, velocity = this.host.currentVelocity2) {
    const grid = this.grid, w = this.host.renderWindow(v, 1, {x: 0, y: 0});
    const beyond = velocity.x || velocity.y ? null
      : {x: w.x - grid.width, y: w.y - grid.height, width: w.width + 2 * grid.width, height: w.height + 2 * grid.height};
    return planTiles({v, w, beyond, velocity, lookahead: this.host.lookaheadMs, grid});
  }

  /** @param {Rect} v */
  currentPlan(v) { return this.tilePlan(v); }
  /** @param {[number, number][]} plan */
  order(plan) { return plan; }

  /**
   * Tile k is in `plan` or in the plan at twice the last velocity measured, or one tile around them.
   * @param {Rect} v
   * @param {[number, number][]} plan
   * @returns {(k: [number, number]) => boolean}
   */
  keeps(v, plan) {
    let r0 = Infinity, r1 = -Infinity, c0 = Infinity, c1 = -Infinity;
    const last = this.host.velocity2;
    for (const [r, c] of [...plan, ...this.tilePlan(v, {x: 2 * last.x, y: 2 * last.y})]) {
      r0 = Math.min(r0, r); r1 = Math.max(r1, r); c0 = Math.min(c0, c); c1 = Math.max(c1, c);
    }
    return ([r, c]) => r >= r0 - 1 && r <= r1 + 1 && c >= c0 - 1 && c <= c1 + 1;
  }

  /** @param {[number, number]} k @param {any} options */
  request(k, options) { return this.host.client.gridTile(this.host.layoutId, k[0], k[1], options); }

  /** A grid's answers come several a frame: they are drawn once, at the next frame. @param {Rect} v */
  drawAnswer(v) { this.host.renderSoon(); }

  /**
   * The elements of the cached tiles that meet the drawn window, frozen cells at their places for `v`, and
   * whether every tile there is cached. A cell in several tiles (merged, frozen) is taken once. The window is a
   * quarter of the overscan on every side while the grid scrolls, half at rest (a 2-D margin costs its square in
   * views).
   * @param {Rect} v
   * @param {Point} velocity
   * @returns {Collected}
   */
  collect(v, velocity) {
    const host = this.host, g = this.grid, moving = velocity.x || velocity.y;
    const w = host.renderWindow(v, moving ? 0.25 : 0.5, velocity), out = new Map();
    const [r0, r1] = tileSpan(w.y, w.height, g.height, g.rows), [c0, c1] = tileSpan(w.x, w.width, g.width, g.columns);
    let complete = true;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const entry = host.cache.get(this.key([r, c]));
        if (!entry) { complete = false; continue; }
        for (const e of entry.elements) {
          const key = elementKey(e);
          if (out.has(key)) continue;
          if (intersects(e.stickyX || e.stickyY ? pinnedFrame(e, v) : e.frame, w)) out.set(key, e);
        }
      }
    }
    return {elements: [...out.values()], complete, rect: [w.x, w.y, w.width, w.height], offset: [v.x, v.y]};
  }
}

/**
 * Rect queries with the offset (`mode` "live": layouts whose answers depend on it, without tiles), one at a time;
 * when one answers, the newest position is asked next.
 */
export class LiveStrategy {
  /** @param {Virtualizer} host */
  constructor(host) {
    this.host = host;
    this.mode = "live";
    this.seq = 0;
    this.want = false;
  }

  /** @param {Rect} v */
  plan(v) {
    const host = this.host;
    this.want = true;
    if (host.liveFlight) return;  // one at a time; the newest position is asked when it answers
    this.want = false;
    const w = host.renderWindow(v), y = host.axis === "y";
    // Ahead in the direction of scrolling, by the distance one answer takes.
    const velocity = host.currentVelocity, ahead = Math.abs(velocity) * host.lookaheadMs;
    if (y) { if (velocity < 0) w.y -= ahead; w.height += ahead; } else { if (velocity < 0) w.x -= ahead; w.width += ahead; }
    const rect = [w.x, w.y, w.width, w.height], offset = [v.x, v.y];
    const key = `live:${host.layoutId}:${rect.join(",")}:${offset.join(",")}`;
    const cached = host.cache.get(key);
    if (cached && host.clock() - cached.time <= host.maxAge) {
      host.liveAnswer = {rect, offset, elements: cached.elements, seq: ++this.seq};
      return;
    }
    const controller = new AbortController(), generation = host.generation, seq = ++this.seq;
    host.liveFlight = {controller};
    host.stats.requests += 1;
    const started = host.clock();
    host.client.attributes(host.layoutId, rect, {offset, signal: controller.signal}).then((answer) => {
      host.liveFlight = null;
      if (generation !== host.generation) { host.stats.dropped += 1; return; }
      host.latency = 0.8 * host.latency + 0.2 * (host.clock() - started);
      const adjust = answer.contentOffsetAdjustment;
      if (adjust && (adjust.x || adjust.y)) {  // an infinite wheel left its central band: move by whole turns
        host.setScroll(v.x + adjust.x, v.y + adjust.y);
        // The scroll measured so far moved by the same turns: the velocity stays what it was.
        for (const p of host.tracker.trail) { p.x += adjust.x; p.y += adjust.y; }
        host.update();
        return;
      }
      const elements = answerElements(answer);
      host.cache.set(key, {elements, etag: answer.etag, time: host.clock()});
      if (!host.liveAnswer || seq > host.liveAnswer.seq) host.liveAnswer = {rect, offset, elements, seq};
      host.render();
      if (this.want) host.update();
    }, (error) => {
      host.liveFlight = null;
      if (isAbort(error) || generation !== host.generation) return;
      host.reportError(error);
    });
  }

  /**
   * The last answer: complete when it is for this very offset, else the best there is until the answer comes.
   * @param {Rect} v
   * @returns {Collected | null}
   */
  collect(v) {
    const a = this.host.liveAnswer;
    if (!a) return null;
    return {elements: a.elements, rect: a.rect, offset: a.offset, complete: a.offset[0] === v.x && a.offset[1] === v.y};
  }
}

/**
 * A fetch strategy.
 * @typedef {GridStrategy | TileStrategy | BandStrategy | LiveStrategy} Strategy
 */

/**
 * The strategy for a layout's summary: a grid's 2-D tiles, 1-D tiles, bands (answers independent of the offset)
 * or live queries.
 * @param {Virtualizer} host
 * @returns {Strategy}
 */
export function chooseStrategy(host) {
  const summary = host.summary, client = host.client;
  if (summary.tileGrid && typeof client.gridTile === "function") return new GridStrategy(host);
  if (summary.tile && typeof client.tile === "function") return new TileStrategy(host);
  return summary.boundsDependent ? new LiveStrategy(host) : new BandStrategy(host);
}
