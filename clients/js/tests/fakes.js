// Test doubles for the parts of the browser the client uses: fetch (with AbortSignal), a few DOM nodes, a clock,
// and a reference service: a one-column feed whose answers are computed by brute force over every item.

export class FakeElement {
  constructor(tag = "div") {
    this.tag = tag; this.style = {}; this.dataset = {}; this.children = []; this.parentNode = null; this.animations = [];
  }
  get firstElementChild() { return this.children[0] || null; }
  appendChild(child) { child.parentNode = this; this.children.push(child); return child; }
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
  return {contentSize, count: elements.length, section: elements.map((e) => e.section), item: elements.map((e) => e.item),
    x: elements.map((e) => e.frame.x), y: elements.map((e) => e.frame.y), width: elements.map((e) => e.frame.width),
    height: elements.map((e) => e.frame.height)};
}

/**
 * A fetch over a reference service. Every request is recorded; answers wait until the test releases them
 * (`answerAll`, `answer(i)`), unless `auto` is set. Aborted requests reject with an AbortError at once.
 */
export class FakeService {
  constructor({elements, contentSize, id = "L1", tile, columns = false, boundsDependent = false, auto = false} = {}) {
    Object.assign(this, {elements, contentSize, id, tile, columns, boundsDependent, auto});
    this.requests = [];
    this.fetch = (url, init = {}) => this.handle(url, init);
  }

  summary() {
    const s = {id: this.id, layout: "flow", contentSize: this.contentSize, sections: 1, items: this.elements.length,
      boundsDependent: this.boundsDependent};
    if (this.tile) s.tile = this.tile;
    return s;
  }

  /** The answer the reference gives to a request: [status, body, etag]. */
  answerFor(url, init) {
    const u = new URL(url, "http://service");
    const path = u.pathname, q = u.searchParams;
    if (path === `/v1/layouts/${this.id}`) return [200, this.summary()];
    let elements;
    if (path === `/v1/layouts/${this.id}/attributes`) {
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
