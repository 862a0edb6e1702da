// outline.js: disclosure rows of an outline (a list's or compositional section's `outline`, docs/compositional.md):
// a row's level on its view, which rows have children and which are collapsed, and the expand and collapse batch
// the virtualizer sends and animates (revealed rows fade in, hidden ones fade out, the rows below move).

/** @typedef {import("./elements.js").LayoutElement} LayoutElement */

/**
 * Puts an outline row's level on its view: `data-level`, `aria-level` (1-based, as ARIA's tree items count) and the
 * CSS variable `--level`, so that a stylesheet indents it (`padding-left: calc(var(--level) * 16px)`). A view of
 * an element without a level (not an outline row) loses them, as a recycled view must.
 * @param {HTMLElement} view
 * @param {LayoutElement} element
 */
export function applyLevel(view, element) {
  const level = element.level;
  if (level === undefined || level === null) {
    if (view.dataset) delete view.dataset.level;
    if (view.removeAttribute) view.removeAttribute("aria-level");
    if (view.style && view.style.removeProperty) view.style.removeProperty("--level");
    return;
  }
  if (view.dataset) view.dataset.level = String(level);
  if (view.setAttribute) view.setAttribute("aria-level", String(level + 1));
  if (view.style && view.style.setProperty) view.style.setProperty("--level", String(level));
}

/**
 * The batch that expands and collapses rows (index paths `[section, item]`): an `expand` operation and a
 * `collapse` one, each only when it names a row. Sent alone (a batch of expands and collapses holds nothing else).
 * @param {{expand?: number[][], collapse?: number[][], anchor?: unknown}} rows
 * @returns {{updates: {op: string, indexPaths: number[][]}[], anchor?: unknown}}
 */
export function outlineBatch({expand = [], collapse = [], anchor}) {
  /** @type {{updates: {op: string, indexPaths: number[][]}[], anchor?: unknown}} */
  const batch = {updates: []};
  if (expand.length) batch.updates.push({op: "expand", indexPaths: expand});
  if (collapse.length) batch.updates.push({op: "collapse", indexPaths: collapse});
  if (anchor !== undefined) batch.anchor = anchor;
  return batch;
}

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
  constructor(section, {levels, collapsed = []}) {
    this.section = section;
    this.levels = levels;
    this.collapsed = new Set(collapsed);
  }

  /** @param {number} item @returns {boolean} whether the row has descendants (a disclosure to show) */
  hasChildren(item) { return item + 1 < this.levels.length && this.levels[item + 1] > this.levels[item]; }

  /** @param {number} item @returns {boolean} */
  isCollapsed(item) { return this.collapsed.has(item); }

  /** @returns {number[]} the collapsed rows, sorted (the spec's `collapsed`) */
  collapsedItems() { return [...this.collapsed].sort((a, b) => a - b); }

  /**
   * Expands a collapsed row, or collapses an expanded one, through `virtualizer` (its `applyUpdates`: the batch,
   * the animations, the new layout). The state changes once the service has answered.
   * @param {{applyUpdates: (batch: any) => Promise<any>}} virtualizer
   * @param {number} item
   * @returns {Promise<any>} the service's answer
   */
  async toggle(virtualizer, item) {
    if (!this.hasChildren(item)) throw new RangeError(`row ${this.section}/${item} has no children to toggle`);
    const expanding = this.collapsed.has(item), path = [[this.section, item]];
    const answer = await virtualizer.applyUpdates(outlineBatch(expanding ? {expand: path} : {collapse: path}));
    if (expanding) this.collapsed.delete(item); else this.collapsed.add(item);
    return answer;
  }
}
