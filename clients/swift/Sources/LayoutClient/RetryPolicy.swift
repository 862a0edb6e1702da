import Foundation
import HTTPTypes
import OpenAPIRuntime

/// How `LayoutServiceClient` answers "not now": a `429` (a quota is spent) or a `503` (the POST queue is full, the
/// store failed) is sent again after the `Retry-After` it carries, up to `maxAttempts` tries in all. A `503`
/// without `Retry-After` (a proxy's) is tried again after 250 ms, 500 ms, 1 s, ... (jittered); a `429` without it
/// is not (when its quota refills is unknown). A wait over `maxWait` is not waited: the problem is thrown at once,
/// with its `retryAfter`, since trying sooner than the service asked would only be refused again. After the last
/// try, the answer is what it would have been without retries (`LayoutProblem`, or the generated client's case).
public struct RetryPolicy: Sendable, Hashable {
    /// Tries in all, the first included: 1 (or less) never retries.
    public var maxAttempts: Int
    /// The longest wait before a try.
    public var maxWait: Duration

    public init(maxAttempts: Int = 3, maxWait: Duration = .seconds(10)) {
        self.maxAttempts = maxAttempts
        self.maxWait = maxWait
    }

    /// Three tries, waits of at most 10 s.
    public static let `default` = RetryPolicy()
    /// No retries: every answer as the service gave it.
    public static let none = RetryPolicy(maxAttempts: 1)

    /// How long to wait before trying again a request that `attempt` tries (from 1) answered with `status` and
    /// `retryAfter` (the header's value), or nil not to try again.
    public func delay(afterAttempt attempt: Int, status: Int, retryAfter: String?) -> Duration? {
        guard attempt < maxAttempts, status == 429 || status == 503 else { return nil }
        let wait: Duration
        if let seconds = retryAfter.flatMap(Self.seconds(retryAfter:)) {
            wait = .seconds(seconds)
        } else if status == 503 {
            let backoff = 0.25 * Double(1 << min(attempt - 1, 20)) * Double.random(in: 0.5...1)
            wait = .milliseconds(Int((backoff * 1000).rounded()))
        } else {
            return nil
        }
        return wait <= maxWait ? wait : nil
    }

    /// `Retry-After` in whole seconds (the service's form), or from now until its HTTP date.
    static func seconds(retryAfter value: String) -> Int? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed), seconds >= 0 { return seconds }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = format.date(from: trimmed) else { return nil }
        return max(0, Int(date.timeIntervalSinceNow.rounded(.up)))
    }
}

/// Retries by a `RetryPolicy`, below `ProblemMiddleware` (which sees only the last answer) and on
/// `LayoutServiceClient.client` too. Every request of this API may be sent again: GETs (and DELETE); POST
/// /v1/layouts, whose layout's id is its spec's hash (the same spec answers 200 and the same id); POST .../updates,
/// .../sizes and .../bounds, whose new layout's id is that of the spec derived from the base layout and the body
/// (docs/api.md: "registered with the id of its spec"). And a 429 or 503 is given before the request is acted on.
/// A request body that can be read only once (`HTTPBody.iterationBehavior == .single`, a stream) is not retried.
struct RetryMiddleware: ClientMiddleware {
    var policy: RetryPolicy

    /// The most of a refused answer's body read (to free its connection) before trying again.
    static let maxDiscardedBytes = 64 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let resendable = body.map { $0.iterationBehavior == .multiple } ?? true
        var attempt = 1
        while true {
            let (response, responseBody) = try await next(request, body, baseURL)
            guard resendable,
                let wait = policy.delay(
                    afterAttempt: attempt, status: response.status.code,
                    retryAfter: response.headerFields[.retryAfter])
            else { return (response, responseBody) }
            if let responseBody { _ = try? await Data(collecting: responseBody, upTo: Self.maxDiscardedBytes) }
            try await Task.sleep(for: wait)  // throws CancellationError as soon as the task is cancelled
            attempt += 1
        }
    }
}
