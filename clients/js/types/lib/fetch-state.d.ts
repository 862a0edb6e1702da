/** The fetching state of a Virtualizer (its base class). */
export class FetchState {
    /**
     * @param {import("./http-client.js").LayoutClient} client
     * @param {{cacheSize?: number, maxInFlight?: number, maxAge?: number, columns?: "auto" | boolean,
     *   lookahead?: number, onError?: (error: any) => void, clock?: () => number}} options
     */
    constructor(client: import("./http-client.js").LayoutClient, { cacheSize, maxInFlight, maxAge, columns, lookahead, onError, clock }: {
        cacheSize?: number;
        maxInFlight?: number;
        maxAge?: number;
        columns?: "auto" | boolean;
        lookahead?: number;
        onError?: (error: any) => void;
        clock?: () => number;
    });
    client: import("./http-client.js").LayoutClient;
    maxInFlight: number;
    maxAge: number;
    clock: () => number;
    /** @type {number | undefined} ms of scrolling fetched ahead; default: measured latency, see lookaheadMs */
    lookahead: number | undefined;
    /** @type {((error: any) => void) | undefined} */
    onError: (error: any) => void;
    /** @type {"yes" | "no" | "unknown"} whether the service answers `format=columns` */
    columns: "yes" | "no" | "unknown";
    cache: AnswerCache;
    /** @type {Map<string, {controller: AbortController, k: any, revalidation: boolean, seq: number}>} */
    inFlight: Map<string, {
        controller: AbortController;
        k: any;
        revalidation: boolean;
        seq: number;
    }>;
    /** @type {Map<string, LayoutElement>} every element with `sticky` seen in any tile */
    sticky: Map<string, LayoutElement>;
    stats: {
        requests: number;
        revalidations: number;
        notModified: number;
        aborted: number;
        dropped: number;
        lateDrawn: number;
        renders: number;
        completeRenders: number;
        errors: number;
        created: number;
        reused: number;
    };
    /** @type {Map<string, number>} band key -> times requested (not counting revalidations) */
    requested: Map<string, number>;
    latency: number;
    seq: number;
    answeredSeq: number;
    generation: number;
    /** @type {{rect: number[], offset: number[], elements: LayoutElement[], seq: number} | null} */
    liveAnswer: {
        rect: number[];
        offset: number[];
        elements: LayoutElement[];
        seq: number;
    };
    /** @type {{controller: AbortController} | null} */
    liveFlight: {
        controller: AbortController;
    };
    /** @returns {number} ms of scrolling to fetch ahead: about two answers' time plus two frames */
    get lookaheadMs(): number;
    /** Aborts every request in flight. */
    abortAll(): void;
    /** A request failed: `onError`, else the console. @param {any} error */
    reportError(error: any): void;
}
export type LayoutElement = import("./elements.js").LayoutElement;
import { AnswerCache } from "./plans.js";
