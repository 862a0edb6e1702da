// velocity.js: the scroll velocity, measured from scroll events. DOM-free.
import {clamp} from "./elements.js";

/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */

/**
 * The scroll velocity ({x, y}, points/ms) from the scroll events of the last 100 ms or so (`trail`).
 */
export class VelocityTracker {
  constructor() {
    /** @type {{t: number, x: number, y: number}[]} the scroll events measured over */
    this.trail = [];
    /** @type {Point} the last velocity measured (points/ms) */
    this.velocity = {x: 0, y: 0};
  }

  /** @returns {{t: number, x: number, y: number} | null} the last scroll event */
  get last() { return this.trail.at(-1) ?? null; }

  /**
   * The velocity at `t`: the last one measured, or 0 once no scroll event came for 150 ms.
   * @param {number} t
   * @returns {Point}
   */
  current(t) { return this.last && t - this.last.t < 150 ? {...this.velocity} : {x: 0, y: 0}; }

  /** Forgets the scroll so far (the page's own scroll is no fling). */
  reset() { this.trail = []; this.velocity = {x: 0, y: 0}; }

  /**
   * Measures the velocity at a scroll event at `t` showing `v`, and keeps it: the distance moved since the event
   * 100 ms (or a little more) before, so that an event dispatched a frame late or early neither halves nor
   * doubles it; from the last event when the scroll turned back. After a pause (250 ms) the scroll moved within
   * the last frame: a fling starts at the speed of the finger that let go. Over 50 points/ms (50,000 a second) and
   * 8 views is a jump, not a fling: 0, and measured afresh from there, as after the page scrolled itself.
   * @param {Rect} v
   * @param {number} t
   * @returns {Point}
   */
  measure(v, t) {
    const last = this.last;
    if (last) {
      const dt = t - last.t, frame = dt >= 250 ? 1000 / 60 : dt;
      /** @param {"x" | "y"} axis @param {number} view */
      const jump = (axis, view) => Math.abs(v[axis] - last[axis]) > Math.max(50 * frame, 8 * view);
      // A scroll that turned back on an axis is measured from the turn.
      const first = this.trail[0];
      /** @param {"x" | "y"} axis */
      const turned = (axis) => {
        const step = v[axis] - last[axis], before = first ? last[axis] - first[axis] : 0;
        return Math.abs(step) >= 1 && Math.abs(before) >= 1 && Math.sign(step) !== Math.sign(before);
      };
      if (jump("x", v.width) || jump("y", v.height)) this.trail = [];
      else if (dt >= 250) this.trail = [{t: t - frame, x: last.x, y: last.y}];
      else if (turned("x") || turned("y")) this.trail = [last];
    }
    this.trail.push({t, x: v.x, y: v.y});
    while (this.trail.length > 2 && t - this.trail[1].t >= 100) this.trail.shift();
    const first = this.trail[0], span = t - first.t;
    this.velocity = span ? {x: clamp((v.x - first.x) / span, -50, 50), y: clamp((v.y - first.y) / span, -50, 50)}
      : {x: 0, y: 0};
    return this.velocity;
  }
}
