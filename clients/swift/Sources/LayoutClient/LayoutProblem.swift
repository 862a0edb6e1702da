import Foundation
import HTTPTypes
import OpenAPIRuntime

/// An answer of the service that is not a success: its HTTP status, its RFC 9457 problem document when it sent
/// one (`type`, `title`, `detail`, and `pointer` or `parameter` naming the offending field), and `Retry-After`.
public struct LayoutProblem: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var problem: Components.Schemas.Problem?
    /// Seconds to wait before retrying (503 busy or store unavailable, 429 over quota): the client's `RetryPolicy`
    /// already waited and tried again as far as it allows.
    public var retryAfter: Int?

    public init(status: Int, problem: Components.Schemas.Problem?, retryAfter: Int? = nil) {
        self.status = status
        self.problem = problem
        self.retryAfter = retryAfter
    }

    public var description: String {
        guard let problem else { return "HTTP \(status)" }
        return "HTTP \(status) \(problem._type): \(problem.detail)"
    }
}

/// Turns every answer but a success (2xx, 304) into a thrown `LayoutProblem`, its problem document decoded, so that
/// `LayoutServiceClient` needs no case per documented error answer (and keeps working when openapi.yaml documents
/// more of them). Not on `LayoutServiceClient.client`, whose callers get the generated enum cases.
struct ProblemMiddleware: ClientMiddleware {
    /// The largest problem document read.
    static let maxProblemBytes = 64 * 1024

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, baseURL)
        guard response.status.kind != .successful, response.status != .notModified else {
            return (response, responseBody)
        }
        var problem: Components.Schemas.Problem?
        let type = response.headerFields[.contentType] ?? ""
        if let responseBody, type.hasPrefix("application/problem+json") || type.hasPrefix("application/json") {
            let data = try await Data(collecting: responseBody, upTo: Self.maxProblemBytes)
            problem = try? JSONDecoder().decode(Components.Schemas.Problem.self, from: data)
        }
        throw LayoutProblem(
            status: response.status.code, problem: problem,
            retryAfter: response.headerFields[.retryAfter].flatMap { Int($0) })
    }
}

/// Runs a call of the generated client, rethrowing the `LayoutProblem` that `ProblemMiddleware` threw, or the
/// `CancellationError` of a task cancelled while `RetryMiddleware` waited (the generated client wraps both in a
/// `ClientError`).
func unwrappingProblems<T>(_ call: () async throws -> T) async throws -> T {
    do {
        return try await call()
    } catch let error as ClientError {
        if let problem = error.underlyingError as? LayoutProblem { throw problem }
        if let cancellation = error.underlyingError as? CancellationError { throw cancellation }
        throw error
    }
}
