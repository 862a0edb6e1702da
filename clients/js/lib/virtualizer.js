// virtualizer.js: the DOM virtualizer. Keeps a scrolling element's DOM to what its viewport plus an overscan
// shows, fetching ahead of the scroll (a strategy per layout: strategies.js), caching answers, recycling views,
// pinning sticky headers and frozen cells, animating batch updates. See docs/clients.md.
import {renderWindow} from "./plans.js";
import {showCollapseProgress} from "./collapsing-header.js";
import {FetchState} from "./fetch-state.js";
import {ScrollMapping} from "./scroll-mapping.js";

/** @typedef {import("./scroll-axis.js").ScrollAxis} ScrollAxis */
import {VelocityTracker} from "./velocity.js";
import {chooseStrategy, GridStrategy, BandStrategy} from "./strategies.js";
import {ViewLayer} from "./views.js";
import {ScrollEffects} from "./scroll-effects.js";
import {animateUpdates, clientAreaChanged, flushSizes, measureSizes, resizeLayout} from "./updates.js";

/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").Size} Size */
/** @typedef {import("./elements.js").LayoutElement} LayoutElement */
/** @typedef {import("./elements.js").Summary} Summary */

/**
 * What a render drew: the elements, whether nothing in the window was missing, the window and the offset.
 * @typedef {{elements: LayoutElement[], complete: boolean, rect: number[], offset: number[]}} RenderInfo
 */

/**
 * The options of a Virtualizer (docs/clients.md has their table).
 * @typedef {object} VirtualizerOptions
 * @property {import("./http-client.js").LayoutClient} client
 * @property {string} [layoutId] the layout shown first
 * @property {HTMLElement} scrollElement the element that scrolls (`overflow: auto`)
 * @property {(e: LayoutElement) => HTMLElement} createView makes a view
 * @property {(view: HTMLElement, e: LayoutElement) => void} [updateView] fills a view for an element
 * @property {(view: HTMLElement, e: LayoutElement) => void} [recycleView] a view leaves, before it is reused
 * @property {number} [overscan] drawn beyond the viewport: a fraction of the view, or points when over 1; 0.5
 * @property {number} [cacheSize] answers kept; 48
 * @property {number} [maxInFlight] requests at once; 6
 * @property {number} [lookahead] ms of scrolling fetched ahead; measured when left out
 * @property {number} [maxAge] ms before an answer is revalidated; 300000
 * @property {"auto" | boolean} [columns] ask for `format=columns`; "auto"
 * @property {boolean} [selfSizing] measure cells and report their sizes
 * @property {number} [sizeBatchMs] sizes are sent in batches this far apart; 100
 * @property {boolean} [keepColumns] a waterfall's size reports keep every item in its column; false
 * @property {number} [poolSize] spare views kept; 64
 * @property {HTMLElement} [content] the element views are placed in
 * @property {(info: RenderInfo) => void} [onRender] after each draw
 * @property {(progress: number) => void} [onCollapse] a collapsing header's progress (0 to 1) at each draw; the
 *   scrolling element also gets it as the CSS variable `--collapse-progress`
 * @property {(error: any) => void} [onError] on a failed request
 * @property {number} [animationMs] batch updates' animation; 350
 * @property {number} [maxContentLength] longest content element; 16000000
 * @property {number} [settleMs] re-anchoring delay without `scrollend`; 200
 * @property {boolean} [followClientArea] re-lay out (POST bounds) when the element's client area changes; true
 * @property {() => number} [clock] milliseconds
 * @property {(f: () => void) => void} [requestFrame] requestAnimationFrame
 */


/** Keeps `scrollElement`'s DOM to the elements its viewport plus `overscan` shows. */
export class Virtualizer extends FetchState {
  /** @param {VirtualizerOptions} options */
  constructor({client, layoutId, scrollElement, createView, updateView = () => {}, recycleView = () => {},
    overscan = 0.5, cacheSize = 48, maxInFlight = 6, lookahead, maxAge = 300000, columns = "auto",
    selfSizing = false, sizeBatchMs = 100, keepColumns = false, poolSize = 64, content, onRender, onCollapse, onError, animationMs = 350,
    maxContentLength = 16000000, settleMs = 200, followClientArea = true, clock, requestFrame}) {
    super(client, {cacheSize, maxInFlight, maxAge, columns, lookahead, onError, clock});
    if (!client || !scrollElement || !createView) throw new TypeError("Virtualizer needs client, scrollElement and createView");
    /** @type {((info: RenderInfo) => void) | undefined} */
    this.onRender = onRender;
    /** @type {((progress: number) => void) | undefined} */
    this.onCollapse = onCollapse;
    this.scrollElement = scrollElement; this.createView = createView;
    this.updateView = updateView; this.recycleView = recycleView; this.overscan = overscan;
    this.selfSizing = selfSizing; this.sizeBatchMs = sizeBatchMs; this.animationMs = animationMs;
    this.keepColumns = keepColumns;
    this.maxContentLength = maxContentLength;
    this.scroll = new ScrollMapping(scrollElement, maxContentLength, settleMs, () => this.render());
    this.tracker = new VelocityTracker();
    /** @type {Map<string, {section: number, item: number, width: number, height: number}>} */
    this.sizeQueue = new Map();
    this.reported = new Set();
    /** @type {Summary} */
    this.summary = /** @type {any} */ (null);
    /** @type {import("./strategies.js").Strategy | null} */
    this.strategy = null;
    this.animating = false; this.holding = false; this.stale = false; this.renderPending = false;
    /** @type {{rect: number[], offset: number[]} | null} */
    this.lastComplete = null;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.restTimer = this.sizeTimer = null;
    this.layoutId = layoutId;
    /** @type {ScrollEffects | null} the layout's scroll effects and rows of their own (scroll-effects.js) */
    this.effects = null;
    /** @type {Map<number, number>} the offsets of rows that scroll on their own, by section (`setSectionOffset`) */
    this.sectionOffsets = new Map();
    this.readViewSize();
    /** The client area the layout is laid out for (`setLayout`, `resize`). */
    this.layoutSize = {...this.viewSize};
    const doc = scrollElement.ownerDocument || globalThis.document;
    let element = content || /** @type {HTMLElement | null} */ (scrollElement.firstElementChild);
    if (!element) element = scrollElement.appendChild(doc.createElement("div"));
    if (element.style) element.style.position = "relative";
    this.views = new ViewLayer(this, element, poolSize, doc);
    this.requestFrame = requestFrame || (globalThis.requestAnimationFrame ? (/** @type {() => void} */ f) => globalThis.requestAnimationFrame(f) : (/** @type {() => void} */ f) => setTimeout(f, 16));
    this.onScroll = () => this.update();
    if (scrollElement.addEventListener) scrollElement.addEventListener("scroll", this.onScroll, {passive: true});
    this.onScrollEnd = () => this.scroll.armSettle(true);
    if (this.scroll.scrollEnds) scrollElement.addEventListener("scrollend", this.onScrollEnd);
    // The client area (scroll bars excluded) as it changes: a scroll bar that comes with the content, the page's
    // own resizing. The layout is laid out again at the new size.
    this.resizeObserver = followClientArea && typeof ResizeObserver === "function"
      ? new ResizeObserver(() => clientAreaChanged(this)) : null;
    if (this.resizeObserver) this.resizeObserver.observe(scrollElement);
    this.ready = layoutId ? this.setLayout(layoutId) : Promise.resolve();
  }

  /** @returns {HTMLElement} the element views are placed in */
  get content() { return this.views.content; }
  /** @returns {import("./plans.js").ViewPool<HTMLElement>} */
  get pool() { return this.views.pool; }
  /** @returns {Map<string, import("./views.js").LiveView>} the views on screen by key */
  get live() { return this.views.live; }
  set live(map) { this.views.live = map; }
  /** @returns {Point} the last scroll velocity measured (points/ms) */
  get velocity2() { return this.tracker.velocity; }
  set velocity2(velocity) { this.tracker.velocity = velocity; }

  /**
   * Shows another layout (after a re-prepare). Answers its summary.
   * @param {string} layoutId
   * @param {Summary} [summary]
   * @returns {Promise<Summary>}
   */
  async setLayout(layoutId, summary) {
    this.layoutId = layoutId;
    const answer = summary || await this.client.summary(layoutId);
    if (this.layoutId !== layoutId) return answer;
    this.summary = answer;
    this.effects = ScrollEffects.of(answer);
    this.generation += 1;
    this.abortAll();
    this.cache.clear();
    this.sticky.clear();
    this.liveAnswer = null;
    this.holding = true;  // the views of the last layout stay until the new one can be drawn whole
    // The layout is taken to be for the client area before its content (the size a page reads to prepare it); the
    // scroll bars its content brings are then the new layout's, and a client area they change is re-laid out.
    this.readViewSize();
    this.layoutSize = {...this.viewSize};
    const size = this.domSize();
    if (this.content.style) { this.content.style.width = size.width + "px"; this.content.style.height = size.height + "px"; }
    this.readViewSize();
    this.strategy = chooseStrategy(this);
    this.update();
    return answer;
  }

  /** @returns {string} how data is fetched: "grid", "tiles", "bands" (aligned rects, no offset) or "live" */
  get mode() { return this.strategy && this.summary ? this.strategy.mode : "none"; }

  /** Reads the scrolling element's client size (scroll bars excluded): when a layout is shown, never on scroll
   * events. A client area that changes is laid out again (`clientAreaChanged`). */
  readViewSize() {
    /** @type {Size} */
    this.viewSize = {width: this.scrollElement.clientWidth, height: this.scrollElement.clientHeight};
  }

  /** @returns {"x" | "y"} the scroll axis: the tile's, else the one the content overflows */
  get axis() {
    if (this.summary && this.summary.tile) return this.summary.tile.axis;
    const s = this.summary && this.summary.contentSize, v = this.viewSize;
    return s && s.width > v.width + 0.5 && s.height <= v.height + 0.5 ? "x" : "y";
  }

  /** @returns {number} a band's length: the tile's, else a view's (at least 256) */
  get bandLength() {
    if (this.summary && this.summary.tile) return this.summary.tile.length;
    return Math.max(256, Math.ceil(this.axis === "y" ? this.viewSize.height : this.viewSize.width));
  }

  /** @returns {number} the last scroll velocity measured along the axis (points/ms) */
  get velocity() { return this.axis === "y" ? this.velocity2.y : this.velocity2.x; }
  /** @returns {number} the scroll velocity along the axis, 0 once no scroll event came for 150 ms */
  get currentVelocity() { const v = this.currentVelocity2; return this.axis === "y" ? v.y : v.x; }
  /** @returns {Point} the scroll velocity on both axes, 0 once no scroll event came for 150 ms */
  get currentVelocity2() { return this.tracker.current(this.clock()); }

  /** Reads the element's offsets (once per scroll event, or when asked): see ScrollMapping. */
  syncScroll() {
    this.scroll.sync(this.summary ? this.summary.contentSize : {width: 0, height: 0}, this.viewSize, this.maxContentLength);
  }

  /** @returns {ScrollAxis} */
  get axisX() { return this.scroll.x; }
  /** @returns {ScrollAxis} */
  get axisY() { return this.scroll.y; }

  /** Re-anchors each capped axis whose element is not where the layout's offset anchors it; draws if one moved. */
  settle() { this.scroll.settle(); }

  /** @param {boolean} [fresh] read the element now @returns {Rect} the visible rect in the layout's coordinates */
  viewport(fresh = false) {
    if (fresh) this.syncScroll();
    return this.scroll.viewport;
  }

  /** @returns {Point} where views go in the content element: layout coordinates plus this (0 unless capped) */
  shift() { return this.scroll.shift; }

  /** @returns {Point} the content offset in the layout's coordinates */
  offset() { const v = this.viewport(true); return {x: v.x, y: v.y}; }

  /** Scrolls to a layout offset. @param {number} x @param {number} y */
  setScroll(x, y) {
    this.syncScroll();
    this.scroll.setScroll(x, y);
  }

  /**
   * The visible rect plus a `share` of the overscan on every side, and ahead along `velocity` (`renderWindow`).
   * @param {Rect} [v] @param {number} [share] @param {Point} [velocity] @returns {Rect}
   */
  renderWindow(v = this.viewport(), share = 1, velocity = this.currentVelocity2) {
    return renderWindow(v, this.overscan, share, this.summary ? velocity : {x: 0, y: 0});
  }

  /** Tracks the scroll velocity, plans requests, and draws what the cache has. Called on every scroll event. */
  update() {
    if (!this.summary) return;
    const v = this.viewport(true), t = this.clock(), last = this.tracker.last;
    if (!last || t - last.t >= 8) {  // else too close to the last event to measure a speed
      this.tracker.measure(v, t);
      if (this.strategy instanceof GridStrategy) this.armRest();
    }
    this.plan(v);
  }

  /** A grid is at rest once no scroll event came for 150 ms: its plan at rest (the tiles beyond the overscan too)
   * is asked for and drawn then, by a timer just past that, whether or not an answer comes then to do it. */
  armRest() {
    if (this.restTimer) clearTimeout(this.restTimer);
    this.restTimer = setTimeout(() => { this.restTimer = null; this.rest(); }, 160);
  }

  rest() {
    if (!this.summary) return;
    // A busy main thread is no stop: if the element moved, its scroll event is still to come, and plans.
    const v = this.viewport(true), velocity = this.currentVelocity2, last = this.tracker.last;
    if (last && (v.x !== last.x || v.y !== last.y)) return;
    if (!velocity.x && !velocity.y) this.plan(v);
  }

  /** Asks for what `v` needs and draws what the cache has. @param {Rect} v */
  plan(v) {
    if (this.strategy) this.strategy.plan(v);
    this.render(v);
  }

  /** @param {any} k @returns {string} the cache's key of band (tile) k */
  bandKey(k) { return this.strategy && "key" in this.strategy ? this.strategy.key(k) : `${this.mode}:${this.layoutId}:${k}`; }

  /** A grid's tiles to have at `velocity`, nearest first. @param {Rect} [v] @param {Point} [velocity] */
  tilePlan(v = this.viewport(), velocity = this.currentVelocity2) {
    return this.strategy instanceof GridStrategy ? this.strategy.tilePlan(v, velocity) : [];
  }

  /** Draws at the next frame, unless a scroll event of that frame draws first (it draws what the cache has). */
  renderSoon() {
    this.stale = true;
    if (this.renderPending) return;
    this.renderPending = true;
    this.requestFrame(() => { this.renderPending = false; if (this.stale) this.render(); });
  }

  /** Draws what is known for the viewport now; `complete` when nothing in the render window is missing.
   * @param {Rect} [v] */
  render(v = this.viewport()) {
    if (!this.summary || !this.strategy || this.animating) return;
    this.stale = false;
    const collected = this.strategy.collect(v, this.currentVelocity2);
    if (!collected || (!collected.complete && this.holding)) return;
    this.holding = false;
    // Tiles and bands hold at every offset: the effects and row offsets are applied here, for this offset.
    if (this.effects) collected.elements = this.effects.apply(collected.elements, {x: v.x, y: v.y}, this.sectionOffsets);
    this.draw(collected.elements);
    if (collected.header) showCollapseProgress(this.scrollElement, collected.header.collapseProgress, this.onCollapse);
    this.stats.renders += 1;
    if (collected.complete) {
      this.stats.completeRenders += 1;
      this.lastComplete = {rect: collected.rect, offset: collected.offset};
    }
    if (this.selfSizing) this.measure();
    if (this.onRender) this.onRender(collected);
  }

  /**
   * Scrolls the row of section `section` (one that scrolls on its own: the summary's `tile.orthogonalSections`) to
   * `offset` along it, and draws.
   * @param {number} section
   * @param {number} offset
   */
  setSectionOffset(section, offset) {
    this.sectionOffsets.set(section, offset);
    this.render();
  }

  /** Makes the DOM show exactly `elements`. @param {LayoutElement[]} elements @param {(e: LayoutElement) => string} [keyOf] */
  draw(elements, keyOf) { this.views.draw(elements, this.shift(), keyOf); }

  /** @returns {Size} the content element's size: the layout's, capped at maxContentLength */
  domSize() {
    const size = this.summary.contentSize;
    return {width: Math.min(size.width, this.maxContentLength), height: Math.min(size.height, this.maxContentLength)};
  }

  /** Forgets every view (e.g. before a new layout of other data). */
  clear() { this.views.clear(); }

  /** Stops listening (scroll events, the client area's observer, timers) and aborts what is in flight. */
  destroy() {
    this.abortAll();
    this.scroll.cancel();
    for (const timer of [this.restTimer, this.sizeTimer]) if (timer) clearTimeout(timer);
    if (this.scrollElement.removeEventListener) {
      this.scrollElement.removeEventListener("scroll", this.onScroll);
      this.scrollElement.removeEventListener("scrollend", this.onScrollEnd);
    }
    if (this.resizeObserver) { this.resizeObserver.disconnect(); this.resizeObserver = null; }
    this.summary = /** @type {any} */ (null);
  }

  /**
   * The view changed size: POST bounds, show the new layout, and restore the offset it answers.
   * @param {{width?: number, height?: number, anchor?: unknown}} [size] the client area's when left out
   * @returns {Promise<any>}
   */
  resize(size = {}) { return resizeLayout(this, size); }

  /** Scrolls to a layout offset (the page's own scroll: no fling). @param {Point} offset */
  scrollToOffset({x, y}) {
    this.setScroll(x, y);
    this.tracker.reset();
    this.update();
  }

  /**
   * Scrolls to an item (`{section, item}` or [s, i]) or a section at `position`, as the service answers.
   * @param {{item?: number[] | {section: number, item: number}, section?: number, position?: string}} [target]
   * @returns {Promise<Point>}
   */
  async scrollToItem(target = {}) {
    const o = this.offset();
    const to = await this.client.scrollTo(/** @type {string} */ (this.layoutId), {...target, offset: [o.x, o.y]});
    this.scrollToOffset(to);
    return to;
  }

  /** Self-sizing: measures views whose content sets their size, and reports changed sizes in batches. */
  measure() {
    measureSizes(this);
    if (this.sizeQueue.size && !this.sizeTimer) this.sizeTimer = setTimeout(() => this.flushSizes(), this.sizeBatchMs);
  }

  /** Sends the queued sizes in one batch, shows the new layout and applies the offset answer. @returns {Promise<any>} */
  flushSizes() { this.sizeTimer = null; return flushSizes(this); }

  /**
   * performBatchUpdates: POSTs `batch` (`{updates, anchor?}`) with the render window and offset, animates every
   * before/after pair with the Web Animations API, then shows the new layout at the offset answered.
   * @param {{updates: object[], anchor?: unknown}} batch
   * @returns {Promise<any>}
   */
  applyUpdates(batch) { return animateUpdates(this, batch); }
}
