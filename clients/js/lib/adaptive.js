// adaptive.js: rule 7 of docs/specs.md ("Counts that follow the width"), as the service counts: for a page that
// draws placeholders before its layout is answered, or picks a minimum width for the columns it wants.

/**
 * A flow's adaptive `itemSize`: exactly one of `height` and `aspectRatio` (the width over the height).
 * @typedef {{minimumWidth: number, height: number} | {minimumWidth: number, aspectRatio: number}} AdaptiveItemSize
 */

/** The most columns an adaptive count gives. */
export const MAXIMUM_COLUMNS = 1024;

/**
 * The largest n from 1 to `maximum` (at most 1024) with `n × minimumWidth + (n − 1) × spacing ≤ available + 1e-9`.
 * @param {number} minimumWidth more than 0
 * @param {number} available the line's length: the view's width less the section's left and right insets
 * @param {number} spacing `minimumInteritemSpacing` (a waterfall's `columnSpacing`)
 * @param {number} [maximum]
 * @returns {number}
 */
export function adaptiveCount(minimumWidth, available, spacing, maximum = MAXIMUM_COLUMNS) {
  const top = Math.max(1, Math.min(maximum, MAXIMUM_COLUMNS));
  const fits = (/** @type {number} */ n) => n * minimumWidth + (n - 1) * spacing <= available + 1e-9;
  const estimate = Math.floor((available + spacing) / (minimumWidth + spacing));
  if (!Number.isFinite(estimate) || estimate < 1) return 1;
  let n = Math.min(estimate, top);
  while (n < top && fits(n + 1)) n += 1;
  while (n > 1 && !fits(n)) n -= 1;
  return n;
}

/**
 * The columns of a section whose items have an adaptive size, and the items' size.
 * @param {AdaptiveItemSize} itemSize
 * @param {number} available
 * @param {number} spacing
 * @returns {{columns: number, width: number, height: number}}
 */
export function adaptiveItems(itemSize, available, spacing) {
  const columns = adaptiveCount(itemSize.minimumWidth, available, spacing);
  const width = Math.max(0, (available - (columns - 1) * spacing) / columns);
  const height = "aspectRatio" in itemSize ? width / itemSize.aspectRatio : itemSize.height;
  return {columns, width, height};
}
