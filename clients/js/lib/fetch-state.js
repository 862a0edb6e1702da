// fetch-state.js: what a virtualizer's fetch strategies share: the client, the answer cache, the requests in
// flight, the counters, the measured latency. DOM-free.
import {AnswerCache} from "./plans.js";

/** @typedef {import("./elements.js").LayoutElement} LayoutElement */

const now = () => (globalThis.performance ? globalThis.performance.now() : Date.now());

/** The fetching state of a Virtualizer (its base class). */
export class FetchState {
  /**
   * @param {import("./http-client.js").LayoutClient} client
   * @param {{cacheSize?: number, maxInFlight?: number, maxAge?: number, columns?: "auto" | boolean,
   *   lookahead?: number, onError?: (error: any) => void, clock?: () => number}} options
   */
  constructor(client, {cacheSize = 48, maxInFlight = 6, maxAge = 300000, columns = "auto", lookahead, onError,
    clock = now}) {
    this.client = client;
    this.maxInFlight = maxInFlight;
    this.maxAge = maxAge;
    this.clock = clock;
    /** @type {number | undefined} ms of scrolling fetched ahead; default: measured latency, see lookaheadMs */
    this.lookahead = lookahead;
    /** @type {((error: any) => void) | undefined} */
    this.onError = onError;
    /** @type {"yes" | "no" | "unknown"} whether the service answers `format=columns` */
    this.columns = columns === true ? "yes" : columns === false ? "no" : "unknown";
    this.cache = new AnswerCache(cacheSize);
    /** @type {Map<string, {controller: AbortController, k: any, revalidation: boolean, seq: number}>} */
    this.inFlight = new Map();
    /** @type {Map<string, LayoutElement>} every element with `sticky` seen in any tile */
    this.sticky = new Map();
    this.stats = {requests: 0, revalidations: 0, notModified: 0, aborted: 0, dropped: 0, lateDrawn: 0, renders: 0,
      completeRenders: 0, errors: 0, created: 0, reused: 0};
    /** @type {Map<string, number>} band key -> times requested (not counting revalidations) */
    this.requested = new Map();
    this.latency = 30;  // ms, exponentially weighted
    this.seq = 0;  // requests made
    this.answeredSeq = 0;  // the newest request answered
    this.generation = 0;  // layouts shown: an answer for another is dropped
    /** @type {{rect: number[], offset: number[], elements: LayoutElement[], seq: number} | null} */
    this.liveAnswer = null;
    /** @type {{controller: AbortController} | null} */
    this.liveFlight = null;
  }

  /** @returns {number} ms of scrolling to fetch ahead: about two answers' time plus two frames */
  get lookaheadMs() { return this.lookahead ?? Math.min(1000, Math.max(250, 2 * this.latency + 40)); }

  /** Aborts every request in flight. */
  abortAll() {
    for (const flight of this.inFlight.values()) flight.controller.abort();
    this.inFlight.clear();
    if (this.liveFlight) { this.liveFlight.controller.abort(); this.liveFlight = null; }
  }

  /** A request failed: `onError`, else the console. @param {any} error */
  reportError(error) {
    this.stats.errors += 1;
    if (this.onError) this.onError(error); else console.error(error);
  }
}
