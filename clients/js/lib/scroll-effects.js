// scroll-effects.js: a layout's scroll effects (docs/scroll-effects.md) applied on the client, and rows that scroll
// on their own moved by their offsets. Tiles and bands hold at every offset, so they carry neither: the summary
// describes both (`scrollEffects`, `tile.orthogonalSections`), and this module gives each cell the scale and alpha
// the service would answer at the page's offset. DOM-free.

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
   * @param {{scrollEffects?: ScrollEffectRun[], tile?: {axis?: string, orthogonalSections?: {section: number,
   *   boundaryKinds: string[]}[]}}} summary
   */
  constructor(summary) {
    /** @type {ScrollEffectRun[]} in section order */
    this.runs = summary.scrollEffects || [];
    /** @type {Map<number, Set<string>>} each orthogonal section's boundary kinds (they stay when its row scrolls) */
    this.rows = new Map();
    for (const s of (summary.tile && summary.tile.orthogonalSections) || []) this.rows.set(s.section, new Set(s.boundaryKinds));
    /** @type {boolean} whether rows are along x (a vertical layout) */
    this.rowsAlongX = !summary.tile || summary.tile.axis !== "x";
  }

  /**
   * The effects of a summary, or null when it has neither effects nor rows of their own.
   * @param {any} summary
   * @returns {ScrollEffects | null}
   */
  static of(summary) {
    const effects = new ScrollEffects(summary || {});
    return effects.runs.length || effects.rows.size ? effects : null;
  }

  /** The run of section `s`, or null (binary search). @param {number} s @returns {ScrollEffectRun | null} */
  runOf(s) {
    let lo = 0, hi = this.runs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.runs[mid].sections[1] < s) lo = mid + 1; else hi = mid;
    }
    const run = this.runs[lo];
    return run && run.sections[0] <= s ? run : null;
  }

  /**
   * The scale and alpha of a cell of `section` whose frame (as drawn: a row's after its offset) is `frame`, at
   * content offset `offset`; null when no effects act on its section.
   * @param {number} section
   * @param {{x: number, y: number, width: number, height: number}} frame
   * @param {Point} offset
   * @returns {Factors | null}
   */
  factors(section, frame, offset) {
    const run = this.runOf(section);
    if (!run) return null;
    const delta = run.axis === "y" ? frame.y + frame.height / 2 - (offset.y + run.center)
      : frame.x + frame.width / 2 - (offset.x + run.center);
    const f = 1 - Math.min(1, Math.abs(delta) / run.distance);
    return {scale: run.scale + (1 - run.scale) * f, alpha: run.alpha + (1 - run.alpha) * f};
  }

  /**
   * Where `e` (of a tile or band) is drawn: a cell or badge of a row that scrolls on its own moved back by the
   * row's offset (its boundary items and decorations stay); `e.frame` itself otherwise.
   * @param {LayoutElement} e
   * @param {Map<number, number> | Record<number, number>} [sectionOffsets] row offsets by section
   * @returns {{x: number, y: number, width: number, height: number}}
   */
  drawnFrame(e, sectionOffsets) {
    if (!sectionOffsets || !this.rows.has(e.section)) return e.frame;
    const shift = (sectionOffsets instanceof Map ? sectionOffsets.get(e.section) : sectionOffsets[e.section]) || 0;
    if (!shift || !(e.category === "cell" || (e.category === "supplementary" && !this.rows.get(e.section).has(e.kind)))) {
      return e.frame;
    }
    const f = e.frame;
    return this.rowsAlongX ? {...f, x: f.x - shift} : {...f, y: f.y - shift};
  }

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
  apply(elements, offset, sectionOffsets) {
    return elements.map((e) => {
      const frame = this.drawnFrame(e, sectionOffsets);
      let out = frame === e.frame ? e : {...e, frame};
      if (e.category !== "cell") return out;
      const factors = this.factors(e.section, out.frame, offset);
      if (!factors) return out;
      if (out === e) out = {...e};
      out.alpha = factors.alpha;
      if (factors.scale === 1) delete out.transform3D;
      else out.transform3D = [factors.scale, 0, 0, 0, 0, factors.scale, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
      return out;
    });
  }
}
