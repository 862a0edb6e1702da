/**
 * The largest n from 1 to `maximum` (at most 1024) with `n × minimumWidth + (n − 1) × spacing ≤ available + 1e-9`.
 * @param {number} minimumWidth more than 0
 * @param {number} available the line's length: the view's width less the section's left and right insets
 * @param {number} spacing `minimumInteritemSpacing` (a waterfall's `columnSpacing`)
 * @param {number} [maximum]
 * @returns {number}
 */
export function adaptiveCount(minimumWidth: number, available: number, spacing: number, maximum?: number): number;
/**
 * The columns of a section whose items have an adaptive size, and the items' size.
 * @param {AdaptiveItemSize} itemSize
 * @param {number} available
 * @param {number} spacing
 * @returns {{columns: number, width: number, height: number}}
 */
export function adaptiveItems(itemSize: AdaptiveItemSize, available: number, spacing: number): {
    columns: number;
    width: number;
    height: number;
};
/**
 * A flow's adaptive `itemSize`: exactly one of `height` and `aspectRatio` (the width over the height).
 * @typedef {{minimumWidth: number, height: number} | {minimumWidth: number, aspectRatio: number}} AdaptiveItemSize
 */
/** The most columns an adaptive count gives. */
export const MAXIMUM_COLUMNS: 1024;
/**
 * A flow's adaptive `itemSize`: exactly one of `height` and `aspectRatio` (the width over the height).
 */
export type AdaptiveItemSize = {
    minimumWidth: number;
    height: number;
} | {
    minimumWidth: number;
    aspectRatio: number;
};
