// waterfall-updates.js: the bodies of a waterfall's batch updates and size reports with its items' spans and
// columns (docs/specs.md, rule 5): `insertItems` with `spans` and `columns` beside `sizes`, and size reports and
// batches that keep every old item in its column (`keepColumns`). DOM-free: plain objects for LayoutClient's
// `updates` and `sizes`, checked here so that a mistake throws before anything is sent.

/**
 * A `[section, item]` index path (after the batch, for an insert).
 * @typedef {[number, number]} IndexPath
 */

/**
 * An `insertItems` operation: each new item with its size, span (columns it crosses, from 1) and first column
 * (from 0, or -1: placed by its section's rule), one of each per index path when given.
 * @param {IndexPath[]} indexPaths
 * @param {{sizes?: [number, number][], spans?: number[], columns?: number[]}} fields
 * @returns {{op: "insertItems", indexPaths: IndexPath[], sizes?: [number, number][], spans?: number[],
 *   columns?: number[]}}
 */
export function insertItems(indexPaths, {sizes, spans, columns} = {}) {
  /** @type {{op: "insertItems", indexPaths: IndexPath[], sizes?: [number, number][], spans?: number[], columns?: number[]}} */
  const op = {op: "insertItems", indexPaths};
  for (const [name, list, least] of /** @type {const} */ ([["sizes", sizes, 0], ["spans", spans, 1], ["columns", columns, -1]])) {
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length !== indexPaths.length) {
      throw new RangeError(`${name}: give one per index path (${indexPaths.length})`);
    }
    if (name !== "sizes" && !list.every((n) => Number.isInteger(n) && n >= least)) {
      throw new RangeError(`${name}: each must be a whole number from ${least}`);
    }
  }
  if (sizes) op.sizes = sizes;
  if (spans) op.spans = spans;
  if (columns) op.columns = columns;
  return op;
}

/**
 * A batch's body (`POST .../updates`): with `keepColumns`, every item of the waterfall that existed before keeps
 * the first column it had; inserted items take the columns they are given (else -1), and so do the items of
 * reloaded sections.
 * @param {object[]} updates the operations
 * @param {{keepColumns?: boolean, rect?: object, offset?: {x: number, y: number}, anchor?: unknown}} options
 * @returns {object}
 */
export function batch(updates, {keepColumns = false, ...rest} = {}) {
  return keepColumns ? {updates, ...rest, keepColumns: true} : {updates, ...rest};
}

/**
 * A size report's body (`POST .../sizes`): with `keepColumns`, the items of a waterfall move only along their
 * columns (each keeps the first column it had).
 * @param {{section: number, item: number, width: number, height: number}[]} sizes
 * @param {{keepColumns?: boolean, offset?: {x: number, y: number}, anchor?: unknown}} options
 * @returns {object}
 */
export function sizeReport(sizes, {keepColumns = false, ...rest} = {}) {
  return keepColumns ? {sizes, ...rest, keepColumns: true} : {sizes, ...rest};
}
