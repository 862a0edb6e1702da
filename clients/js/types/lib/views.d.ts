/**
 * Positions a view for an element, moved by `shift` (a scaled content's offset).
 * @param {HTMLElement} view
 * @param {LayoutElement} e
 * @param {Point} [shift]
 */
export function place(view: HTMLElement, e: LayoutElement, shift?: Point): void;
/**
 * The keyframe of an element's frame, alpha and transform (Web Animations).
 * @param {LayoutElement} e
 * @param {Point} [shift]
 * @returns {Keyframe}
 */
export function frameKeyframe(e: LayoutElement, shift?: Point): Keyframe;
/**
 * A view's size with its length along `axis` set to `auto` (self-sizing), or its element's frame without layout.
 * @param {HTMLElement} view
 * @param {LayoutElement} e
 * @param {"x" | "y"} axis
 * @returns {Size}
 */
export function measureView(view: HTMLElement, e: LayoutElement, axis: "x" | "y"): Size;
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
    constructor(host: ViewHost, content: HTMLElement, poolSize: number, doc: Document);
    host: ViewHost;
    doc: Document;
    content: HTMLElement;
    /** @type {ViewPool<HTMLElement>} */
    pool: ViewPool<HTMLElement>;
    /** @type {Map<string, LiveView>} */
    live: Map<string, LiveView>;
    /** @type {HTMLElement[]} spare tracks of frozen cells (setFrozen) */
    tracks: HTMLElement[];
    /**
     * Makes the DOM show exactly `elements`, placed at their frames moved by `shift`: views leave first, so the new
     * ones reuse them.
     * @param {LayoutElement[]} elements
     * @param {Point} shift
     * @param {(e: LayoutElement) => string} [keyOf]
     */
    draw(elements: LayoutElement[], shift: Point, keyOf?: (e: LayoutElement) => string): void;
    /**
     * A frozen grid cell (`stickyX`, `stickyY`) is drawn with CSS `position: sticky` inside a track: an absolutely
     * placed box spanning the places its ranges allow, so the browser pins it while it scrolls, with no script
     * running (see placeFrozen). Its view moves into a track, or back out of it.
     * @param {LiveView} entry
     * @param {boolean} frozen
     */
    setFrozen(entry: LiveView, frozen: boolean): void;
    /** A view leaves: told to the page, then pooled (hidden) or removed. @param {LiveView} entry */
    release(entry: any): void;
    /** Releases every view. */
    clear(): void;
}
export type Rect = import("./elements.js").Rect;
export type Point = import("./elements.js").Point;
export type Size = import("./elements.js").Size;
export type LayoutElement = import("./elements.js").LayoutElement;
/**
 * A view on screen: its DOM element, the element it shows, the shift it was placed with, its track when frozen.
 */
export type LiveView = {
    view: HTMLElement;
    element: LayoutElement | null;
    shift?: Point;
    track?: HTMLElement | null;
};
/**
 * What a view layer asks of its owner: the page's callbacks and where views go.
 */
export type ViewHost = {
    createView: (e: LayoutElement) => HTMLElement;
    updateView: (view: HTMLElement, e: LayoutElement) => void;
    recycleView: (view: HTMLElement, e: LayoutElement) => void;
    stats: {
        created: number;
        reused: number;
    };
    /**
     * the content element's size
     */
    domSize: () => Size;
};
import { ViewPool } from "./plans.js";
