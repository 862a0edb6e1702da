// A waterfall's size reports with and without kept columns: its Grow buttons report every other visible cell (the
// even items) 120 points taller through the Virtualizer's size reports, its `keepColumns` option set for the one,
// not the other. With kept columns the cells move only along their columns; without, the ones after a grown cell
// may change column.
// Kept columns are written into the spec, so later reports on that layout keep them too.
// Part of the playground's module, after viewport.js. `window.playground.keptColumns` is for tests.
function syncWaterfallControls() {
  $("waterfall-controls").hidden = viewport.dataset.layout !== "waterfall";
}
new MutationObserver(syncWaterfallControls).observe($("summary"), {childList: true, characterData: true, subtree: true});

/** Reports the visible even items 120 points taller (kept columns or not); resolves with the answer once shown. */
async function grow(keepColumns) {
  const top = virtualizer.offset().y, bottom = top + viewport.clientHeight;
  const visible = [...virtualizer.live.values()].map((entry) => entry.element)
    .filter((e) => e && e.category === "cell" && e.frame.y < bottom && e.frame.y + e.frame.height > top);
  if (!visible.length) return null;
  for (const e of visible.filter((e) => e.item % 2 === 0)) {
    virtualizer.sizeQueue.set(`cell/${e.section}/${e.item}`,
      {section: e.section, item: e.item, width: e.frame.width, height: e.frame.height + 120});
  }
  virtualizer.keepColumns = keepColumns;
  scrolled = true;
  const rendered = completeRender();
  let answer;
  try {
    answer = await virtualizer.flushSizes();
  } catch (error) {
    return showProblem(error);
  } finally {
    virtualizer.keepColumns = false;
  }
  showSummary(answer);
  await rendered;
  return answer;
}
$("grow-kept").addEventListener("click", () => grow(true));
$("grow-free").addEventListener("click", () => grow(false));
syncWaterfallControls();
window.playground.keptColumns = {grow};
