// problem.js: how the service's answers that are not 2xx reach a caller. DOM-free.

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
  constructor(problem, status, retryAfter) {
    /** @type {Problem} */
    const p = problem && typeof problem === "object" ? problem : {title: String(problem)};
    const where = p.pointer !== undefined ? ` at ${p.pointer || "/"}` : p.parameter ? ` (${p.parameter})` : "";
    super(`${status || p.status || ""} ${p.title || "Error"}: ${p.detail || ""}${where}`.trim());
    this.name = "ProblemError";
    /** @type {Problem} */
    this.problem = p;
    /** @type {number} */
    this.status = status || p.status || 0;
    /** @type {number | null} */
    this.retryAfter = retryAfter ?? null;
  }
}

/**
 * A 304 answer to a conditional GET: the cached answer with this tag is still the answer.
 * @type {Readonly<{notModified: true}>}
 */
export const NOT_MODIFIED = Object.freeze({notModified: /** @type {true} */ (true)});

/**
 * Why `signal` aborted: its reason, or an AbortError.
 * @param {AbortSignal} signal
 * @returns {any}
 */
export function abortReason(signal) {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/**
 * Whether `error` is an abort (the request's signal) or a timeout.
 * @param {any} error
 * @returns {boolean}
 */
export function isAbort(error) { return Boolean(error && (error.name === "AbortError" || error.name === "TimeoutError")); }
