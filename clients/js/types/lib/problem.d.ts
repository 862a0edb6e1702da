/**
 * Why `signal` aborted: its reason, or an AbortError.
 * @param {AbortSignal} signal
 * @returns {any}
 */
export function abortReason(signal: AbortSignal): any;
/**
 * Whether `error` is an abort (the request's signal) or a timeout.
 * @param {any} error
 * @returns {boolean}
 */
export function isAbort(error: any): boolean;
/**
 * An RFC 9457 problem object, as the service answers it (`application/problem+json`).
 * @typedef {{type?: string, title?: string, status?: number, detail?: string, pointer?: string,
 *   parameter?: string, [key: string]: unknown}} Problem
 */
/** A problem answer (`application/problem+json`) or another failed request, as an Error. */
export class ProblemError extends Error {
    /**
     * @param {Problem | string} problem the answer's problem object (anything else becomes its `title`)
     * @param {number} [status] the HTTP status (else the problem's)
     * @param {number | null} [retryAfter] the answer's `Retry-After` in seconds (429, 503), when it had one
     */
    constructor(problem: Problem | string, status?: number, retryAfter?: number | null);
    /** @type {Problem} */
    problem: Problem;
    /** @type {number} */
    status: number;
    /** @type {number | null} */
    retryAfter: number | null;
}
/**
 * A 304 answer to a conditional GET: the cached answer with this tag is still the answer.
 * @type {Readonly<{notModified: true}>}
 */
export const NOT_MODIFIED: Readonly<{
    notModified: true;
}>;
/**
 * An RFC 9457 problem object, as the service answers it (`application/problem+json`).
 */
export type Problem = {
    [key: string]: unknown;
    type?: string;
    title?: string;
    status?: number;
    detail?: string;
    pointer?: string;
    parameter?: string;
};
