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
    constructor(element: HTMLElement, cap: number, settleMs: number, settled: () => void);
    element: HTMLElement;
    x: ScrollAxis;
    y: ScrollAxis;
    settleMs: number;
    settled: () => void;
    scrollEnds: boolean;
    /** @type {ReturnType<typeof setTimeout> | null} */
    settleTimer: ReturnType<typeof setTimeout> | null;
    /**
     * Reads the element's offsets and moves the layout's; `length` is the layout's content size, `view` the client
     * area. Re-anchors an axis at once when it is stranded.
     * @param {Size} length
     * @param {Size} view
     * @param {number} cap
     */
    sync(length: Size, view: Size, cap: number): void;
    /** Sets the DOM offset of an axis, keeping the layout's (`pos`) where it is. @param {ScrollAxis} axis @param {number} dom */
    write(axis: any, dom: any): void;
    /** Once the scrolling has stopped, each capped axis is re-anchored (the scroll bar shows where the layout is; the
     * content stands still): `settleMs` after the browser's `scrollend` with no scroll event since, or `settleMs`
     * after the last scroll event where there is no `scrollend`. Chromium ends every scroll a page makes itself in a
     * `scrollend`: a page moving the element frame by frame is not re-anchored under it until it stops.
     * @param {boolean} [ended] called for a `scrollend`; else for a scroll event */
    armSettle(ended?: boolean): void;
    cancel(): void;
    /** Re-anchors each capped axis whose element is not where the layout's offset anchors it. */
    settle(): void;
    /** @returns {Rect} the visible rect in the layout's coordinates, as of the last sync */
    get viewport(): import("./elements.js").Rect;
    /** @returns {Point} where views go in the content element: layout coordinates plus this (0 unless capped) */
    get shift(): import("./elements.js").Point;
    /** Scrolls to a layout offset (after a sync). @param {number} x @param {number} y */
    setScroll(x: any, y: any): void;
}
export type Rect = import("./elements.js").Rect;
export type Point = import("./elements.js").Point;
export type Size = import("./elements.js").Size;
import { ScrollAxis } from "./scroll-axis.js";
