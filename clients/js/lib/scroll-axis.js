// scroll-axis.js: one axis of the mapping between a layout's offset and a scrolling element's, for content
// longer than a browser lays out. DOM-free.
import {clamp} from "./elements.js";

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
  /** @param {number} [cap] the longest content element (points) */
  constructor(cap = Infinity) {
    this.cap = cap;
    /** The layout's length along the axis. */
    this.length = 0;
    /** The view's length along the axis. */
    this.view = 0;
    /** The layout's offset. */
    this.pos = 0;
    /** The element's offset. */
    this.dom = 0;
  }
  /** @returns {boolean} the content is longer than the element can be */
  get capped() { return this.length > this.cap; }
  /** @returns {number} */
  get maxPos() { return Math.max(0, this.length - this.view); }
  /** @returns {number} */
  get maxDom() { return Math.max(0, Math.min(this.length, this.cap) - this.view); }
  /** @returns {number} */
  get margin() { return Math.min(this.maxDom / 4, Math.max(8 * this.view, this.maxDom / 100)); }
  /** @returns {number} the longest element move taken 1:1 */
  get jumpLimit() { return Math.max(4 * this.view, this.maxDom / Math.max(1, 4 * this.view)); }
  /** @param {number} dom @returns {number} the layout offset proportional to an element offset */
  proportional(dom) { return this.maxDom > 0 ? clamp(dom, 0, this.maxDom) * this.maxPos / this.maxDom : 0; }
  /** @param {number} pos @returns {number} the element offset a layout offset is anchored at */
  anchorFor(pos) {
    const m = this.margin, lo = Math.ceil(Math.min(pos, m)), hi = Math.floor(this.maxDom - Math.min(this.maxPos - pos, m));
    return clamp(Math.round(pos * this.maxDom / Math.max(1, this.maxPos)), lo, hi);
  }
  /**
   * The DOM moved to `dom`: moves the layout. Answers the DOM offset to set now (a re-anchor), or null.
   * @param {number} dom
   * @returns {number | null}
   */
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
  /**
   * The DOM is nearer an end than the layout is (within margin / 2; a pixel's rounding aside), or the layout is at
   * an end the DOM is not.
   * @returns {boolean}
   */
  stranded() {
    const half = this.margin / 2, room = this.maxDom - this.dom, left = this.maxPos - this.pos;
    return this.dom < Math.min(this.pos, half) - 1 || room < Math.min(left, half) - 1 ||
      (this.pos === 0 && this.dom !== 0) || (left === 0 && room !== 0);
  }
}
