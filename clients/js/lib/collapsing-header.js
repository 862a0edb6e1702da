// collapsing-header.js: a layout's collapsing header (docs/specs.md, "Collapsing headers") at any scroll position,
// from the summary's `tile.collapsingHeader`: its frame and progress, and the edge pinned headers stick to below
// it. Tiles leave the header out (it follows the offset); the virtualizer places it every frame with these.
// DOM-free but for `showCollapseProgress`.

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
export const COLLAPSING_HEADER_KIND = "collapsingHeader";

/**
 * The header's y and height when the visible area's top is at `t` (the content offset's y + contentInset.top).
 * @param {CollapsingHeader} h
 * @param {number} t
 * @returns {{y: number, height: number}}
 */
export function collapsingHeaderPlace(h, t) {
  const e = h.expandedHeight, c = h.collapsedHeight;
  if (t < 0) return h.stretch ? {y: t, height: e - t} : {y: 0, height: e};
  return {y: h.behavior === "scroll" ? Math.min(t, e - c) : t, height: Math.max(c, e - t)};
}

/**
 * `collapseProgress` of a header `height` tall: (E - height) / (E - C) clamped to [0, 1]; 0 when C = E.
 * @param {CollapsingHeader} h
 * @param {number} height
 */
export function collapseProgress(h, height) {
  const range = h.expandedHeight - h.collapsedHeight;
  return range > 0 ? Math.min(1, Math.max(0, (h.expandedHeight - height) / range)) : 0;
}

/**
 * Where pinned headers stick with the visible area's top at `t`: below the header's visible bottom.
 * @param {CollapsingHeader} h
 * @param {number} t
 */
export function collapsingHeaderPinEdge(h, t) {
  const {y, height} = collapsingHeaderPlace(h, t);
  return t + Math.max(0, y + height - t);
}

/**
 * The header's element at scroll position `offsetY` in a view `width` wide, as the service answers it.
 * @param {CollapsingHeader} h
 * @param {number} offsetY
 * @param {number} width
 * @returns {import("./elements.js").LayoutElement & {collapseProgress: number}}
 */
export function collapsingHeaderElement(h, offsetY, width) {
  const {y, height} = collapsingHeaderPlace(h, offsetY + (h.contentInsetTop || 0));
  return {category: "supplementary", kind: COLLAPSING_HEADER_KIND, section: 0, item: 0,
    frame: {x: 0, y, width, height}, zIndex: h.zIndex, alpha: 1, hidden: false,
    collapseProgress: collapseProgress(h, height)};
}

/**
 * Where a leading sticky element (`sticky.edge` "leading": a pinned header or top boundary item) goes at scroll
 * position `offsetY` under the header: clamp(pin edge, min, max). Trailing ones (footers) are unchanged.
 * @param {CollapsingHeader} h
 * @param {import("./elements.js").StickyRange} s
 * @param {number} offsetY
 */
export function stickyUnderCollapsingHeader(h, s, offsetY) {
  const edge = collapsingHeaderPinEdge(h, offsetY + (h.contentInsetTop || 0));
  return Math.min(Math.max(edge, s.min), s.max);
}

/**
 * Places `elements` (a key → element map of what a frame draws, pinned ones already placed) for scroll position
 * `offsetY` under the header: the header itself at this offset (in place of any answer's), and leading sticky
 * elements below its visible bottom. Changes `out` in place.
 * @param {Map<string, import("./elements.js").LayoutElement>} out
 * @param {CollapsingHeader} h
 * @param {number} offsetY
 * @param {number} width the view's width
 */
export function placeUnderCollapsingHeader(out, h, offsetY, width) {
  for (const [key, e] of out) {
    if (e.kind === COLLAPSING_HEADER_KIND && e.category === "supplementary") { out.delete(key); continue; }
    if (e.sticky && e.sticky.edge === "leading") {
      out.set(key, {...e, frame: {...e.frame, y: stickyUnderCollapsingHeader(h, e.sticky, offsetY)}});
    }
  }
  const header = collapsingHeaderElement(h, offsetY, width);
  out.set(`supplementary/${COLLAPSING_HEADER_KIND}/0/0`, header);
  return header;
}

/**
 * Shows the header's progress on `target` (the scrolling element) as the CSS variable `--collapse-progress`, and
 * gives it to `callback` when there is one.
 * @param {{style?: {setProperty?: (name: string, value: string) => void}} | null} target
 * @param {number} progress
 * @param {((progress: number) => void) | undefined} [callback]
 */
export function showCollapseProgress(target, progress, callback) {
  if (target && target.style && typeof target.style.setProperty === "function") {
    target.style.setProperty("--collapse-progress", String(progress));
  }
  if (callback) callback(progress);
}
