import HTTPCore
import LayoutService
import LayoutStore
import LayoutWire
import Testing

@Suite struct CachingServiceTests {
    static let spec = #"{"layout":"flow","collectionView":{"width":300,"height":400},"sections":[{"items":30}]}"#

    @Test func answersOfALayoutAreCacheableForEver() throws {
        let c = Client()
        let id = try #require(c.json(c.send("POST", "/v1/layouts", Self.spec))["id"]?.string)
        let first = c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,300,400")
        let tag = try #require(first.header("ETag"))
        #expect(first.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,300,400").header("ETag") == tag)  // stable
        #expect(c.send("GET", "/v1/layouts/\(id)/attributes?rect=0,0,300,401").header("ETag") != tag)
        let again = c.service.handle(HTTPRequest(method: "GET", path: "/v1/layouts/\(id)/attributes",
                                                 query: [("rect", "0,0,300,400")], headers: [("If-None-Match", tag)]))
        #expect(again.status == 304 && again.body.count == 0 && again.header("ETag") == tag)
        // Not for writes, errors, or unknown layouts.
        #expect(c.send("POST", "/v1/layouts", Self.spec).header("ETag") == nil)
        #expect(c.send("GET", "/v1/layouts/\(id)/items/0/99").header("Cache-Control") == nil)
        #expect(c.send("GET", "/v1/layouts/\(String(repeating: "0", count: 64))").header("ETag") == nil)
    }

    @Test func crossOriginRequests() throws {
        let any = Client()
        #expect(any.send("GET", "/healthz").header("Access-Control-Allow-Origin") == "*")
        let preflight = any.service.handle(HTTPRequest(method: "OPTIONS", path: "/v1/layouts",
                                                       headers: [("Origin", "https://app.example")]))
        #expect(preflight.status == 204)
        #expect(preflight.header("Access-Control-Allow-Methods") == "POST")
        // The JavaScript client sends its tags and API key, and reads the tags of answers.
        #expect(preflight.header("Access-Control-Allow-Headers") == "Authorization, Content-Type, If-None-Match")
        let script = any.service.handle(HTTPRequest(method: "GET", path: "/client/layout-client.js",
                                                    headers: [("Origin", "https://app.example")]))
        #expect(script.header("Access-Control-Expose-Headers") == "ETag")
        #expect(any.send("GET", "/healthz").header("Access-Control-Expose-Headers") == nil)
        var limits = ServiceLimits()
        limits.corsOrigins = ["https://app.example"]
        let some = Client(limits: limits)
        let allowed = some.service.handle(HTTPRequest(method: "GET", path: "/healthz", headers: [("Origin", "https://app.example")]))
        #expect(allowed.header("Access-Control-Allow-Origin") == "https://app.example" && allowed.header("Vary") == "Origin")
        let other = some.service.handle(HTTPRequest(method: "GET", path: "/healthz", headers: [("Origin", "https://evil.example")]))
        #expect(other.header("Access-Control-Allow-Origin") == nil)
    }

    @Test func readinessFollowsDraining() {
        let c = Client()
        #expect(c.send("GET", "/readyz").status == 200)
        c.service.markDraining()
        #expect(c.send("GET", "/readyz").status == 503)
        #expect(c.send("GET", "/healthz").status == 200)  // alive while it drains
    }
}

@Suite struct PostLimitTests {
    @Test func postsBeyondTheConcurrencyLimitAreTurnedAwayWithRetryAfter() throws {
        var limits = ServiceLimits()
        limits.maxConcurrentPosts = 0  // every POST is one too many: the refusal itself, deterministically
        limits.postQueueSeconds = 0  // refused without waiting
        let c = Client(limits: limits)
        let refused = c.send("POST", "/v1/layouts", CachingServiceTests.spec)
        #expect(refused.status == 503 && refused.header("Retry-After") == "1")
        #expect(c.json(refused)["type"]?.string == "urn:layout-service:problem:busy")
        #expect(c.send("GET", "/healthz").status == 200)  // queries are not limited
        #expect(Client().send("POST", "/v1/layouts", CachingServiceTests.spec).status == 201)
    }
}
