// views.js: the DOM side of a virtualizer: views placed at their elements' frames, recycled by kind, frozen grid
// cells pinned by CSS sticky, measured for self-sizing.
import {elementKey, sameElement} from "./elements.js";
import {ViewPool} from "./plans.js";

/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").Size} Size */
/** @typedef {import("./elements.js").LayoutElement} LayoutElement */

/**
 * A view on screen: its DOM element, the element it shows, the shift it was placed with, its track when frozen.
 * @typedef {{view: HTMLElement, element: LayoutElement | null, shift?: Point, track?: HTMLElement | null}} LiveView
 */

/**
 * What a view layer asks of its owner: the page's callbacks and where views go.
 * @typedef {object} ViewHost
 * @property {(e: LayoutElement) => HTMLElement} createView
 * @property {(view: HTMLElement, e: LayoutElement) => void} updateView
 * @property {(view: HTMLElement, e: LayoutElement) => void} recycleView
 * @property {{created: number, reused: number}} stats
 * @property {() => Size} domSize the content element's size
 */

/** The views of a content element, keyed by element; spare ones pooled by category and kind. */
export class ViewLayer {
  /**
   * @param {ViewHost} host
   * @param {HTMLElement} content the element views are placed in
   * @param {number} poolSize spare views kept
   * @param {Document} doc the document tracks are made in
   */
  constructor(host, content, poolSize, doc) {
    this.host = host;
    this.doc = doc;
    this.content = content;
    /** @type {ViewPool<HTMLElement>} */
    this.pool = new ViewPool(poolSize);
    /** @type {Map<string, LiveView>} */
    this.live = new Map();
    /** @type {HTMLElement[]} spare tracks of frozen cells (setFrozen) */
    this.tracks = [];
  }

  /**
   * Makes the DOM show exactly `elements`, placed at their frames moved by `shift`: views leave first, so the new
   * ones reuse them.
   * @param {LayoutElement[]} elements
   * @param {Point} shift
   * @param {(e: LayoutElement) => string} [keyOf]
   */
  draw(elements, shift, keyOf = elementKey) {
    const keys = new Map();
    /** @type {Size | null} */
    let dom = null;  // the content element's size, for frozen cells
    for (const e of elements) keys.set(keyOf(e), e);
    for (const [key, entry] of this.live) {
      if (keys.has(key)) continue;
      this.live.delete(key);
      this.release(entry);
    }
    for (const [key, e] of keys) {
      let entry = this.live.get(key);
      if (!entry) {
        let view = this.pool.take(e);
        if (view) { this.host.stats.reused += 1; if (view.style) view.style.display = ""; }
        else {
          view = this.host.createView(e);
          this.host.stats.created += 1;
          if (view.style) view.style.position = "absolute";
          this.content.appendChild(view);
        }
        entry = {view, element: null};
        this.live.set(key, entry);
        if (view.dataset) view.dataset.key = key;
      }
      const frozen = Boolean(e.stickyX || e.stickyY);
      const moved = !entry.shift || entry.shift.x !== shift.x || entry.shift.y !== shift.y ||
        frozen !== Boolean(entry.track);
      if (entry.element !== e || moved) {
        const changed = !entry.element || !sameElement(entry.element, e);
        if (frozen !== Boolean(entry.track)) this.setFrozen(entry, frozen);
        if (frozen && (changed || moved)) {
          placeFrozen(/** @type {HTMLElement} */ (entry.track), entry.view, e, shift, dom || (dom = this.host.domSize()));
        } else if (changed || moved) place(entry.view, e, shift);
        if (changed) this.host.updateView(entry.view, e);
        entry.element = e;
        entry.shift = shift;
      }
    }
  }

  /**
   * A frozen grid cell (`stickyX`, `stickyY`) is drawn with CSS `position: sticky` inside a track: an absolutely
   * placed box spanning the places its ranges allow, so the browser pins it while it scrolls, with no script
   * running (see placeFrozen). Its view moves into a track, or back out of it.
   * @param {LiveView} entry
   * @param {boolean} frozen
   */
  setFrozen(entry, frozen) {
    const view = entry.view;
    if (frozen) {
      let track = this.tracks.pop();
      if (!track) {
        track = this.doc.createElement("div");
        if (track.style) Object.assign(track.style, {position: "absolute", display: "flex", pointerEvents: "none"});
      } else if (track.style) track.style.display = "flex";
      if (track.parentNode !== this.content) this.content.appendChild(track);
      track.appendChild(view);
      if (view.style) Object.assign(view.style, {position: "sticky", flex: "none", pointerEvents: "auto"});
      entry.track = track;
    } else if (entry.track) {
      this.content.appendChild(view);
      if (view.style) Object.assign(view.style, {position: "absolute", right: "", bottom: "", flex: "", pointerEvents: ""});
      if (entry.track.style) entry.track.style.display = "none";
      this.tracks.push(entry.track);
      entry.track = null;
    }
  }

  /** A view leaves: told to the page, then pooled (hidden) or removed. @param {LiveView} entry */
  release(entry) {
    if (entry.track) this.setFrozen(entry, false);
    const element = /** @type {LayoutElement} */ (entry.element);
    this.host.recycleView(entry.view, element);
    if (entry.view.dataset) entry.view.dataset.key = "";
    if (this.pool.put(element, entry.view)) { if (entry.view.style) entry.view.style.display = "none"; }
    else if (entry.view.remove) entry.view.remove();
    else this.content.removeChild(entry.view);
  }

  /** Releases every view. */
  clear() {
    for (const entry of this.live.values()) this.release(entry);
    this.live.clear();
  }
}

/**
 * Positions a view for an element, moved by `shift` (a scaled content's offset).
 * @param {HTMLElement} view
 * @param {LayoutElement} e
 * @param {Point} [shift]
 */
export function place(view, e, shift = {x: 0, y: 0}) {
  const s = view.style;
  if (!s) return;
  const f = e.frame;
  s.left = f.x + shift.x + "px"; s.top = f.y + shift.y + "px"; s.width = f.width + "px"; s.height = f.height + "px";
  Object.assign(s, {zIndex: e.zIndex ?? 0, opacity: e.alpha ?? 1, visibility: e.hidden ? "hidden" : ""});
  // CATransform3D is row-vector m11...m44; CSS's matrix3d takes the column-vector matrix column by column:
  // the same sequence of numbers.
  s.transform = e.transform3D ? `matrix3d(${e.transform3D.join(",")})` : "";
}

/**
 * Places a frozen cell's track and view. Along a pinned axis the track spans [min, max + length] (clipped to the
 * content element), and the view sits at the track's start with `top: inset` / `left: inset` (edge leading) or at
 * its end with `bottom: inset` / `right: inset` (trailing): CSS sticky then puts it at clamp(p, min, max) as
 * pinnedFrame does, exactly the grid's pinning. Along an axis it is not pinned on, the track is its frame.
 * @param {HTMLElement} track
 * @param {HTMLElement} view
 * @param {LayoutElement} e
 * @param {Point} shift
 * @param {Size} dom the content element's size
 */
function placeFrozen(track, view, e, shift, dom) {
  const f = e.frame;
  /** @param {import("./elements.js").StickyRange | undefined} s @param {number} start @param {number} length
   * @param {number} by @param {number} limit @returns {[number, number, string | null, string]} */
  const span = (s, start, length, by, limit) => {
    if (!s) return [start + by, length, null, ""];
    const lo = Math.max(0, s.min + by), hi = Math.min(limit, s.max + length + by);
    return [lo, Math.max(length, hi - lo), s.edge, (s.inset || 0) + "px"];
  };
  const [x, width, ex, ix] = span(e.stickyX, f.x, f.width, shift.x, dom.width);
  const [y, height, ey, iy] = span(e.stickyY, f.y, f.height, shift.y, dom.height);
  if (track.style) {
    Object.assign(track.style, {left: x + "px", top: y + "px", width: width + "px", height: height + "px",
      zIndex: e.zIndex ?? 0, justifyContent: ex === "trailing" ? "flex-end" : "flex-start",
      alignItems: ey === "trailing" ? "flex-end" : "flex-start"});
  }
  const s = view.style;
  if (!s) return;
  Object.assign(s, {left: ex === "leading" ? ix : "auto", right: ex === "trailing" ? ix : "auto",
    top: ey === "leading" ? iy : "auto", bottom: ey === "trailing" ? iy : "auto",
    width: f.width + "px", height: f.height + "px", zIndex: "", opacity: e.alpha ?? 1,
    visibility: e.hidden ? "hidden" : "", transform: ""});
}

/**
 * The keyframe of an element's frame, alpha and transform (Web Animations).
 * @param {LayoutElement} e
 * @param {Point} [shift]
 * @returns {Keyframe}
 */
export function frameKeyframe(e, shift = {x: 0, y: 0}) {
  const f = e.frame;
  return {left: f.x + shift.x + "px", top: f.y + shift.y + "px", width: f.width + "px", height: f.height + "px", opacity: e.alpha ?? 1,
    transform: e.transform3D ? `matrix3d(${e.transform3D.join(",")})` : "none"};
}

/**
 * A view's size with its length along `axis` set to `auto` (self-sizing), or its element's frame without layout.
 * @param {HTMLElement} view
 * @param {LayoutElement} e
 * @param {"x" | "y"} axis
 * @returns {Size}
 */
export function measureView(view, e, axis) {
  if (!view.style || view.offsetHeight === undefined) return {width: e.frame.width, height: e.frame.height};
  const s = view.style, saved = axis === "y" ? s.height : s.width;
  if (axis === "y") s.height = "auto"; else s.width = "auto";
  const size = {width: view.offsetWidth, height: view.offsetHeight};
  if (axis === "y") s.height = saved; else s.width = saved;
  return size;
}
