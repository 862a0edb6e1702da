// elements.js: the elements of the service's answers (either format), their keys, and where sticky and frozen
// ones stand for a visible rect. DOM-free.

/** @typedef {{x: number, y: number}} Point */
/** @typedef {{x: number, y: number, width: number, height: number}} Rect */
/** @typedef {{width: number, height: number}} Size */

/**
 * Where an element may be pinned along one axis: at `clamp(p, min, max)` (docs/api.md).
 * @typedef {{edge: "leading" | "trailing" | string, min: number, max: number, inset?: number}} StickyRange
 */

/**
 * One element of an answer, in the full format's shape.
 * @typedef {object} LayoutElement
 * @property {"cell" | "supplementary" | "decoration" | string} category
 * @property {number} section
 * @property {number} item
 * @property {Rect} frame
 * @property {string} [kind] a supplementary or decoration view's kind
 * @property {number} [zIndex]
 * @property {number} [alpha]
 * @property {boolean} [hidden]
 * @property {number[]} [transform3D]
 * @property {StickyRange} [sticky] a pinned header or footer (along the tile axis)
 * @property {StickyRange} [stickyX] a frozen grid cell, along x
 * @property {StickyRange} [stickyY] a frozen grid cell, along y
 * @property {number} [rowSpan] a merged grid cell's rows
 * @property {number} [columnSpan] a merged grid cell's columns
 * @property {number} [collapseProgress] a collapsing header's progress, 0 (expanded) to 1 (collapsed)
 * @property {number} [level] an outline row's level (a section with an `outline`)
 */

/**
 * A layout's summary (`POST /v1/layouts`, `GET /v1/layouts/{id}`), as far as the client reads it.
 * @typedef {object} Summary
 * @property {string} id
 * @property {Size} contentSize
 * @property {boolean} [boundsDependent] its answers depend on the offset (pinned headers, wheels)
 * @property {{axis: "x" | "y", length: number, collapsingHeader?: import("./collapsing-header.js").CollapsingHeader}} [tile]
 *   1-D tiles, and the collapsing header they leave out
 * @property {{width: number, height: number, rows: number, columns: number}} [tileGrid] a grid's 2-D tiles
 */

const CATEGORIES = ["cell", "supplementary", "decoration"];

/**
 * Elements of a columnar answer (`format=columns`) as the full format's objects. A cell gets `rowSpan` and
 * `columnSpan` only when it is merged (either is not 1), and `level` only when it is an outline row, as the full
 * format gives them.
 * @param {any} answer a columnar answer: `count`, `section`, `item`, `x`, `y`, `width`, `height`, ...
 * @returns {LayoutElement[]}
 */
export function columnsToElements(answer) {
  const n = answer.count ?? (answer.x ? answer.x.length : 0);
  const out = new Array(n);
  for (let i = 0; i < n; i++) {
    /** @type {LayoutElement} */
    const e = {
      category: answer.category ? CATEGORIES[answer.category[i]] : "cell",
      section: answer.section[i], item: answer.item[i],
      frame: {x: answer.x[i], y: answer.y[i], width: answer.width[i], height: answer.height[i]},
      zIndex: answer.zIndex ? answer.zIndex[i] : 0,
      alpha: answer.alpha ? answer.alpha[i] : 1,
      hidden: answer.hidden ? answer.hidden[i] : false,
    };
    const kind = answer.kind ? answer.kind[i] : null;
    if (kind != null) e.kind = kind;
    if (answer.transform3D && answer.transform3D[i]) e.transform3D = answer.transform3D[i];
    for (const name of /** @type {const} */ (["sticky", "stickyX", "stickyY"])) {
      const s = answer[name] ? answer[name][i] : null;
      if (s) e[name] = !Array.isArray(s) ? s : s.length > 3 ? {edge: s[0], min: s[1], max: s[2], inset: s[3]}
        : {edge: s[0], min: s[1], max: s[2]};
    }
    const rowSpan = answer.rowSpan ? answer.rowSpan[i] ?? 1 : 1;
    const columnSpan = answer.columnSpan ? answer.columnSpan[i] ?? 1 : 1;
    if (rowSpan !== 1 || columnSpan !== 1) { e.rowSpan = rowSpan; e.columnSpan = columnSpan; }
    const progress = answer.collapseProgress ? answer.collapseProgress[i] : null;
    if (progress != null) e.collapseProgress = progress;
    if (answer.level && answer.level[i] != null) e.level = answer.level[i];
    out[i] = e;
  }
  return out;
}

/**
 * The elements of a rect or tile answer, in either format.
 * @param {any} answer
 * @returns {LayoutElement[]}
 */
export function answerElements(answer) {
  if (Array.isArray(answer.elements)) return answer.elements;
  if (Array.isArray(answer.x)) return columnsToElements(answer);
  return [];
}

/**
 * A stable key per element: `cell/s/i`, `supplementary/kind/s/i`, `decoration/kind/s/i`.
 * @param {LayoutElement} e
 * @returns {string}
 */
export function elementKey(e) {
  return e.category === "cell" || !e.category ? `cell/${e.section}/${e.item}` : `${e.category}/${e.kind}/${e.section}/${e.item}`;
}

/**
 * Where a range `s` ({edge, min, max, inset}) pins an element `length` long when the visible span starts at `pos`
 * and is `view` long: `clamp(p, min, max)`, p being `pos + inset` (`leading`) or `pos + view - inset - length`
 * (`trailing`), as CSS `position: sticky` with `top: inset` / `bottom: inset` does.
 * @param {StickyRange} s
 * @param {number} length
 * @param {number} pos
 * @param {number} view
 */
function pin(s, length, pos, view) {
  const inset = s.inset || 0, p = s.edge === "trailing" ? pos + view - inset - length : pos + inset;
  return Math.min(Math.max(p, s.min), s.max);
}

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
export function stickyCoordinate(e, pos, viewLength, axis = "y") {
  return pin(/** @type {StickyRange} */ (e.sticky), axis === "y" ? e.frame.height : e.frame.width, pos, viewLength);
}

/**
 * The frame of a frozen grid cell (one with `stickyX` and/or `stickyY`: `{edge, min, max, inset}`) for the visible
 * rect `v` ({x, y, width, height}): along each pinned axis at `clamp(p, min, max)`, p being the visible minimum
 * edge plus `inset` (`leading`) or the maximum edge less `inset` and the cell's length (`trailing`), as
 * `attributes?rect=...&offset=v.x,v.y` answers it.
 * @param {LayoutElement} e
 * @param {Rect} v
 * @returns {Rect}
 */
export function pinnedFrame(e, v) {
  const f = e.frame;
  return {x: e.stickyX ? pin(e.stickyX, f.width, v.x, v.width) : f.x,
    y: e.stickyY ? pin(e.stickyY, f.height, v.y, v.height) : f.y, width: f.width, height: f.height};
}

/**
 * Whether two rects meet (closed: touching counts, as rect queries do).
 * @param {Rect} f
 * @param {Rect} w
 * @returns {boolean}
 */
export function intersects(f, w) {
  return f.x <= w.x + w.width && f.x + f.width >= w.x && f.y <= w.y + w.height && f.y + f.height >= w.y;
}

/**
 * Whether two elements draw alike (frame, z-order, alpha, hidden, transform).
 * @param {LayoutElement} a
 * @param {LayoutElement} b
 * @returns {boolean}
 */
export function sameElement(a, b) {
  const f = a.frame, g = b.frame;
  return f.x === g.x && f.y === g.y && f.width === g.width && f.height === g.height && a.zIndex === b.zIndex &&
    a.alpha === b.alpha && a.hidden === b.hidden && String(a.transform3D) === String(b.transform3D);
}

/**
 * `v` within [lo, hi].
 * @param {number} v
 * @param {number} lo
 * @param {number} hi
 * @returns {number}
 */
export const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
