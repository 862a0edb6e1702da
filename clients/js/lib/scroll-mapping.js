// scroll-mapping.js: a scrolling element's offsets on both axes mapped to a layout's (a ScrollAxis each), for
// content longer than a browser lays out; re-anchored once the scrolling stops.
import {clamp} from "./elements.js";
import {ScrollAxis} from "./scroll-axis.js";

/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").Size} Size */

/**
 * Browsers cap an element's length (Chromium near 16.7 or 33.5 million pixels, Firefox near 17.9 million).
 * Content longer than `cap` scrolls a content element of that length, mapped per axis by a ScrollAxis: wheel
 * steps, keys and touch drags move the layout by the distance they move the element; only a drag of the scroll
 * bar's thumb maps proportionally. See docs/clients.md. The element's offsets are read once per scroll event
 * (`sync`) or when asked (`viewport(true)`, `setScroll`); its size is given (`viewSize`): a read after the views
 * were placed would make the browser lay the page out again at once.
 */
export class ScrollMapping {
  /**
   * @param {HTMLElement} element the scrolling element
   * @param {number} cap the longest content element
   * @param {number} settleMs re-anchoring delay where there is no `scrollend`
   * @param {() => void} settled called when a re-anchor moved the element (the views are to be placed again)
   */
  constructor(element, cap, settleMs, settled) {
    this.element = element;
    this.x = new ScrollAxis(cap);
    this.y = new ScrollAxis(cap);
    this.settleMs = settleMs;
    this.settled = settled;
    this.scrollEnds = "onscrollend" in element;
    /** @type {ReturnType<typeof setTimeout> | null} */
    this.settleTimer = null;
  }

  /**
   * Reads the element's offsets and moves the layout's; `length` is the layout's content size, `view` the client
   * area. Re-anchors an axis at once when it is stranded.
   * @param {Size} length
   * @param {Size} view
   * @param {number} cap
   */
  sync(length, view, cap) {
    const e = this.element;
    let moved = false;
    for (const [axis, l, v, dom] of /** @type {[ScrollAxis, number, number, number][]} */ ([
      [this.x, length.width, view.width, e.scrollLeft], [this.y, length.height, view.height, e.scrollTop]])) {
      axis.cap = cap;
      if (axis.length !== l || axis.view !== v) {  // another layout or view size: the same layout offset
        Object.assign(axis, {length: l, view: v});
        axis.pos = axis.capped ? clamp(axis.pos, 0, axis.maxPos) : axis.dom;
        if (axis.capped && axis.stranded()) this.write(axis, axis.anchorFor(axis.pos));
      }
      if (dom === axis.dom) continue;
      const anchor = axis.moved(dom);
      if (anchor !== null) this.write(axis, anchor);
      moved = moved || axis.capped;
    }
    if (moved) this.armSettle();
  }

  /** Sets the DOM offset of an axis, keeping the layout's (`pos`) where it is. @param {ScrollAxis} axis @param {number} dom */
  write(axis, dom) {
    const e = this.element, name = axis === this.x ? "scrollLeft" : "scrollTop";
    e[name] = dom;
    axis.dom = e[name];
    if (!axis.capped) axis.pos = axis.dom;
  }

  /** Once the scrolling has stopped, each capped axis is re-anchored (the scroll bar shows where the layout is; the
   * content stands still): `settleMs` after the browser's `scrollend` with no scroll event since, or `settleMs`
   * after the last scroll event where there is no `scrollend`. Chromium ends every scroll a page makes itself in a
   * `scrollend`: a page moving the element frame by frame is not re-anchored under it until it stops.
   * @param {boolean} [ended] called for a `scrollend`; else for a scroll event */
  armSettle(ended = false) {
    this.cancel();
    if (this.scrollEnds && !ended) return;
    this.settleTimer = setTimeout(() => { this.settleTimer = null; this.settle(); }, this.settleMs);
  }

  cancel() { if (this.settleTimer) { clearTimeout(this.settleTimer); this.settleTimer = null; } }

  /** Re-anchors each capped axis whose element is not where the layout's offset anchors it. */
  settle() {
    let moved = false;
    for (const axis of [this.x, this.y]) {
      if (!axis.capped) continue;
      const anchor = axis.anchorFor(axis.pos);
      if (Math.abs(anchor - axis.dom) >= 1) { this.write(axis, anchor); moved = true; }
    }
    if (moved) this.settled();
  }

  /** @returns {Rect} the visible rect in the layout's coordinates, as of the last sync */
  get viewport() { return {x: this.x.pos, y: this.y.pos, width: this.x.view, height: this.y.view}; }

  /** @returns {Point} where views go in the content element: layout coordinates plus this (0 unless capped) */
  get shift() { return {x: this.x.dom - this.x.pos, y: this.y.dom - this.y.pos}; }

  /** Scrolls to a layout offset (after a sync). @param {number} x @param {number} y */
  setScroll(x, y) {
    for (const [axis, value] of /** @type {[ScrollAxis, number][]} */ ([[this.x, x], [this.y, y]])) {
      if (!axis.capped) { this.write(axis, value); continue; }
      axis.pos = clamp(value, 0, axis.maxPos);
      this.write(axis, axis.anchorFor(axis.pos));
    }
  }
}
