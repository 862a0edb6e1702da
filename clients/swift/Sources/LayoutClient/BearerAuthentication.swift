import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends `Authorization: Bearer <key>` with every request (the service's API keys).
public struct BearerAuthentication: ClientMiddleware {
    public var apiKey: String

    public init(apiKey: String) { self.apiKey = apiKey }

    public func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(apiKey)"
        return try await next(request, body, baseURL)
    }
}
