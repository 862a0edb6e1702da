/**
 * Elements of a columnar answer (`format=columns`) as the full format's objects. A cell gets `rowSpan` and
 * `columnSpan` only when it is merged (either is not 1), and `level` only when it is an outline row, as the full
 * format gives them.
 * @param {any} answer a columnar answer: `count`, `section`, `item`, `x`, `y`, `width`, `height`, ...
 * @returns {LayoutElement[]}
 */
export function columnsToElements(answer: any): LayoutElement[];
/**
 * The elements of a rect or tile answer, in either format.
 * @param {any} answer
 * @returns {LayoutElement[]}
 */
export function answerElements(answer: any): LayoutElement[];
/**
 * A stable key per element: `cell/s/i`, `supplementary/kind/s/i`, `decoration/kind/s/i`.
 * @param {LayoutElement} e
 * @returns {string}
 */
export function elementKey(e: LayoutElement): string;
/**
 * The coordinate along `axis` of a sticky element at scroll position `pos` in a view `viewLength` long: its range's
 * `clamp(p, min, max)`, p being `pos` plus `inset` (`leading`) or the view's end less `inset` and the element's
 * length (`trailing`); a header's or footer's `inset` is the content inset on that side (0 when left out).
 * @param {LayoutElement} e an element with `sticky`
 * @param {number} pos
 * @param {number} viewLength
 * @param {"x" | "y"} [axis]
 * @returns {number}
 */
export function stickyCoordinate(e: LayoutElement, pos: number, viewLength: number, axis?: "x" | "y"): number;
/**
 * The frame of a frozen grid cell (one with `stickyX` and/or `stickyY`: `{edge, min, max, inset}`) for the visible
 * rect `v` ({x, y, width, height}): along each pinned axis at `clamp(p, min, max)`, p being the visible minimum
 * edge plus `inset` (`leading`) or the maximum edge less `inset` and the cell's length (`trailing`), as
 * `attributes?rect=...&offset=v.x,v.y` answers it.
 * @param {LayoutElement} e
 * @param {Rect} v
 * @returns {Rect}
 */
export function pinnedFrame(e: LayoutElement, v: Rect): Rect;
/**
 * Whether two rects meet (closed: touching counts, as rect queries do).
 * @param {Rect} f
 * @param {Rect} w
 * @returns {boolean}
 */
export function intersects(f: Rect, w: Rect): boolean;
/**
 * Whether two elements draw alike (frame, z-order, alpha, hidden, transform).
 * @param {LayoutElement} a
 * @param {LayoutElement} b
 * @returns {boolean}
 */
export function sameElement(a: LayoutElement, b: LayoutElement): boolean;
export function clamp(v: number, lo: number, hi: number): number;
export type Point = {
    x: number;
    y: number;
};
export type Rect = {
    x: number;
    y: number;
    width: number;
    height: number;
};
export type Size = {
    width: number;
    height: number;
};
/**
 * Where an element may be pinned along one axis: at `clamp(p, min, max)` (docs/api.md).
 */
export type StickyRange = {
    edge: "leading" | "trailing" | string;
    min: number;
    max: number;
    inset?: number;
};
/**
 * One element of an answer, in the full format's shape.
 */
export type LayoutElement = {
    category: "cell" | "supplementary" | "decoration" | string;
    section: number;
    item: number;
    frame: Rect;
    /**
     * a supplementary or decoration view's kind
     */
    kind?: string;
    zIndex?: number;
    alpha?: number;
    hidden?: boolean;
    transform3D?: number[];
    /**
     * a pinned header or footer (along the tile axis)
     */
    sticky?: StickyRange;
    /**
     * a frozen grid cell, along x
     */
    stickyX?: StickyRange;
    /**
     * a frozen grid cell, along y
     */
    stickyY?: StickyRange;
    /**
     * a merged grid cell's rows
     */
    rowSpan?: number;
    /**
     * a merged grid cell's columns
     */
    columnSpan?: number;
    /**
     * a collapsing header's progress, 0 (expanded) to 1 (collapsed)
     */
    collapseProgress?: number;
    /**
     * an outline row's level (a section with an `outline`)
     */
    level?: number;
};
/**
 * A layout's summary (`POST /v1/layouts`, `GET /v1/layouts/{id}`), as far as the client reads it.
 */
export type Summary = {
    id: string;
    contentSize: Size;
    /**
     * its answers depend on the offset (pinned headers, wheels)
     */
    boundsDependent?: boolean;
    /**
     * 1-D tiles, and the collapsing header they leave out
     */
    tile?: {
        axis: "x" | "y";
        length: number;
        collapsingHeader?: import("./collapsing-header.js").CollapsingHeader;
    };
    /**
     * a grid's 2-D tiles
     */
    tileGrid?: {
        width: number;
        height: number;
        rows: number;
        columns: number;
    };
};
