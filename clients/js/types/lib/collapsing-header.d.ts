/**
 * The header's y and height when the visible area's top is at `t` (the content offset's y + contentInset.top).
 * @param {CollapsingHeader} h
 * @param {number} t
 * @returns {{y: number, height: number}}
 */
export function collapsingHeaderPlace(h: CollapsingHeader, t: number): {
    y: number;
    height: number;
};
/**
 * `collapseProgress` of a header `height` tall: (E - height) / (E - C) clamped to [0, 1]; 0 when C = E.
 * @param {CollapsingHeader} h
 * @param {number} height
 */
export function collapseProgress(h: CollapsingHeader, height: number): number;
/**
 * Where pinned headers stick with the visible area's top at `t`: below the header's visible bottom.
 * @param {CollapsingHeader} h
 * @param {number} t
 */
export function collapsingHeaderPinEdge(h: CollapsingHeader, t: number): number;
/**
 * The header's element at scroll position `offsetY` in a view `width` wide, as the service answers it.
 * @param {CollapsingHeader} h
 * @param {number} offsetY
 * @param {number} width
 * @returns {import("./elements.js").LayoutElement & {collapseProgress: number}}
 */
export function collapsingHeaderElement(h: CollapsingHeader, offsetY: number, width: number): import("./elements.js").LayoutElement & {
    collapseProgress: number;
};
/**
 * Where a leading sticky element (`sticky.edge` "leading": a pinned header or top boundary item) goes at scroll
 * position `offsetY` under the header: clamp(pin edge, min, max). Trailing ones (footers) are unchanged.
 * @param {CollapsingHeader} h
 * @param {import("./elements.js").StickyRange} s
 * @param {number} offsetY
 */
export function stickyUnderCollapsingHeader(h: CollapsingHeader, s: import("./elements.js").StickyRange, offsetY: number): number;
/**
 * Places `elements` (a key → element map of what a frame draws, pinned ones already placed) for scroll position
 * `offsetY` under the header: the header itself at this offset (in place of any answer's), and leading sticky
 * elements below its visible bottom. Changes `out` in place.
 * @param {Map<string, import("./elements.js").LayoutElement>} out
 * @param {CollapsingHeader} h
 * @param {number} offsetY
 * @param {number} width the view's width
 */
export function placeUnderCollapsingHeader(out: Map<string, import("./elements.js").LayoutElement>, h: CollapsingHeader, offsetY: number, width: number): import("./elements.js").LayoutElement & {
    collapseProgress: number;
};
/**
 * Shows the header's progress on `target` (the scrolling element) as the CSS variable `--collapse-progress`, and
 * gives it to `callback` when there is one.
 * @param {{style?: {setProperty?: (name: string, value: string) => void}} | null} target
 * @param {number} progress
 * @param {((progress: number) => void) | undefined} [callback]
 */
export function showCollapseProgress(target: {
    style?: {
        setProperty?: (name: string, value: string) => void;
    };
}, progress: number, callback?: (progress: number) => void): void;
/**
 * The header as the summary's `tile` describes it.
 * @typedef {object} CollapsingHeader
 * @property {number} expandedHeight E
 * @property {number} collapsedHeight C
 * @property {"pinned" | "scroll" | string} behavior
 * @property {boolean} stretch
 * @property {number} zIndex
 * @property {number} [contentInsetTop]
 */
/** The header's element kind. */
export const COLLAPSING_HEADER_KIND: "collapsingHeader";
/**
 * The header as the summary's `tile` describes it.
 */
export type CollapsingHeader = {
    /**
     * E
     */
    expandedHeight: number;
    /**
     * C
     */
    collapsedHeight: number;
    behavior: "pinned" | "scroll" | string;
    stretch: boolean;
    zIndex: number;
    contentInsetTop?: number;
};
