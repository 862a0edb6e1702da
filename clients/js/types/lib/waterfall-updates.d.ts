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
export function insertItems(indexPaths: IndexPath[], { sizes, spans, columns }?: {
    sizes?: [number, number][];
    spans?: number[];
    columns?: number[];
}): {
    op: "insertItems";
    indexPaths: IndexPath[];
    sizes?: [number, number][];
    spans?: number[];
    columns?: number[];
};
/**
 * A batch's body (`POST .../updates`): with `keepColumns`, every item of the waterfall that existed before keeps
 * the first column it had; inserted items take the columns they are given (else -1), and so do the items of
 * reloaded sections.
 * @param {object[]} updates the operations
 * @param {{keepColumns?: boolean, rect?: object, offset?: {x: number, y: number}, anchor?: unknown}} options
 * @returns {object}
 */
export function batch(updates: object[], { keepColumns, ...rest }?: {
    keepColumns?: boolean;
    rect?: object;
    offset?: {
        x: number;
        y: number;
    };
    anchor?: unknown;
}): object;
/**
 * A size report's body (`POST .../sizes`): with `keepColumns`, the items of a waterfall move only along their
 * columns (each keeps the first column it had).
 * @param {{section: number, item: number, width: number, height: number}[]} sizes
 * @param {{keepColumns?: boolean, offset?: {x: number, y: number}, anchor?: unknown}} options
 * @returns {object}
 */
export function sizeReport(sizes: {
    section: number;
    item: number;
    width: number;
    height: number;
}[], { keepColumns, ...rest }?: {
    keepColumns?: boolean;
    offset?: {
        x: number;
        y: number;
    };
    anchor?: unknown;
}): object;
/**
 * A `[section, item]` index path (after the batch, for an insert).
 */
export type IndexPath = [number, number];
