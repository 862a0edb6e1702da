/** @typedef {import("./elements.js").Rect} Rect */
/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").Size} Size */
/** @typedef {import("./elements.js").LayoutElement} LayoutElement */
/** @typedef {import("./elements.js").Summary} Summary */
/**
 * What a render drew: the elements, whether nothing in the window was missing, the window and the offset.
 * @typedef {{elements: LayoutElement[], complete: boolean, rect: number[], offset: number[]}} RenderInfo
 */
/**
 * The options of a Virtualizer (docs/clients.md has their table).
 * @typedef {object} VirtualizerOptions
 * @property {import("./http-client.js").LayoutClient} client
 * @property {string} [layoutId] the layout shown first
 * @property {HTMLElement} scrollElement the element that scrolls (`overflow: auto`)
 * @property {(e: LayoutElement) => HTMLElement} createView makes a view
 * @property {(view: HTMLElement, e: LayoutElement) => void} [updateView] fills a view for an element
 * @property {(view: HTMLElement, e: LayoutElement) => void} [recycleView] a view leaves, before it is reused
 * @property {number} [overscan] drawn beyond the viewport: a fraction of the view, or points when over 1; 0.5
 * @property {number} [cacheSize] answers kept; 48
 * @property {number} [maxInFlight] requests at once; 6
 * @property {number} [lookahead] ms of scrolling fetched ahead; measured when left out
 * @property {number} [maxAge] ms before an answer is revalidated; 300000
 * @property {"auto" | boolean} [columns] ask for `format=columns`; "auto"
 * @property {boolean} [selfSizing] measure cells and report their sizes
 * @property {number} [sizeBatchMs] sizes are sent in batches this far apart; 100
 * @property {boolean} [keepColumns] a waterfall's size reports keep every item in its column; false
 * @property {number} [poolSize] spare views kept; 64
 * @property {HTMLElement} [content] the element views are placed in
 * @property {(info: RenderInfo) => void} [onRender] after each draw
 * @property {(progress: number) => void} [onCollapse] a collapsing header's progress (0 to 1) at each draw; the
 *   scrolling element also gets it as the CSS variable `--collapse-progress`
 * @property {(error: any) => void} [onError] on a failed request
 * @property {number} [animationMs] batch updates' animation; 350
 * @property {number} [maxContentLength] longest content element; 16000000
 * @property {number} [settleMs] re-anchoring delay without `scrollend`; 200
 * @property {boolean} [followClientArea] re-lay out (POST bounds) when the element's client area changes; true
 * @property {() => number} [clock] milliseconds
 * @property {(f: () => void) => void} [requestFrame] requestAnimationFrame
 */
/** Keeps `scrollElement`'s DOM to the elements its viewport plus `overscan` shows. */
export class Virtualizer extends FetchState {
    /** @param {VirtualizerOptions} options */
    constructor({ client, layoutId, scrollElement, createView, updateView, recycleView, overscan, cacheSize, maxInFlight, lookahead, maxAge, columns, selfSizing, sizeBatchMs, keepColumns, poolSize, content, onRender, onCollapse, onError, animationMs, maxContentLength, settleMs, followClientArea, clock, requestFrame }: VirtualizerOptions);
    /** @type {((info: RenderInfo) => void) | undefined} */
    onRender: (info: RenderInfo) => void;
    /** @type {((progress: number) => void) | undefined} */
    onCollapse: (progress: number) => void;
    scrollElement: HTMLElement;
    createView: (e: LayoutElement) => HTMLElement;
    updateView: (view: HTMLElement, e: LayoutElement) => void;
    recycleView: (view: HTMLElement, e: LayoutElement) => void;
    overscan: number;
    selfSizing: boolean;
    sizeBatchMs: number;
    animationMs: number;
    keepColumns: boolean;
    maxContentLength: number;
    scroll: ScrollMapping;
    tracker: VelocityTracker;
    /** @type {Map<string, {section: number, item: number, width: number, height: number}>} */
    sizeQueue: Map<string, {
        section: number;
        item: number;
        width: number;
        height: number;
    }>;
    reported: Set<any>;
    /** @type {Summary} */
    summary: Summary;
    /** @type {import("./strategies.js").Strategy | null} */
    strategy: import("./strategies.js").Strategy | null;
    animating: boolean;
    holding: boolean;
    stale: boolean;
    renderPending: boolean;
    /** @type {{rect: number[], offset: number[]} | null} */
    lastComplete: {
        rect: number[];
        offset: number[];
    };
    /** @type {ReturnType<typeof setTimeout> | null} */
    restTimer: ReturnType<typeof setTimeout> | null;
    sizeTimer: ReturnType<typeof setTimeout> | null;
    layoutId: string;
    /** @type {ScrollEffects | null} the layout's scroll effects and rows of their own (scroll-effects.js) */
    effects: ScrollEffects | null;
    /** @type {Map<number, number>} the offsets of rows that scroll on their own, by section (`setSectionOffset`) */
    sectionOffsets: Map<number, number>;
    /** The client area the layout is laid out for (`setLayout`, `resize`). */
    layoutSize: {
        width: number;
        height: number;
    };
    views: ViewLayer;
    requestFrame: ((f: () => void) => void) | ((f: () => void) => number);
    onScroll: () => void;
    onScrollEnd: () => void;
    resizeObserver: ResizeObserver;
    ready: Promise<void> | Promise<import("./elements.js").Summary>;
    /** @returns {HTMLElement} the element views are placed in */
    get content(): HTMLElement;
    /** @returns {import("./plans.js").ViewPool<HTMLElement>} */
    get pool(): import("./plans.js").ViewPool<HTMLElement>;
    set live(arg: Map<string, import("./views.js").LiveView>);
    /** @returns {Map<string, import("./views.js").LiveView>} the views on screen by key */
    get live(): Map<string, import("./views.js").LiveView>;
    set velocity2(arg: import("./elements.js").Point);
    /** @returns {Point} the last scroll velocity measured (points/ms) */
    get velocity2(): import("./elements.js").Point;
    /**
     * Shows another layout (after a re-prepare). Answers its summary.
     * @param {string} layoutId
     * @param {Summary} [summary]
     * @returns {Promise<Summary>}
     */
    setLayout(layoutId: string, summary?: Summary): Promise<Summary>;
    /** @returns {string} how data is fetched: "grid", "tiles", "bands" (aligned rects, no offset) or "live" */
    get mode(): string;
    /** Reads the scrolling element's client size (scroll bars excluded): when a layout is shown, never on scroll
     * events. A client area that changes is laid out again (`clientAreaChanged`). */
    readViewSize(): void;
    /** @type {Size} */
    viewSize: Size;
    /** @returns {"x" | "y"} the scroll axis: the tile's, else the one the content overflows */
    get axis(): "y" | "x";
    /** @returns {number} a band's length: the tile's, else a view's (at least 256) */
    get bandLength(): number;
    /** @returns {number} the last scroll velocity measured along the axis (points/ms) */
    get velocity(): number;
    /** @returns {number} the scroll velocity along the axis, 0 once no scroll event came for 150 ms */
    get currentVelocity(): number;
    /** @returns {Point} the scroll velocity on both axes, 0 once no scroll event came for 150 ms */
    get currentVelocity2(): import("./elements.js").Point;
    /** Reads the element's offsets (once per scroll event, or when asked): see ScrollMapping. */
    syncScroll(): void;
    /** @returns {ScrollAxis} */
    get axisX(): import("./scroll-axis.js").ScrollAxis;
    /** @returns {ScrollAxis} */
    get axisY(): import("./scroll-axis.js").ScrollAxis;
    /** Re-anchors each capped axis whose element is not where the layout's offset anchors it; draws if one moved. */
    settle(): void;
    /** @param {boolean} [fresh] read the element now @returns {Rect} the visible rect in the layout's coordinates */
    viewport(fresh?: boolean): Rect;
    /** @returns {Point} where views go in the content element: layout coordinates plus this (0 unless capped) */
    shift(): Point;
    /** @returns {Point} the content offset in the layout's coordinates */
    offset(): Point;
    /** Scrolls to a layout offset. @param {number} x @param {number} y */
    setScroll(x: any, y: any): void;
    /**
     * The visible rect plus a `share` of the overscan on every side, and ahead along `velocity` (`renderWindow`).
     * @param {Rect} [v] @param {number} [share] @param {Point} [velocity] @returns {Rect}
     */
    renderWindow(v?: Rect, share?: number, velocity?: Point): Rect;
    /** Tracks the scroll velocity, plans requests, and draws what the cache has. Called on every scroll event. */
    update(): void;
    /** A grid is at rest once no scroll event came for 150 ms: its plan at rest (the tiles beyond the overscan too)
     * is asked for and drawn then, by a timer just past that, whether or not an answer comes then to do it. */
    armRest(): void;
    rest(): void;
    /** Asks for what `v` needs and draws what the cache has. @param {Rect} v */
    plan(v: any): void;
    /** @param {any} k @returns {string} the cache's key of band (tile) k */
    bandKey(k: any): string;
    /** A grid's tiles to have at `velocity`, nearest first. @param {Rect} [v] @param {Point} [velocity] */
    tilePlan(v?: import("./elements.js").Rect, velocity?: import("./elements.js").Point): [number, number][];
    /** Draws at the next frame, unless a scroll event of that frame draws first (it draws what the cache has). */
    renderSoon(): void;
    /** Draws what is known for the viewport now; `complete` when nothing in the render window is missing.
     * @param {Rect} [v] */
    render(v?: Rect): void;
    /**
     * Scrolls the row of section `section` (one that scrolls on its own: the summary's `tile.orthogonalSections`) to
     * `offset` along it, and draws.
     * @param {number} section
     * @param {number} offset
     */
    setSectionOffset(section: number, offset: number): void;
    /** Makes the DOM show exactly `elements`. @param {LayoutElement[]} elements @param {(e: LayoutElement) => string} [keyOf] */
    draw(elements: any, keyOf: any): void;
    /** @returns {Size} the content element's size: the layout's, capped at maxContentLength */
    domSize(): Size;
    /** Forgets every view (e.g. before a new layout of other data). */
    clear(): void;
    /** Stops listening (scroll events, the client area's observer, timers) and aborts what is in flight. */
    destroy(): void;
    /**
     * The view changed size: POST bounds, show the new layout, and restore the offset it answers.
     * @param {{width?: number, height?: number, anchor?: unknown}} [size] the client area's when left out
     * @returns {Promise<any>}
     */
    resize(size?: {
        width?: number;
        height?: number;
        anchor?: unknown;
    }): Promise<any>;
    /** Scrolls to a layout offset (the page's own scroll: no fling). @param {Point} offset */
    scrollToOffset({ x, y }: {
        x: any;
        y: any;
    }): void;
    /**
     * Scrolls to an item (`{section, item}` or [s, i]) or a section at `position`, as the service answers.
     * @param {{item?: number[] | {section: number, item: number}, section?: number, position?: string}} [target]
     * @returns {Promise<Point>}
     */
    scrollToItem(target?: {
        item?: number[] | {
            section: number;
            item: number;
        };
        section?: number;
        position?: string;
    }): Promise<Point>;
    /** Self-sizing: measures views whose content sets their size, and reports changed sizes in batches. */
    measure(): void;
    /** Sends the queued sizes in one batch, shows the new layout and applies the offset answer. @returns {Promise<any>} */
    flushSizes(): Promise<any>;
    /**
     * performBatchUpdates: POSTs `batch` (`{updates, anchor?}`) with the render window and offset, animates every
     * before/after pair with the Web Animations API, then shows the new layout at the offset answered.
     * @param {{updates: object[], anchor?: unknown}} batch
     * @returns {Promise<any>}
     */
    applyUpdates(batch: {
        updates: object[];
        anchor?: unknown;
    }): Promise<any>;
}
export type ScrollAxis = import("./scroll-axis.js").ScrollAxis;
export type Rect = import("./elements.js").Rect;
export type Point = import("./elements.js").Point;
export type Size = import("./elements.js").Size;
export type LayoutElement = import("./elements.js").LayoutElement;
export type Summary = import("./elements.js").Summary;
/**
 * What a render drew: the elements, whether nothing in the window was missing, the window and the offset.
 */
export type RenderInfo = {
    elements: LayoutElement[];
    complete: boolean;
    rect: number[];
    offset: number[];
};
/**
 * The options of a Virtualizer (docs/clients.md has their table).
 */
export type VirtualizerOptions = {
    client: import("./http-client.js").LayoutClient;
    /**
     * the layout shown first
     */
    layoutId?: string;
    /**
     * the element that scrolls (`overflow: auto`)
     */
    scrollElement: HTMLElement;
    /**
     * makes a view
     */
    createView: (e: LayoutElement) => HTMLElement;
    /**
     * fills a view for an element
     */
    updateView?: (view: HTMLElement, e: LayoutElement) => void;
    /**
     * a view leaves, before it is reused
     */
    recycleView?: (view: HTMLElement, e: LayoutElement) => void;
    /**
     * drawn beyond the viewport: a fraction of the view, or points when over 1; 0.5
     */
    overscan?: number;
    /**
     * answers kept; 48
     */
    cacheSize?: number;
    /**
     * requests at once; 6
     */
    maxInFlight?: number;
    /**
     * ms of scrolling fetched ahead; measured when left out
     */
    lookahead?: number;
    /**
     * ms before an answer is revalidated; 300000
     */
    maxAge?: number;
    /**
     * ask for `format=columns`; "auto"
     */
    columns?: "auto" | boolean;
    /**
     * measure cells and report their sizes
     */
    selfSizing?: boolean;
    /**
     * sizes are sent in batches this far apart; 100
     */
    sizeBatchMs?: number;
    /**
     * a waterfall's size reports keep every item in its column; false
     */
    keepColumns?: boolean;
    /**
     * spare views kept; 64
     */
    poolSize?: number;
    /**
     * the element views are placed in
     */
    content?: HTMLElement;
    /**
     * after each draw
     */
    onRender?: (info: RenderInfo) => void;
    /**
     * a collapsing header's progress (0 to 1) at each draw; the
     * scrolling element also gets it as the CSS variable `--collapse-progress`
     */
    onCollapse?: (progress: number) => void;
    /**
     * on a failed request
     */
    onError?: (error: any) => void;
    /**
     * batch updates' animation; 350
     */
    animationMs?: number;
    /**
     * longest content element; 16000000
     */
    maxContentLength?: number;
    /**
     * re-anchoring delay without `scrollend`; 200
     */
    settleMs?: number;
    /**
     * re-lay out (POST bounds) when the element's client area changes; true
     */
    followClientArea?: boolean;
    /**
     * milliseconds
     */
    clock?: () => number;
    /**
     * requestAnimationFrame
     */
    requestFrame?: (f: () => void) => void;
};
import { FetchState } from "./fetch-state.js";
import { ScrollMapping } from "./scroll-mapping.js";
import { VelocityTracker } from "./velocity.js";
import { ScrollEffects } from "./scroll-effects.js";
import { ViewLayer } from "./views.js";
