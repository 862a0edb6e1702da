// updates.js: a virtualizer's changes of layout: the view resized (bounds), self-sizing (sizes) and batch updates
// animated (updates). DOM side: views are measured and animated.
import {elementKey} from "./elements.js";
import {place, frameKeyframe, measureView} from "./views.js";
import {sizeReport} from "./waterfall-updates.js";

/** @typedef {import("./virtualizer.js").Virtualizer} Virtualizer */
/** @typedef {import("./elements.js").Point} Point */
/** @typedef {import("./elements.js").LayoutElement} LayoutElement */

/**
 * Shows the new layout of an answer at the offset it answers (`contentOffset`, or the offset moved by
 * `contentOffsetAdjustment`).
 * @param {Virtualizer} virtualizer
 * @param {any} answer
 * @param {Point} offset the offset the request was made at
 */
export function applyOffsetAnswer(virtualizer, answer, offset) {
  if (answer.contentOffset) virtualizer.scrollToOffset(answer.contentOffset);
  else if (answer.contentOffsetAdjustment && (answer.contentOffsetAdjustment.x || answer.contentOffsetAdjustment.y)) {
    virtualizer.scrollToOffset({x: offset.x + answer.contentOffsetAdjustment.x, y: offset.y + answer.contentOffsetAdjustment.y});
  }
}

/**
 * The view changed size: POST bounds at `width` × `height` (the client area's when left out), show the new layout,
 * and restore the offset it answers.
 * @param {Virtualizer} virtualizer
 * @param {{width?: number, height?: number, anchor?: unknown}} size
 * @returns {Promise<any>}
 */
export async function resizeLayout(virtualizer, {width, height, anchor}) {
  const e = virtualizer.scrollElement;
  const collectionView = {width: width ?? e.clientWidth, height: height ?? e.clientHeight};
  virtualizer.layoutSize = {...collectionView};  // a client area changing to it meanwhile asks nothing more
  /** @type {{collectionView: {width: number, height: number}, offset: Point, anchor?: unknown}} */
  const body = {collectionView, offset: virtualizer.offset()};
  if (anchor !== undefined) body.anchor = anchor;
  const answer = await virtualizer.client.bounds(/** @type {string} */ (virtualizer.layoutId), body);
  await virtualizer.setLayout(answer.id, answer);
  virtualizer.layoutSize = {...collectionView};
  if (answer.contentOffset) virtualizer.scrollToOffset(answer.contentOffset);
  return answer;
}

/**
 * The scrolling element's client area changed (a ResizeObserver's callback): a scroll bar came or went with the
 * content, or the page resized the element. The layout is laid out again at the new size (`resize`), unless it is
 * laid out at that size already.
 * @param {Virtualizer} virtualizer
 */
export function clientAreaChanged(virtualizer) {
  const e = virtualizer.scrollElement, width = e.clientWidth, height = e.clientHeight, laid = virtualizer.layoutSize;
  if (!virtualizer.summary || (width === laid.width && height === laid.height)) return;
  virtualizer.resize({width, height}).catch((error) => virtualizer.reportError(error));
}

/**
 * Sends the queued sizes in one batch (keeping a waterfall's columns with the `keepColumns` option), shows the
 * new layout and applies the offset answer.
 * @param {Virtualizer} virtualizer
 * @returns {Promise<any>}
 */
export async function flushSizes(virtualizer) {
  if (!virtualizer.sizeQueue.size) return null;
  const sizes = [...virtualizer.sizeQueue.values()], offset = virtualizer.offset();
  virtualizer.sizeQueue.clear();
  const answer = await virtualizer.client.sizes(/** @type {string} */ (virtualizer.layoutId),
    sizeReport(sizes, {offset, keepColumns: virtualizer.keepColumns}));
  await virtualizer.setLayout(answer.id, answer);
  applyOffsetAnswer(virtualizer, answer, offset);
  return answer;
}

/**
 * Self-sizing: measures the views whose content sets their size, and queues the sizes that changed.
 * @param {Virtualizer} virtualizer
 */
export function measureSizes(virtualizer) {
  for (const [key, entry] of virtualizer.live) {
    const e = entry.element;
    if (!e || e.category !== "cell" || virtualizer.reported.has(key)) continue;
    const size = measureView(entry.view, e, virtualizer.axis);
    virtualizer.reported.add(key);
    if (Math.abs(size.width - e.frame.width) > 0.5 || Math.abs(size.height - e.frame.height) > 0.5) {
      virtualizer.sizeQueue.set(key, {section: e.section, item: e.item, width: size.width, height: size.height});
    }
  }
}

/**
 * performBatchUpdates: POSTs `batch` with the render window and offset, animates every before/after pair with the
 * Web Animations API, then shows the new layout at the offset answered. Drawing resumes however the animation
 * ends (an exception in the page's `updateView` included).
 * @param {Virtualizer} virtualizer
 * @param {{updates: object[], anchor?: unknown}} batch
 * @returns {Promise<any>} the answer: the new layout and its animations
 */
export async function animateUpdates(virtualizer, batch) {
  const v = virtualizer.viewport(true), w = virtualizer.renderWindow(v);
  const body = {...batch, rect: {x: w.x, y: w.y, width: w.width, height: w.height}, offset: {x: v.x, y: v.y}};
  const answer = await virtualizer.client.updates(virtualizer.layoutId, body);
  virtualizer.animating = true;
  try {
    await animate(virtualizer, answer.animations || []);
  } finally {
    virtualizer.animating = false;
  }
  await virtualizer.setLayout(answer.id, answer);
  applyOffsetAnswer(virtualizer, answer, v);
  return answer;
}

/**
 * Draws each animation's `before`, animates it to its `after`, and re-keys the views by their new elements
 * (disappearing ones are released by the next draw).
 * @param {Virtualizer} virtualizer
 * @param {{before: LayoutElement, after: LayoutElement}[]} animations
 */
async function animate(virtualizer, animations) {
  // Before: old views by their old keys; appearing ones (alpha 0 before) get views of their own, since an
  // insert gives them the index path an old element had.
  /** @param {{before: LayoutElement, after: LayoutElement}} a */
  const appearing = (a) => a.before.alpha === 0 && a.after.alpha !== 0;
  const beforeKey = new Map(animations.map((a) => [a.before, elementKey(a.before) + (appearing(a) ? "#new" : "")]));
  const afterKeys = new Map();
  virtualizer.draw(animations.map((a) => a.before), (e) => beforeKey.get(e));
  const running = [], shift = virtualizer.shift();
  for (const a of animations) {
    const entry = virtualizer.live.get(beforeKey.get(a.before));
    if (!entry) continue;
    place(entry.view, a.after, shift);
    if (entry.view.dataset) entry.view.dataset.key = elementKey(a.after);
    virtualizer.updateView(entry.view, a.after);
    afterKeys.set(entry, a.after);
    if (entry.view.animate && virtualizer.animationMs > 0) {
      const animation = entry.view.animate([frameKeyframe(a.before, shift), frameKeyframe(a.after, shift)],
        {duration: virtualizer.animationMs, easing: "ease-in-out"});
      running.push(animation.finished ? animation.finished.catch(() => {}) : null);
    }
  }
  await Promise.all(running.filter(Boolean));
  const rekeyed = new Map();
  for (const [key, entry] of virtualizer.live) {
    const after = afterKeys.get(entry);
    if (after && after.alpha !== 0) { entry.element = after; rekeyed.set(elementKey(after), entry); }
    else rekeyed.set(key + "#gone", entry);
  }
  virtualizer.live = rekeyed;
}
