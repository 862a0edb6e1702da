/** @typedef {import("./elements.js").LayoutElement} LayoutElement */
/**
 * Puts an outline row's level on its view: `data-level`, `aria-level` (1-based, as ARIA's tree items count) and the
 * CSS variable `--level`, so that a stylesheet indents it (`padding-left: calc(var(--level) * 16px)`). A view of
 * an element without a level (not an outline row) loses them, as a recycled view must.
 * @param {HTMLElement} view
 * @param {LayoutElement} element
 */
export function applyLevel(view: HTMLElement, element: LayoutElement): void;
/**
 * The batch that expands and collapses rows (index paths `[section, item]`): an `expand` operation and a
 * `collapse` one, each only when it names a row. Sent alone (a batch of expands and collapses holds nothing else).
 * @param {{expand?: number[][], collapse?: number[][], anchor?: unknown}} rows
 * @returns {{updates: {op: string, indexPaths: number[][]}[], anchor?: unknown}}
 */
export function outlineBatch({ expand, collapse, anchor }: {
    expand?: number[][];
    collapse?: number[][];
    anchor?: unknown;
}): {
    updates: {
        op: string;
        indexPaths: number[][];
    }[];
    anchor?: unknown;
};
/**
 * One section's outline as the client keeps it (its spec's `levels` and `collapsed`): which rows have children,
 * which are collapsed, and toggling a row through a virtualizer (the batch posted and animated; the new layout
 * shown at the offset that keeps the user's place).
 */
export class OutlineState {
    /**
     * @param {number} section
     * @param {{levels: number[], collapsed?: number[]}} outline
     */
    constructor(section: number, { levels, collapsed }: {
        levels: number[];
        collapsed?: number[];
    });
    section: number;
    levels: number[];
    collapsed: Set<number>;
    /** @param {number} item @returns {boolean} whether the row has descendants (a disclosure to show) */
    hasChildren(item: number): boolean;
    /** @param {number} item @returns {boolean} */
    isCollapsed(item: number): boolean;
    /** @returns {number[]} the collapsed rows, sorted (the spec's `collapsed`) */
    collapsedItems(): number[];
    /**
     * Expands a collapsed row, or collapses an expanded one, through `virtualizer` (its `applyUpdates`: the batch,
     * the animations, the new layout). The state changes once the service has answered.
     * @param {{applyUpdates: (batch: any) => Promise<any>}} virtualizer
     * @param {number} item
     * @returns {Promise<any>} the service's answer
     */
    toggle(virtualizer: {
        applyUpdates: (batch: any) => Promise<any>;
    }, item: number): Promise<any>;
}
export type LayoutElement = import("./elements.js").LayoutElement;
