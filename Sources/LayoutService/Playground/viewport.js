// The viewport's size fields (POST .../bounds: a new size without losing the user's place) and the chat example
// (older messages prepended and new ones appended in place: `offset` and `anchor` on updates). Part of the
// playground's module, after playground.js. `window.playground.viewport` is for tests; `#viewport`'s
// `data-resizes` counts the resizes done.
const viewWidth = $("view-width"), viewHeight = $("view-height");

function currentSpec() { try { return editorSpec() || JSON.parse(specText.value); } catch (e) { return null; } }

// The fields follow the spec of the layout shown (as prepared: the editor's text may be megabytes to parse); the
// chat's buttons show with the chat.
function syncViewFields() {
  const view = shown.collectionView || (currentSpec() || {}).collectionView;
  if (view) { viewWidth.value = view.width; viewHeight.value = view.height; }
  $("chat-controls").hidden = $("example").value !== "Chat";
}
new MutationObserver(syncViewFields).observe($("summary"), {childList: true, characterData: true, subtree: true});

// Shows a layout answered for the same data (bounds, updates) at the offset it answers.
async function showAnswered(answer, offset, size) {
  scrolled = true;
  if (size) {
    // Every frame changes: no view of the old size may widen the scroll area.
    virtualizer.clear();
    content.style.width = answer.contentSize.width + "px";  // scroll bars come from the new content, not the old
    content.style.height = answer.contentSize.height + "px";
    viewport.style.width = size.w + "px"; viewport.style.height = size.h + "px";
    viewport.style.width = 2 * size.w - viewport.clientWidth + "px";
    viewport.style.height = 2 * size.h - viewport.clientHeight + "px";
  }
  const rendered = completeRender();
  await virtualizer.setLayout(answer.id, answer);
  virtualizer.scrollToOffset(answer.contentOffset || offset);
  showSummary(answer);
  await rendered;
  return answer;
}

// A new view size: the same layout at that size, the first visible cell kept in place.
async function resize(w, h) {
  if (!virtualizer.layoutId || !(w > 0) || !(h > 0)) return;
  const offset = virtualizer.offset();
  let answer;
  try {
    answer = await client.bounds(virtualizer.layoutId, {collectionView: {width: w, height: h}, offset});
  } catch (error) {
    return showProblem(error);
  }
  $("problem").hidden = true;
  const s = currentSpec();
  if (s && s.collectionView) {
    Object.assign(s.collectionView, {width: w, height: h});
    showSpec(s);
  }
  viewWidth.value = w; viewHeight.value = h;
  shown.collectionView = {...shown.collectionView, width: w, height: h};
  await showAnswered(answer, offset, {w, h});
  viewport.dataset.resizes = Number(viewport.dataset.resizes || 0) + 1;
  return answer;
}
for (const field of [viewWidth, viewHeight]) {
  field.addEventListener("change", () => resize(Number(viewWidth.value), Number(viewHeight.value)));
}

// Chat: a page of older messages above (what is on screen stays), new ones below (the end stays the end for a
// reader who was there).
async function insertMessages(paths, anchor) {
  const offset = virtualizer.offset(), messages = paths.map(chatMessage);
  let answer;
  try {
    answer = await client.updates(virtualizer.layoutId, {updates: [{op: "insertItems", indexPaths: paths,
      contents: messages}], offset, ...(anchor ? {anchor} : {})});
  } catch (error) {
    return showProblem(error);
  }
  paths.forEach(([section, item], i) => shown.contents[section]?.splice(item, 0, messages[i]));
  return showAnswered(answer, offset);
}
const older = (n) => insertMessages(Array.from({length: n}, (_, i) => [0, i]));
const newer = (n) => insertMessages(Array.from({length: n}, (_, i) => [0, virtualizer.summary.items + i]), "end");
function toEnd() {
  const v = virtualizer.viewport();
  window.playground.scrollTo(0, Math.max(0, virtualizer.summary.contentSize.height - v.height));
}
$("chat-older").addEventListener("click", () => older(10));
$("chat-newer").addEventListener("click", () => newer(1));
syncViewFields();
window.playground.viewport = {resize, older, newer, toEnd};
