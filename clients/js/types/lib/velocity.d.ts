/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */
/**
 * The scroll velocity ({x, y}, points/ms) from the scroll events of the last 100 ms or so (`trail`).
 */
export class VelocityTracker {
    /** @type {{t: number, x: number, y: number}[]} the scroll events measured over */
    trail: {
        t: number;
        x: number;
        y: number;
    }[];
    /** @type {Point} the last velocity measured (points/ms) */
    velocity: Point;
    /** @returns {{t: number, x: number, y: number} | null} the last scroll event */
    get last(): {
        t: number;
        x: number;
        y: number;
    };
    /**
     * The velocity at `t`: the last one measured, or 0 once no scroll event came for 150 ms.
     * @param {number} t
     * @returns {Point}
     */
    current(t: number): Point;
    /** Forgets the scroll so far (the page's own scroll is no fling). */
    reset(): void;
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
    measure(v: Rect, t: number): Point;
}
export type Rect = import("./elements.js").Rect;
export type Point = import("./elements.js").Point;
