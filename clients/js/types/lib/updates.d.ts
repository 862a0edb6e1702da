/** @typedef {import("./virtualizer.js").Virtualizer} Virtualizer */
/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").LayoutElement} LayoutElement */
/**
 * Shows the new layout of an answer at the offset it answers (`contentOffset`, or the offset moved by
 * `contentOffsetAdjustment`).
 * @param {Virtualizer} virtualizer
 * @param {any} answer
 * @param {Point} offset the offset the request was made at
 */
export function applyOffsetAnswer(virtualizer: Virtualizer, answer: any, offset: Point): void;
/**
 * The view changed size: POST bounds at `width` × `height` (the client area's when left out), show the new layout,
 * and restore the offset it answers.
 * @param {Virtualizer} virtualizer
 * @param {{width?: number, height?: number, anchor?: unknown}} size
 * @returns {Promise<any>}
 */
export function resizeLayout(virtualizer: Virtualizer, { width, height, anchor }: {
    width?: number;
    height?: number;
    anchor?: unknown;
}): Promise<any>;
/**
 * The scrolling element's client area changed (a ResizeObserver's callback): a scroll bar came or went with the
 * content, or the page resized the element. The layout is laid out again at the new size (`resize`), unless it is
 * laid out at that size already.
 * @param {Virtualizer} virtualizer
 */
export function clientAreaChanged(virtualizer: Virtualizer): void;
/**
 * Sends the queued sizes in one batch (keeping a waterfall's columns with the `keepColumns` option), shows the
 * new layout and applies the offset answer.
 * @param {Virtualizer} virtualizer
 * @returns {Promise<any>}
 */
export function flushSizes(virtualizer: Virtualizer): Promise<any>;
/**
 * Self-sizing: measures the views whose content sets their size, and queues the sizes that changed.
 * @param {Virtualizer} virtualizer
 */
export function measureSizes(virtualizer: Virtualizer): void;
/**
 * performBatchUpdates: POSTs `batch` with the render window and offset, animates every before/after pair with the
 * Web Animations API, then shows the new layout at the offset answered. Drawing resumes however the animation
 * ends (an exception in the page's `updateView` included).
 * @param {Virtualizer} virtualizer
 * @param {{updates: object[], anchor?: unknown}} batch
 * @returns {Promise<any>} the answer: the new layout and its animations
 */
export function animateUpdates(virtualizer: Virtualizer, batch: {
    updates: object[];
    anchor?: unknown;
}): Promise<any>;
export type Virtualizer = import("./virtualizer.js").Virtualizer;
export type Point = import("./elements.js").Point;
export type LayoutElement = import("./elements.js").LayoutElement;
