// The playground's behaviour, on the JavaScript client the service serves (GET /client/layout-client.js).
// `examples` comes from examples.js, spliced into the same module before this file. `window.playground` exposes
// the page's operations to tests (load an example, prepare, update, scroll) and `#viewport`'s data attributes
// record the last complete render (its rect and offset) and how many there were.
import {LayoutClient, Virtualizer, ProblemError, declareFonts, drawTextCell, fontStack, workerFetch, applyLevel,
  OutlineState} from "/client/layout-client.js";

const $ = (id) => document.getElementById(id);
const viewport = $("viewport"), content = $("content"), specText = $("spec");
let waiters = [], renders = 0, lastRendered = "", scrolled = false;

// The API key (when the service has keys): a password field, sent by the client as `Authorization: Bearer` with
// every request the page makes. Kept in sessionStorage (this tab, until it closes: a reload keeps it), never put
// into the URL or logged.
const KEY_ITEM = "layout-service.apiKey";
function storedKey() {
  try { return sessionStorage.getItem(KEY_ITEM) || undefined; } catch (e) { return undefined; }
}
// Requests go from a worker: a busy page (a grid flung fast) takes each answer in one task (docs/clients.md).
const client = new LayoutClient("", {apiKey: storedKey(), fetch: workerFetch()});
function setApiKey(key) {
  key = String(key || "").trim();
  client.apiKey = key || undefined;
  try { if (key) sessionStorage.setItem(KEY_ITEM, key); else sessionStorage.removeItem(KEY_ITEM); } catch (e) { /* storage off */ }
  if ($("api-key").value.trim() !== key) $("api-key").value = key;
}
$("api-key").value = client.apiKey || "";
$("api-key").addEventListener("input", () => setApiKey($("api-key").value));
$("api-key").addEventListener("keydown", (event) => { if (event.key === "Enter") prepare(); });

// A view's label: "section.item" for a cell, "kind section" for a header or footer; in a layout of one section the
// item alone names it ("item", "kind item": a program's day headers are items of section 0, and its events are as
// narrow as a day's share of the width). A badge (a supplementary item of a cell, too small for a word) shows its
// cell's item; the CSS ends any label that does not fit with an ellipsis.
function label(e, sections) {
  if (e.category === "cell") return sections === 1 ? `${e.item}` : `${e.section}.${e.item}`;
  return e.kind === "badge" ? `${e.item}` : `${e.kind} ${sections === 1 ? e.item : e.section}`;
}

// Cells given as content (the text examples): the layout's text styles and each section's contents, as prepared (and
// as updated since), so that a cell is drawn from its content (drawTextCell) with the service's fonts.
const shown = {textStyles: null, contents: [], outlines: []};
let fonts = null;  // GET /v1/fonts, declared as @font-face rules once a text example is shown
const TEXT_STYLE_PROPERTIES = ["boxSizing", "display", "flexDirection", "alignItems", "justifyContent", "overflow",
  "padding", "rowGap"];

/**
 * Declares the service's fonts (once) and loads the faces of `textStyles`, so that text is drawn with them at once.
 * The fallback families' faces (megabytes for CJK) load when a character needs them.
 */
async function loadFonts(textStyles) {
  fonts = fonts || declareFonts(client, document);
  const catalog = await fonts;
  await Promise.all(Object.values(textStyles).map((s) => document.fonts.load(`${s.weight} ${s.size}px ${fontStack(s.family)}`)));
  return catalog;
}

function contentOf(e) {
  const section = e.category === "cell" && shown.contents[e.section];
  return section ? section[e.item] : null;
}

const virtualizer = new Virtualizer({
  client, scrollElement: viewport, content, overscan: 0.5,
  createView() {
    const view = document.createElement("div");
    view.appendChild(document.createElement("span"));
    return view;
  },
  updateView(view, e) {
    view.dataset.id = view.dataset.key;
    const text = contentOf(e);
    view.className = `element ${e.category}` + (e.kind ? ` kind-${e.kind}` : "") +
      (e.rowSpan || e.columnSpan ? " merged" : "") + (e.stickyX || e.stickyY || e.zIndex > 0 ? " frozen" : "") +
      (text ? " text" : "");
    if (text) {
      drawTextCell(view, text, shown.textStyles, shown.fallback);
      if (view.mediaBox) view.mediaBox.className = "media";
      view.title = `cell ${e.section}.${e.item}`;
      return;
    }
    if (!(view.firstChild instanceof HTMLSpanElement)) {  // a text cell's view, reused for a labelled one
      for (const name of TEXT_STYLE_PROPERTIES) view.style[name] = "";
      view.replaceChildren(document.createElement("span"));
    }
    // A grid's cell is a block whose one line is as tall as the cell (playground.css).
    view.style.lineHeight = viewport.dataset.layout === "grid" ? `${e.frame.height - 2}px` : "";
    view.firstChild.textContent = label(e, virtualizer.summary ? virtualizer.summary.sections : 0);
    // An outline's row: indented by its level, with a disclosure when it has children (a click toggles it).
    applyLevel(view, e);
    const outline = e.category === "cell" && shown.outlines[e.section];
    const disclosure = outline && outline.hasChildren(e.item) ? (outline.isCollapsed(e.item) ? "▸ " : "▾ ") : "";
    if (outline) view.firstChild.textContent = disclosure + view.firstChild.textContent;
    if (disclosure) view.dataset.disclosure = `${e.section}/${e.item}`; else delete view.dataset.disclosure;
    view.title = e.category === "cell" ? `cell ${e.section}.${e.item}` : `${e.kind} ${e.section}.${e.item}`;
  },
  recycleView(view) { view.dataset.id = ""; },
  onRender({elements, complete, rect, offset}) {
    $("nodes").textContent = content.children.length;
    $("count").textContent = elements.length;
    $("latency").textContent = virtualizer.latency.toFixed(1);
    // A viewport that follows the window's width is laid out again by the virtualizer: the summary and the size
    // fields follow it.
    if (viewport.dataset.follows && virtualizer.summary && !$("summary").textContent.includes(virtualizer.summary.id)) {
      shown.collectionView = {...shown.collectionView, width: viewport.clientWidth, height: viewport.clientHeight};
      showSummary(virtualizer.summary);
    }
    // A render counts when it shows another rect, or follows a scroll the test asked for.
    const key = rect.join(",") + "|" + offset.join(",");
    if (!complete || (key === lastRendered && !scrolled)) return;
    lastRendered = key;
    scrolled = false;
    renders += 1;
    Object.assign(viewport.dataset, {queryRect: rect.join(","), queryOffset: offset.join(","),
      renders});
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  },
  onError: showProblem,
});

/** Resolves at the next render that shows everything the viewport needs. */
function completeRender() { return new Promise((resolve) => waiters.push(resolve)); }

async function prepare() {
  $("problem").hidden = true;
  let answer, spec;
  const generated = editorSpec();
  try {
    spec = generated || JSON.parse(specText.value);
  } catch (error) {
    return showProblem({title: "Not JSON", detail: String(error)});
  }
  try {
    answer = await client.prepare(generated || specText.value);
    if (spec.textStyles) shown.fallback = (await loadFonts(spec.textStyles)).fallback;
  } catch (error) {
    return showProblem(error);
  }
  shown.textStyles = spec.textStyles || null;
  shown.collectionView = spec.collectionView;
  shown.contents = (spec.sections || []).map((s) => s.contents || null);
  shown.outlines = (spec.sections || []).map((s, i) => s.outline ? new OutlineState(i, s.outline) : null);
  showSummary(answer);
  // The visible area is the collection view's size; scroll bars and borders come on top of it. The old views go
  // and the content takes the new layout's size first, so that the scroll bars measured are the new layout's.
  virtualizer.clear();
  viewport.dataset.layout = answer.layout;
  content.style.width = Math.min(answer.contentSize.width, virtualizer.maxContentLength) + "px";
  content.style.height = Math.min(answer.contentSize.height, virtualizer.maxContentLength) + "px";
  viewport.style.width = spec.collectionView.width + "px";
  viewport.style.height = spec.collectionView.height + "px";
  viewport.style.width = 2 * spec.collectionView.width - viewport.clientWidth + "px";
  viewport.style.height = 2 * spec.collectionView.height - viewport.clientHeight + "px";
  // A chat ("contentAnchor": "end") starts at the end of its scroll range, its newest message in view; any other
  // layout at its start.
  const atEnd = spec.contentAnchor === "end", horizontal = spec.scrollDirection === "horizontal";
  viewport.scrollLeft = atEnd && horizontal ? viewport.scrollWidth : 0;
  viewport.scrollTop = atEnd && !horizontal ? viewport.scrollHeight : 0;
  scrolled = true;
  virtualizer.sectionOffsets.clear();  // another layout's rows start at 0
  viewport.dataset.sectionOffsets = "";
  const rendered = completeRender();
  await virtualizer.setLayout(answer.id, answer);
  await rendered;
  delete viewport.dataset.follows;
  return followsWidth(spec) ? followWidth() : answer;
}

// A count that follows the width (docs/specs.md, "Counts that follow the width": an itemSize or columnCount with
// minimumWidth) follows the window's: the viewport takes half of it, and the virtualizer lays the layout out again
// (POST .../bounds) whenever its client area changes (its `followClientArea`), and once here for the width it takes
// now (which sets the size laid out first, so the resize observer asks nothing more for it).
const followsWidth = (spec) => [spec, ...(spec.sections || [])].some((s) =>
  (s.itemSize && "minimumWidth" in s.itemSize) || (s.columnCount && typeof s.columnCount === "object"));
async function followWidth() {
  viewport.style.width = "50vw";
  viewport.dataset.follows = "width";
  scrolled = true;
  const rendered = completeRender();
  const answer = await virtualizer.resize();
  shown.collectionView = {...shown.collectionView, width: viewport.clientWidth, height: viewport.clientHeight};
  showSummary(answer);
  await rendered;
  return answer;
}

function showSummary(answer) {
  $("summary").textContent = `id ${answer.id} · ${answer.layout} · content ` +
    `${points(answer.contentSize.width)} × ${points(answer.contentSize.height)} · ${count(answer.items, "item")} in ` +
    `${count(answer.sections, "section")}` + (answer.boundsDependent ? " · bounds-dependent" : "");
}

// A length in points as people read it: grouped, to two decimals at most ("19,180,428", "390", "12.5").
function points(n) { return n.toLocaleString("en", {maximumFractionDigits: 2}); }

function count(n, noun) {
  return `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
}

// Problems name the field by JSON pointer: show it, and select that field in the editor.
function showProblem(error) {
  const problem = error instanceof ProblemError ? error.problem
    : error instanceof Error ? {title: "Network error", detail: String(error)} : error;
  const status = problem.status || (error && error.status) || "";
  const box = $("problem");
  box.hidden = false;
  box.textContent = `${status} ${problem.title || "Error"}: ${problem.detail || ""}`;
  // Refused for want of a key (401) or of a scope (403): say where the key goes.
  if (status === 401 || status === 403) {
    const hint = document.createElement("span");
    hint.className = "hint";
    hint.textContent = status === 401
      ? (client.apiKey ? "The service does not know this key: enter another in the API key field."
        : "The service needs an API key: enter one in the API key field.")
      : "This key lacks that scope: enter a key with read,write in the API key field.";
    box.append(hint);
  }
  if (problem.pointer !== undefined) {
    const mark = document.createElement("mark");
    mark.textContent = problem.pointer || "/";
    box.append(" at ", mark);
    const range = locate(specText.value, problem.pointer);
    if (range) { specText.focus(); specText.setSelectionRange(range[0], range[1]); }
  }
}

// Where a JSON pointer's value (or its missing member's object) sits in the text: [start, end].
function locate(text, pointer) {
  const want = pointer.split("/").slice(1).map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let i = 0, best = null;
  const ws = () => { while (/\s/.test(text[i] || "")) i++; };
  function value(path) {
    ws();
    const start = i, matches = path.length <= want.length && path.every((p, k) => p === want[k]);
    if (text[i] === "{") {
      i++; ws();
      while (text[i] !== "}" && i < text.length) {
        const key = string(); ws(); i++;  // ':'
        value(path.concat([key])); ws();
        if (text[i] === ",") { i++; ws(); }
      }
      i++;
    } else if (text[i] === "[") {
      i++; ws(); let k = 0;
      while (text[i] !== "]" && i < text.length) {
        value(path.concat([String(k++)])); ws();
        if (text[i] === ",") { i++; ws(); }
      }
      i++;
    } else if (text[i] === '"') { string(); }
    else { while (i < text.length && !/[,\]}\s]/.test(text[i])) i++; }
    if (matches && (!best || path.length >= best.depth)) best = {depth: path.length, range: [start, i]};
  }
  function string() {
    const start = ++i;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    return text.slice(start, i++);
  }
  try { value([]); } catch (e) { return null; }
  return best && best.range;
}

// Batch updates: the client posts the batch with the drawn rect, animates each element's before -> after pair
// (Web Animations), then shows the new layout as it queries it.
async function update(op) {
  const first = [...virtualizer.live.keys()].filter((k) => k.startsWith("cell/")).map((k) => k.split("/").map(Number))
    .sort((a, b) => a[1] - b[1] || a[2] - b[2])[0];
  if (!first) return;
  const path = [first[1], first[2]];
  const batch = {updates: [op === "insert" ? {op: "insertItems", indexPaths: [path]} : {op: "deleteItems", indexPaths: [path]}]};
  // A section of content: an inserted item brings its content. The contents change first: the views are drawn
  // with the new items' contents from the animation's start.
  const contents = shown.contents[path[0]], saved = contents && contents.slice();
  if (contents && op === "insert") {
    const inserted = {padding: {top: 10, left: 12, bottom: 10, right: 12},
      blocks: [{style: Object.keys(shown.textStyles)[0], text: "Inserted before the first visible item."}]};
    batch.updates[0].contents = [inserted];
    contents.splice(path[1], 0, inserted);
  } else if (contents) contents.splice(path[1], 1);
  let answer;
  try {
    answer = await virtualizer.applyUpdates(batch);
  } catch (error) {
    if (saved) shown.contents[path[0]] = saved;
    return showProblem(error);
  }
  showSummary(answer);
  // The new layout's answers come after this: wait for the render that shows it whole.
  scrolled = true;
  await completeRender();
  return answer;
}

// Outline rows: a click on a row with a disclosure expands or collapses it (one batch, animated by the client).
async function toggle(section, item) {
  const outline = shown.outlines[section];
  if (!outline || !outline.hasChildren(item)) return null;
  let answer;
  try {
    answer = await outline.toggle(virtualizer, item);
  } catch (error) {
    return showProblem(error);
  }
  showSummary(answer);
  scrolled = true;
  await completeRender();
  // The toggled row's disclosure turns: its element is the same, so its view is drawn again here.
  for (const entry of virtualizer.live.values()) if (entry.element) virtualizer.updateView(entry.view, entry.element);
  return answer;
}
let lastToggle = Promise.resolve(null);
content.addEventListener("click", (event) => {
  const row = event.target instanceof Element ? event.target.closest("[data-disclosure]") : null;
  if (!row) return;
  const [section, item] = row.dataset.disclosure.split("/").map(Number);
  lastToggle = toggle(section, item);
});

// A spec too big to edit (the text feed's posts: megabytes, which a textarea takes seconds to lay out) is shown with
// its long `contents` cut to their first three; the page keeps the whole spec and posts it while the editor's text is
// what it showed. An edited text is posted as it reads (the cut contents answered by a problem that points there).
let generated = null;  // {spec, text}
const EDITABLE_CONTENTS = 20;

/** Shows `spec` in the editor: indented, long `contents` cut. */
function showSpec(spec) {
  const long = (spec.sections || []).some((s) => s.contents && s.contents.length > EDITABLE_CONTENTS);
  const shortened = !long ? spec : {...spec, sections: spec.sections.map((s) => !s.contents ||
    s.contents.length <= EDITABLE_CONTENTS ? s : {...s, contents: [...s.contents.slice(0, 3),
      `… ${(s.contents.length - 3).toLocaleString("en")} more, generated in the page (examples.js) …`]})};
  specText.value = JSON.stringify(shortened, null, 1).replace(/\[\s+(-?[\d.]+),\s+(-?[\d.]+)\s+\]/g, "[$1, $2]");
  generated = long ? {spec, text: specText.value} : null;
}

/** The whole spec the editor shows cut, while its text is unchanged; else null (the editor's text is the spec). */
function editorSpec() { return generated && generated.text === specText.value ? generated.spec : null; }

/** Puts an example's spec in the editor: at once, or (an example that posts a program first) when its promise is. */
function load(name) {
  $("example").value = name;
  const spec = examples[name](client);
  if (spec instanceof Promise) return spec.then(showSpec, showProblem);
  showSpec(spec);
}

// Rows that scroll on their own (a compositional layout's orthogonal sections, the summary's
// `tile.orthogonalSections`): a sideways wheel over one moves its row (virtualizer.setSectionOffset: the cells move
// and take their scroll effects); when the wheel stops, the row flings to where the service's target offset for
// that section says, animated frame by frame. `#viewport`'s `data-section-offsets` tells the rows' offsets.
const rowFling = {frame: 0, timer: null, velocity: 0, last: 0};
function rowsAlongX() { return !virtualizer.summary.tile || virtualizer.summary.tile.axis !== "x"; }
function rowOf(target) {
  const view = target && target.closest ? target.closest(".element") : null;
  const section = view && view.dataset.key ? Number(view.dataset.key.split("/")[1]) : NaN;
  const rows = (virtualizer.summary && virtualizer.summary.tile && virtualizer.summary.tile.orthogonalSections) || [];
  return rows.some((r) => r.section === section) ? section : null;
}
function setRow(section, offset) {
  virtualizer.setSectionOffset(section, offset);
  viewport.dataset.sectionOffsets = [...virtualizer.sectionOffsets].map(([s, x]) => `${s}:${x}`).join(",");
}
/** Flings row `section` at `velocity` (points/ms along the row) to the service's target offset for it. */
async function flingRow(section, velocity) {
  const from = virtualizer.sectionOffsets.get(section) || 0, proposed = from + velocity * 325;
  const point = (v) => (rowsAlongX() ? [v, 0] : [0, v]);
  const target = await client.request("GET", `/v1/layouts/${virtualizer.layoutId}/target-offset`,
    {query: {proposed: point(proposed), velocity: point(velocity), section}});
  const to = rowsAlongX() ? target.x : target.y, start = performance.now(), ms = 450, frame = ++rowFling.frame;
  await new Promise((resolve) => {
    const step = (t) => {
      if (frame !== rowFling.frame) return resolve();  // a newer fling took over
      const p = Math.min(1, Math.max(0, (t - start) / ms));  // a frame's time may precede the fling's start
      setRow(section, from + (to - from) * (1 - (1 - p) ** 3));
      if (p < 1) requestAnimationFrame(step); else resolve();
    };
    requestAnimationFrame(step);
  });
  return to;
}
viewport.addEventListener("wheel", (event) => {
  const along = rowsAlongX() ? event.deltaX : event.deltaY, across = rowsAlongX() ? event.deltaY : event.deltaX;
  const section = Math.abs(along) > Math.abs(across) ? rowOf(event.target) : null;
  if (section === null) return;
  event.preventDefault();
  rowFling.frame += 1;  // the finger is back: no fling runs
  const now = performance.now();
  rowFling.velocity = along / Math.max(8, now - rowFling.last);
  rowFling.last = now;
  setRow(section, (virtualizer.sectionOffsets.get(section) || 0) + along);
  clearTimeout(rowFling.timer);
  rowFling.timer = setTimeout(() => flingRow(section, rowFling.velocity), 120);
}, {passive: false});

for (const name of Object.keys(examples)) $("example").add(new Option(name, name));
$("example").addEventListener("change", async () => { await load($("example").value); prepare(); });
$("prepare").addEventListener("click", prepare);
$("insert").addEventListener("click", () => update("insert"));
$("delete").addEventListener("click", () => update("delete"));
load("Photo grid");
window.playground = {examples: Object.keys(examples), state: {get live() { return virtualizer.live; }}, virtualizer,
  client, load, prepare, update, toggle, setApiKey, flingRow, setRow, get lastToggle() { return lastToggle; },
  scrollTo(x, y) { scrolled = true; virtualizer.scrollToOffset({x, y}); }};
window.playgroundReady = prepare();
