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
    constructor(cap?: number);
    cap: number;
    /** The layout's length along the axis. */
    length: number;
    /** The view's length along the axis. */
    view: number;
    /** The layout's offset. */
    pos: number;
    /** The element's offset. */
    dom: number;
    /** @returns {boolean} the content is longer than the element can be */
    get capped(): boolean;
    /** @returns {number} */
    get maxPos(): number;
    /** @returns {number} */
    get maxDom(): number;
    /** @returns {number} */
    get margin(): number;
    /** @returns {number} the longest element move taken 1:1 */
    get jumpLimit(): number;
    /** @param {number} dom @returns {number} the layout offset proportional to an element offset */
    proportional(dom: number): number;
    /** @param {number} pos @returns {number} the element offset a layout offset is anchored at */
    anchorFor(pos: number): number;
    /**
     * The DOM moved to `dom`: moves the layout. Answers the DOM offset to set now (a re-anchor), or null.
     * @param {number} dom
     * @returns {number | null}
     */
    moved(dom: number): number | null;
    /**
     * The DOM is nearer an end than the layout is (within margin / 2; a pixel's rounding aside), or the layout is at
     * an end the DOM is not.
     * @returns {boolean}
     */
    stranded(): boolean;
}
