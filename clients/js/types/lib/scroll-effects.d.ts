/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").LayoutElement} LayoutElement */
/**
 * Effects on a run of sections (the summary's `scrollEffects`): Δ = a cell's centre − (offset + center) along
 * `axis`; f = 1 − min(1, |Δ| / distance); scale = a + (1 − a) f, alpha = b + (1 − b) f.
 * @typedef {{sections: number[], axis: "x" | "y", center: number, distance: number, scale: number, alpha: number}}
 *   ScrollEffectRun
 */
/**
 * The scale and alpha of a cell.
 * @typedef {{scale: number, alpha: number}} Factors
 */
/** A layout's scroll effects and its rows that scroll on their own, from its summary. */
export class ScrollEffects {
    /**
     * The effects of a summary, or null when it has neither effects nor rows of their own.
     * @param {any} summary
     * @returns {ScrollEffects | null}
     */
    static of(summary: any): ScrollEffects | null;
    /**
     * @param {{scrollEffects?: ScrollEffectRun[], tile?: {axis?: string, orthogonalSections?: {section: number,
     *   boundaryKinds: string[]}[]}}} summary
     */
    constructor(summary: {
        scrollEffects?: ScrollEffectRun[];
        tile?: {
            axis?: string;
            orthogonalSections?: {
                section: number;
                boundaryKinds: string[];
            }[];
        };
    });
    /** @type {ScrollEffectRun[]} in section order */
    runs: ScrollEffectRun[];
    /** @type {Map<number, Set<string>>} each orthogonal section's boundary kinds (they stay when its row scrolls) */
    rows: Map<number, Set<string>>;
    /** @type {boolean} whether rows are along x (a vertical layout) */
    rowsAlongX: boolean;
    /** The run of section `s`, or null (binary search). @param {number} s @returns {ScrollEffectRun | null} */
    runOf(s: any): ScrollEffectRun;
    /**
     * The scale and alpha of a cell of `section` whose frame (as drawn: a row's after its offset) is `frame`, at
     * content offset `offset`; null when no effects act on its section.
     * @param {number} section
     * @param {{x: number, y: number, width: number, height: number}} frame
     * @param {Point} offset
     * @returns {Factors | null}
     */
    factors(section: number, frame: {
        x: number;
        y: number;
        width: number;
        height: number;
    }, offset: Point): Factors | null;
    /**
     * Where `e` (of a tile or band) is drawn: a cell or badge of a row that scrolls on its own moved back by the
     * row's offset (its boundary items and decorations stay); `e.frame` itself otherwise.
     * @param {LayoutElement} e
     * @param {Map<number, number> | Record<number, number>} [sectionOffsets] row offsets by section
     * @returns {{x: number, y: number, width: number, height: number}}
     */
    drawnFrame(e: LayoutElement, sectionOffsets?: Map<number, number> | Record<number, number>): {
        x: number;
        y: number;
        width: number;
        height: number;
    };
    /**
     * `elements` (an answer that holds at every offset: a tile, a band) as the service answers them at `offset`
     * with `sectionOffsets`: the cells and badges of rows that scroll on their own moved back by their row's offset
     * (boundary items and decorations stay), then each cell with its effects (`transform3D` the scale about its
     * centre, absent at 1; `alpha`). Elements that change are copies; the others are given as they are.
     * @param {LayoutElement[]} elements
     * @param {Point} offset
     * @param {Map<number, number> | Record<number, number>} [sectionOffsets] row offsets by section
     * @returns {LayoutElement[]}
     */
    apply(elements: LayoutElement[], offset: Point, sectionOffsets?: Map<number, number> | Record<number, number>): LayoutElement[];
}
export type Point = import("./elements.js").Point;
export type LayoutElement = import("./elements.js").LayoutElement;
/**
 * Effects on a run of sections (the summary's `scrollEffects`): Δ = a cell's centre − (offset + center) along
 * `axis`; f = 1 − min(1, |Δ| / distance); scale = a + (1 − a) f, alpha = b + (1 − b) f.
 */
export type ScrollEffectRun = {
    sections: number[];
    axis: "x" | "y";
    center: number;
    distance: number;
    scale: number;
    alpha: number;
};
/**
 * The scale and alpha of a cell.
 */
export type Factors = {
    scale: number;
    alpha: number;
};
