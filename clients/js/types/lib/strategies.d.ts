/**
 * A fetch strategy.
 * @typedef {GridStrategy | TileStrategy | BandStrategy | LiveStrategy} Strategy
 */
/**
 * The strategy for a layout's summary: a grid's 2-D tiles, 1-D tiles, bands (answers independent of the offset)
 * or live queries.
 * @param {Virtualizer} host
 * @returns {Strategy}
 */
export function chooseStrategy(host: Virtualizer): Strategy;
/**
 * Aligned rects of one view length across the whole content, with no offset (`mode` "bands").
 * @extends {CachedStrategy<number, import("./plans.js").BandPlan>}
 */
export class BandStrategy extends CachedStrategy<number, import("./plans.js").BandPlan> {
    /** @param {Virtualizer} host */
    constructor(host: Virtualizer);
    /** @returns {number} the bands along the axis */
    get count(): number;
    /**
     * The bands to have at `velocity` (points/ms along the axis).
     * @param {Rect} v
     * @param {number} [velocity]
     * @returns {import("./plans.js").BandPlan}
     */
    bandPlan(v: Rect, velocity?: number): import("./plans.js").BandPlan;
    /** @param {import("./plans.js").BandPlan} plan */
    neededKeys(plan: import("./plans.js").BandPlan): Set<any>;
}
/** The summary's 1-D tiles (`mode` "tiles"): tile k is band k, asked for by number. */
export class TileStrategy extends BandStrategy {
}
/**
 * A grid's 2-D tiles (`mode` "grid"), planned along the velocity on both axes; drawn once a frame.
 * @extends {CachedStrategy<[number, number], [number, number][]>}
 */
export class GridStrategy extends CachedStrategy<[number, number], [number, number][]> {
    /** @param {Virtualizer} host */
    constructor(host: Virtualizer);
    /** @returns {import("./plans.js").TileGrid} */
    get grid(): import("./plans.js").TileGrid;
    /**
     * The tiles to have, nearest first (planTiles). The window swept is the viewport and its overscan alone: the
     * sweep along the velocity is what lies ahead (a window already stretched ahead along both axes would sweep its
     * corner over tiles beside the path of a diagonal fling). At rest, the tiles one tile beyond that window on
     * every side come last: a fling from rest learns its speed at its first scroll event, and its first answers
     * come after it has crossed the overscan.
     * @param {Rect} v
     * @param {Point} [velocity]
     * @returns {[number, number][]}
     */
    tilePlan(v: Rect, velocity?: Point): [number, number][];
}
/**
 * Rect queries with the offset (`mode` "live": layouts whose answers depend on it, without tiles), one at a time;
 * when one answers, the newest position is asked next.
 */
export class LiveStrategy {
    /** @param {Virtualizer} host */
    constructor(host: Virtualizer);
    host: import("./virtualizer.js").Virtualizer;
    mode: string;
    seq: number;
    want: boolean;
    /** @param {Rect} v */
    plan(v: Rect): void;
    /**
     * The last answer: complete when it is for this very offset, else the best there is until the answer comes.
     * @param {Rect} v
     * @returns {Collected | null}
     */
    collect(v: Rect): Collected | null;
}
/**
 * A fetch strategy.
 */
export type Strategy = GridStrategy | TileStrategy | BandStrategy | LiveStrategy;
export type Rect = import("./elements.js").Rect;
export type Point = import("./elements.js").Point;
export type LayoutElement = import("./elements.js").LayoutElement;
export type Virtualizer = import("./virtualizer.js").Virtualizer;
/**
 * What a strategy has for a viewport: the elements, whether nothing in the window is missing, the window and the
 * offset they are for.
 */
export type Collected = {
    elements: LayoutElement[];
    complete: boolean;
    rect: number[];
    offset: number[];
    header?: LayoutElement & {
        collapseProgress: number;
    };
};
/**
 * What a strategy has for a viewport: the elements, whether nothing in the window is missing, the window and the
 * offset they are for.
 * @typedef {{elements: LayoutElement[], complete: boolean, rect: number[], offset: number[], header?: LayoutElement & {collapseProgress: number}}} Collected
 */
/**
 * Fetches answers that do not depend on the offset (bands or tiles), keyed, cached and revalidated; aborts what the
 * plan no longer keeps. Subclasses say which keys a viewport needs and how one is asked for.
 * @template Key, Plan
 */
declare class CachedStrategy<Key, Plan> {
    /** @param {Virtualizer} host */
    constructor(host: Virtualizer);
    host: import("./virtualizer.js").Virtualizer;
    /** @type {string} */
    mode: string;
    /** @param {Key} k @returns {string} the cache's key of band (tile) k */
    key(k: Key): string;
    /** @param {Rect} v @returns {Plan} */
    currentPlan(v: Rect): Plan;
    /** @param {Plan} plan @returns {Key[]} the plan's keys, soonest needed first */
    order(plan: Plan): Key[];
    /** @param {Rect} v @param {Plan} plan @returns {(k: Key) => boolean} whether k is still worth having */
    keeps(v: Rect, plan: Plan): (k: Key) => boolean;
    /** @param {Key} k @param {any} options @returns {Promise<any>} the request of k */
    request(k: Key, options: any): Promise<any>;
    /** @param {Rect} v @param {Point} velocity @returns {Collected} */
    collect(v: Rect, velocity: Point): Collected;
    /** @param {Plan} plan @returns {Set<string>} the keys of `plan`: the cache never evicts them */
    neededKeys(plan: Plan): Set<string>;
    /** Asks for what the plan needs and is not cached (nor in flight); aborts what it no longer keeps.
     * @param {Rect} v @param {Plan} [plan] */
    plan(v: Rect, plan?: Plan): void;
    /**
     * Asks for band (tile) k; caches the answer and draws it if it is still needed.
     * @param {Key} k
     * @param {string} key
     * @param {import("./plans.js").CacheEntry} [entry] the cached answer, to revalidate
     */
    fetch(k: Key, key: string, entry?: import("./plans.js").CacheEntry): Promise<void>;
    /** An answer came for the viewport `v`: draws it now. @param {Rect} v */
    drawAnswer(v: any): void;
}
export {};
