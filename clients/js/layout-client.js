// layout-client.js: the layout service's browser client, ES modules with no dependencies and no build step. This
// is the entry point: it re-exports every module of lib/. The service serves it at GET /client/layout-client.js,
// each module at GET /client/lib/<name>.js, and their types at GET /client/layout-client.d.ts (and lib/*.d.ts).
//
//   DOM-free core: LayoutClient (problem.js, http-client.js: one method per endpoint, each a fetch with an
//     AbortSignal; problem answers reject with a ProblemError; 429 and 503 answers are retried after the wait
//     they ask for), the elements of either answer format (elements.js), band and tile plans and the answer cache
//     (plans.js), the scroll velocity (velocity.js), the capped-axis mapping (scroll-axis.js), the fetch strategies
//     (strategies.js), workerFetch (worker-fetch.js), a waterfall's batch and size-report bodies with spans,
//     columns and keepColumns (waterfall-updates.js), scroll effects and rows that scroll on their own applied to
//     tiles (scroll-effects.js).
//   DOM: Virtualizer (virtualizer.js, with scroll-mapping.js, views.js and updates.js): keeps a scrolling element's
//     DOM to what its viewport plus an overscan shows. Text cells (text-cells.js). See docs/clients.md.
//   Adaptive counts (adaptive.js): the columns and item size of rule 7, as the service counts them.

export {ProblemError, NOT_MODIFIED} from "./lib/problem.js";
export {LayoutClient} from "./lib/http-client.js";
export {columnsToElements, answerElements, elementKey, stickyCoordinate, pinnedFrame} from "./lib/elements.js";
export {AnswerCache, planBands, planTiles, ViewPool} from "./lib/plans.js";
export {ScrollAxis} from "./lib/scroll-axis.js";
export {VelocityTracker} from "./lib/velocity.js";
export {BandStrategy, TileStrategy, GridStrategy, LiveStrategy, chooseStrategy} from "./lib/strategies.js";
export {workerFetch} from "./lib/worker-fetch.js";
export {Virtualizer} from "./lib/virtualizer.js";
export {MAXIMUM_COLUMNS, adaptiveCount, adaptiveItems} from "./lib/adaptive.js";
export {COLLAPSING_HEADER_KIND, collapsingHeaderPlace, collapseProgress, collapsingHeaderPinEdge, collapsingHeaderElement,
  stickyUnderCollapsingHeader, placeUnderCollapsingHeader, showCollapseProgress} from "./lib/collapsing-header.js";
export {ScrollEffects} from "./lib/scroll-effects.js";
export {TEXT_CSS, fontStack, fontFaceRules, declareFonts, drawTextCell} from "./lib/text-cells.js";
export {insertItems, batch, sizeReport} from "./lib/waterfall-updates.js";
export {applyLevel, outlineBatch, OutlineState} from "./lib/outline.js";
