// Test doubles for the parts of the browser the client uses: fetch (with AbortSignal), a few DOM nodes, a clock,
// and a reference service: a one-column feed whose answers are computed by brute force over every item.

export class FakeElement {
  constructor(tag = "div") {
    this.tag = tag; this.style = {}; this.dataset = {}; this.children = []; this.parentNode = null; this.animations = [];
  }
  get firstElementChild() { return this.children[0] || null; }
  appendChild(child) {
    if (child.parentNode) child.parentNode.removeChild(child);
    child.parentNode = this; this.children.push(child); return child;
  }
  removeChild(child) { this.children.splice(this.children.indexOf(child), 1); child.parentNode = null; return child; }
  remove() { if (this.parentNode) this.parentNode.removeChild(this); }
  addEventListener(type, f) { (this.listeners ||= {})[type] = f; }
  removeEventListener(type) { if (this.listeners) delete this.listeners[type]; }
  animate(keyframes, options) {
    const animation = {keyframes, options, finished: Promise.resolve()};
    this.animations.push(animation);
    return animation;
  }
}

/** A scrolling element `width` × `height` (its content is made by the virtualizer). */
export function fakeScroller(width = 400, height = 600) {
  const e = new FakeElement();
  Object.assign(e, {scrollTop: 0, scrollLeft: 0, clientWidth: width, clientHeight: height,
    ownerDocument: {createElement: (tag) => new FakeElement(tag)}});
  return e;
}

/** The elements of a one-column feed: `count` items `width` × `itemHeight`, item i at y = i·itemHeight. */
export function feedElements(count, width, itemHeight) {
  return Array.from({length: count}, (_, i) => ({category: "cell", section: 0, item: i,
    frame: {x: 0, y: i * itemHeight, width, height: itemHeight}, zIndex: 0, alpha: 1, hidden: false}));
}

function intersects(f, r) {
  return f.x <= r.x + r.width && f.x + f.width >= r.x && f.y <= r.y + r.height && f.y + f.height >= r.y;
}

function toColumns(elements, contentSize) {
  const out = {contentSize, count: elements.length, section: elements.map((e) => e.section), item: elements.map((e) => e.item),
    x: elements.map((e) => e.frame.x), y: elements.map((e) => e.frame.y), width: elements.map((e) => e.frame.width),
    height: elements.map((e) => e.frame.height)};
  for (const name of ["stickyX", "stickyY"]) {
    if (elements.some((e) => e[name])) {
      out[name] = elements.map((e) => e[name] ? [e[name].edge, e[name].min, e[name].max, e[name].inset] : null);
    }
  }
  return out;
}

/**
 * A reference grid: `rows` × `columns` cells of the given heights and widths, `top` frozen rows at the top (pinned as
 * one block) and one at the bottom, one frozen leading column, `merged` ranges (one cell over its range, with
 * `rowSpan` and `columnSpan`); tiles `tileWidth` × `tileHeight`, each every element meeting its rect plus every
 * frozen cell that can be pinned into it, frozen cells with their `stickyX`/`stickyY` ranges ({edge, min, max,
 * inset}) as the service's tiles carry them.
 * `answer(rect, offset)` is what `attributes?rect&offset` answers, by brute force over every cell: frozen cells at
 * their pinned places, written out per edge (not from the sticky ranges).
 */
export function referenceGrid({heights, widths, merged = [], view, top = 1, tileWidth = view.width, tileHeight = view.height}) {
  const ys = [0], xs = [0];
  for (const h of heights) ys.push(ys.at(-1) + h);
  for (const w of widths) xs.push(xs.at(-1) + w);
  const H = ys.at(-1), W = xs.at(-1), R = heights.length, C = widths.length;
  const covered = new Set(), elements = [];
  for (const m of merged) for (let r = m.row; r < m.row + m.rows; r++) for (let c = m.column; c < m.column + m.columns; c++) covered.add(`${r}/${c}`);
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const m = merged.find((m) => m.row === r && m.column === c);
      if (covered.has(`${r}/${c}`) && !m) continue;
      const rows = m ? m.rows : 1, columns = m ? m.columns : 1;
      const e = {category: "cell", section: r, item: c, frame: {x: xs[c], y: ys[r], width: xs[c + columns] - xs[c],
        height: ys[r + rows] - ys[r]}, zIndex: 0, alpha: 1, hidden: false};
      if (m) Object.assign(e, {rowSpan: rows, columnSpan: columns});
      if (r < top) e.stickyY = {edge: "leading", min: ys[r], max: H - (ys[top] - ys[r]), inset: ys[r]};
      if (r === R - 1) e.stickyY = {edge: "trailing", min: 0, max: ys[R - 1], inset: 0};
      if (c === 0) e.stickyX = {edge: "leading", min: 0, max: W - widths[0], inset: 0};
      e.zIndex = (e.stickyX ? 1 : 0) + (e.stickyY ? 1 : 0);
      elements.push(e);
    }
  }
  // Pinned places, per edge: the header rows at the visible top, one under the other, the total row's bottom at
  // the visible bottom, the first column's left at the visible left; each kept inside the content.
  const pinned = (e, o) => {
    let {x, y} = e.frame;
    const r = e.section;
    if (r < top) y = Math.min(o.y + ys[r] > ys[r] ? o.y + ys[r] : ys[r], H - (ys[top] - ys[r]));
    if (e.section === R - 1) y = Math.max(Math.min(o.y + view.height - e.frame.height, ys[R - 1]), 0);
    if (e.item === 0) x = Math.min(Math.max(o.x, 0), W - e.frame.width);
    return {...e.frame, x, y};
  };
  const answer = (rect, offset) => elements.filter((e) => intersects(pinned(e, offset), rect))
    .map((e) => ({...e, frame: pinned(e, offset)}));
  // Every place a frozen cell can take along its pinned axes.
  const reach = (e) => {
    const f = e.frame, sx = e.stickyX, sy = e.stickyY;
    return {x: sx ? sx.min : f.x, y: sy ? sy.min : f.y, width: sx ? sx.max - sx.min + f.width : f.width,
      height: sy ? sy.max - sy.min + f.height : f.height};
  };
  const grid = {width: tileWidth, height: tileHeight, columns: Math.max(1, Math.ceil(W / tileWidth)),
    rows: Math.max(1, Math.ceil(H / tileHeight))};
  const tile = (r, c) => {
    const rect = {x: c * tileWidth, y: r * tileHeight, width: tileWidth, height: tileHeight};
    return elements.filter((e) => intersects(e.stickyX || e.stickyY ? reach(e) : e.frame, rect));
  };
  return {elements, contentSize: {width: W, height: H}, tileGrid: grid, answer, tile, pinned, heights, widths, xs, ys};
}

/** Where CSS `position: sticky` puts a frozen view in its track (placeFrozen's styles), in content coordinates,
 * with the scroller at `scrollLeft`, `scrollTop`. */
export function stickyPlace(track, view, scroller) {
  const axis = (start, length, size, justify, lead, trail, scroll, client) => {
    const [t, tl, v] = [parseFloat(start), parseFloat(length), parseFloat(size)];
    const normal = justify === "flex-end" ? t + tl - v : t;
    if (lead !== "auto") return Math.min(Math.max(normal, scroll + parseFloat(lead)), t + tl - v);
    if (trail !== "auto") return Math.max(Math.min(normal, scroll + client - parseFloat(trail) - v), t);
    return normal;
  };
  const [s, v] = [track.style, view.style];
  return {x: axis(s.left, s.width, v.width, s.justifyContent, v.left, v.right, scroller.scrollLeft, scroller.clientWidth),
    y: axis(s.top, s.height, v.height, s.alignItems, v.top, v.bottom, scroller.scrollTop, scroller.clientHeight),
    width: parseFloat(v.width), height: parseFloat(v.height)};
}

/**
 * A fetch over a reference service. Every request is recorded; answers wait until the test releases them
 * (`answerAll`, `answer(i)`), unless `auto` is set. Aborted requests reject with an AbortError at once.
 */
export class FakeService {
  constructor({elements, contentSize, id = "L1", tile, grid, columns = false, boundsDependent = false, auto = false} = {}) {
    if (grid) ({elements, contentSize} = grid);
    Object.assign(this, {elements, contentSize, id, tile, grid, columns, boundsDependent: boundsDependent || Boolean(grid), auto});
    this.requests = [];
    this.fetch = (url, init = {}) => this.handle(url, init);
  }

  summary() {
    const s = {id: this.id, layout: "flow", contentSize: this.contentSize, sections: 1, items: this.elements.length,
      boundsDependent: this.boundsDependent};
    if (this.tile) s.tile = this.tile;
    if (this.grid) Object.assign(s, {layout: "grid", tileGrid: this.grid.tileGrid});
    return s;
  }

  /** The answer the reference gives to a request: [status, body, etag]. */
  answerFor(url, init) {
    const u = new URL(url, "http://service");
    const path = u.pathname, q = u.searchParams;
    if (path === `/v1/layouts/${this.id}`) return [200, this.summary()];
    let elements;
    const parts = path.split("/");
    if (this.grid && parts.length === 7 && parts[4] === "tiles") {
      const [r, c] = [Number(parts[5]), Number(parts[6])], g = this.grid.tileGrid;
      if (!(r < g.rows && c < g.columns)) return [404, {type: "urn:layout-service:problem:unknown-tile", status: 404}];
      elements = this.grid.tile(r, c);
    } else if (this.grid && path === `/v1/layouts/${this.id}/attributes`) {
      const [x, y, width, height] = q.get("rect").split(",").map(Number);
      const [ox, oy] = (q.get("offset") || "0,0").split(",").map(Number);
      elements = this.grid.answer({x, y, width, height}, {x: ox, y: oy});
    } else if (path === `/v1/layouts/${this.id}/attributes`) {
      const [x, y, width, height] = q.get("rect").split(",").map(Number);
      elements = this.elements.filter((e) => intersects(e.frame, {x, y, width, height}));
    } else if (this.tile && path.startsWith(`/v1/layouts/${this.id}/tiles/`)) {
      const k = Number(path.split("/").pop()), L = this.tile.length;
      elements = this.elements.filter((e) => e.frame.y <= (k + 1) * L && e.frame.y + e.frame.height >= k * L);
    } else {
      return [404, {type: "urn:layout-service:problem:not-found", title: "Not Found", status: 404, detail: `no ${path}`}];
    }
    const etag = `"${u.pathname}?${u.search}"`;
    if (init.headers && init.headers["If-None-Match"] === etag) return [304, null, etag];
    const body = this.columns && q.get("format") === "columns" ? toColumns(elements, this.contentSize)
      : {contentSize: this.contentSize, elements};
    return [200, body, etag];
  }

  handle(url, init) {
    const request = {url, init, signal: init.signal, aborted: false};
    this.requests.push(request);
    return new Promise((resolve, reject) => {
      request.release = () => {
        if (request.aborted || request.done) return;
        request.done = true;
        const [status, body, etag] = this.answerFor(url, init);
        resolve(response(status, body, etag));
      };
      if (init.signal) {
        init.signal.addEventListener("abort", () => {
          request.aborted = true;
          if (!request.done) { request.done = true; reject(new DOMException("aborted", "AbortError")); }
        });
      }
      // Summaries answer at once; rect and tile answers when the test says (or at once with `auto`).
      if (this.auto || !/attributes|tiles/.test(url)) queueMicrotask(request.release);
    });
  }

  /** Releases every answer not yet given, and lets the client's promise chains run. */
  async answerAll() {
    for (let round = 0; round < 20; round++) {
      const waiting = this.requests.filter((r) => !r.done);
      if (!waiting.length) break;
      for (const r of waiting) r.release();
      await settle();
    }
  }

  /** The rect or tile requests (not summaries), as paths with queries. */
  queries() { return this.requests.filter((r) => /attributes|tiles/.test(r.url)); }
}

export function response(status, body, etag) {
  const text = body === null || body === undefined ? "" : JSON.stringify(body);
  return {status, ok: status >= 200 && status < 300,
    headers: {get: (name) => (name.toLowerCase() === "etag" ? etag || null : null)},
    text: async () => text};
}

/** Lets pending promise callbacks run. */
export async function settle() { for (let i = 0; i < 10; i++) await new Promise((r) => setImmediate(r)); }

/** The band index of a rect or tile request. */
export function bandOf(request, band) {
  const u = new URL(request.url, "http://service");
  if (u.pathname.includes("/tiles/")) return Number(u.pathname.split("/").pop());
  return Math.round(Number(u.searchParams.get("rect").split(",")[1]) / band);
}
