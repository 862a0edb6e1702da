import Foundation
import HTTPTypes
import LayoutClient
import OpenAPIRuntime
import Testing

@Suite struct BearerAuthenticationTests {
    /// The middleware adds the key to what it passes on, replacing any Authorization the request had.
    @Test func sendsTheKeyAsABearerToken() async throws {
        let middleware = BearerAuthentication(apiKey: "k-123")
        var request = HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: "/v1/layouts/x")
        request.headerFields[.authorization] = "Basic old"
        let (response, _) = try await middleware.intercept(
            request, body: nil, baseURL: URL(string: "http://127.0.0.1")!, operationID: "getLayout"
        ) { passed, _, _ in
            #expect(passed.headerFields[values: .authorization] == ["Bearer k-123"])
            #expect(passed.path == "/v1/layouts/x")
            return (HTTPResponse(status: .ok), nil)
        }
        #expect(response.status == .ok)
    }
}
