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

    /// Against the service started with a keys file: the key opens it; no key, or a wrong one, is a 401 problem.
    @Test func theServiceTakesTheKey() async throws {
        let key = try #require(Service.apiKey, "scripts/test passes a key in LAYOUT_SERVICE_API_KEY")
        let url = try Service.url()
        let withKey = LayoutServiceClient(baseURL: url, apiKey: key)
        let summary = try await withKey.create(Service.smallFlow).summary
        #expect(try await withKey.layout(id: summary.id).summary == summary)
        for client in [LayoutServiceClient(baseURL: url), LayoutServiceClient(baseURL: url, apiKey: "lsk_" + String(repeating: "0", count: 64))] {
            do {
                _ = try await client.layout(id: summary.id)
                Issue.record("expected a 401")
            } catch let error as LayoutProblem {
                #expect(error.status == 401)
                #expect(error.problem?._type == "urn:layout-service:problem:unauthorized")
            }
        }
        // The generated client itself answers with its documented case.
        switch try await LayoutServiceClient(baseURL: url).client.getLayout(path: .init(id: summary.id)) {
        case .unauthorized(let r): #expect(try r.body.applicationProblemJson.status == 401)
        default: Issue.record("expected .unauthorized")
        }
    }
}
