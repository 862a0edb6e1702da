@testable import AccessControl
import HTTPCore
import Testing

/// Answers 200 with the method and path: what got through.
struct Echo: HTTPHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array("\(request.method) \(request.path)".utf8))
    }
}

@Suite struct KeysFileTests {
    static let digest = String(repeating: "ab", count: 32)

    @Test func parsesKeysCommentsAndQuotas() throws {
        let keys = try KeysFile.parse("""
            # comment

            reader \(Self.digest) read
            ci\t\(String(repeating: "cd", count: 32))  read,write   requests-per-minute=10 post-bytes-per-minute=2048
            """)
        #expect(keys.map(\.id) == ["reader", "ci"])
        #expect(keys[0].scopes == .read && keys[0].requestsPerMinute == nil)
        #expect(keys[1].scopes == [.read, .write])
        #expect(keys[1].requestsPerMinute == 10 && keys[1].postBytesPerMinute == 2048)
        #expect(keys[1].line == "ci \(String(repeating: "cd", count: 32)) read,write requests-per-minute=10 post-bytes-per-minute=2048")
    }

    @Test(arguments: [
        ("a \(digest) read\nb \(digest.dropLast()) read", 2),  // a digest of 63 digits
        ("a \(digest) read\n\nb \(digest) reed", 3),  // unknown scope
        ("a \(digest) read,,write", 1),  // empty scope name
        ("a \(digest)", 1),  // no scopes
        ("anonymous \(digest) read", 1),  // reserved id
        ("a \(digest) read\na \(String(repeating: "cd", count: 32)) read", 2),  // id twice
        ("a \(digest) read\nb \(digest) write", 2),  // secret twice
        ("a \(digest) read burst=3", 1),  // unknown setting
        ("a \(digest) read requests-per-minute=-1", 1),
        ("a/b \(digest) read", 1),  // bad id
    ])
    func malformedLinesAreNamed(text: String, line: Int) {
        #expect(throws: KeysFile.Malformed.self) { try KeysFile.parse(text) }
        do { _ = try KeysFile.parse(text) } catch { #expect(error.line == line) }
    }

    @Test func generatedKeysReadBackAndMatchTheirSecret() throws {
        let (secret, key) = APIKey.generate(id: "ops", scopes: [.admin, .read])
        #expect(secret.hasPrefix("lsk_") && secret.count == 68)
        #expect(!key.line.contains(secret.dropFirst(4)))
        #expect(try KeysFile.parse(key.line) == [key])
        // SHA-256 of "abc" (FIPS 180-2, appendix B.1).
        #expect(SecretDigest.hex(SecretDigest.of("abc")) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

@Suite struct AccessHandlerTests {
    static let reader = APIKey.generate(id: "reader", scopes: .read)
    static let writer = APIKey.generate(id: "writer", scopes: [.read, .write])
    static let admin = APIKey.generate(id: "admin", scopes: .admin)

    func keyed(_ policy: AccessPolicy = AccessPolicy()) -> AccessHandler<Echo> {
        AccessHandler(Echo(), keys: [Self.reader.key, Self.writer.key, Self.admin.key], policy: policy)
    }

    func call(_ h: AccessHandler<Echo>, _ method: String, _ path: String, secret: String? = nil,
              authorization: String? = nil, body: [UInt8] = [], client: ClientAddress? = nil) -> HTTPResponse {
        let header = authorization ?? secret.map { "Bearer " + $0 }
        return h.handle(HTTPRequest(method: method, path: path, headers: header.map { [("Authorization", $0)] } ?? [],
                                    body: body, client: client))
    }

    @Test func scopesDecideWithKeys() {
        let h = keyed()
        #expect(call(h, "GET", "/v1/layouts/x").status == 401)
        #expect(call(h, "GET", "/v1/layouts/x").header("WWW-Authenticate") == "Bearer realm=\"layout-service\"")
        #expect(call(h, "GET", "/v1/layouts/x", secret: "lsk_nope").status == 401)
        #expect(call(h, "GET", "/v1/layouts/x", authorization: "Basic YTpi").status == 401)
        #expect(call(h, "GET", "/v1/layouts/x", authorization: "Bearer").status == 401)
        let read = call(h, "GET", "/v1/layouts/x", secret: Self.reader.secret)
        #expect(read.status == 200 && read.keyID == "reader")
        #expect(call(h, "get", "/v1/layouts/x", authorization: "bearer  \(Self.reader.secret) ").status == 403)
        #expect(call(h, "POST", "/v1/layouts", secret: Self.reader.secret).status == 403)
        #expect(call(h, "POST", "/v1/layouts", secret: Self.writer.secret).status == 200)
        #expect(call(h, "DELETE", "/v1/layouts/x", secret: Self.writer.secret).status == 403)
        #expect(call(h, "DELETE", "/v1/layouts/x", secret: Self.admin.secret).status == 200)
        #expect(call(h, "GET", "/metrics", secret: Self.reader.secret).status == 403)
        #expect(call(h, "GET", "/metrics", secret: Self.admin.secret).status == 200)
        // Open to anyone: health, readiness, the playground, preflights.
        for path in ["/healthz", "/readyz", "/", "/playground", "/playground/app.js", "/client/layout-client.js"] {
            #expect(call(h, "GET", path).status == 200)
        }
        #expect(call(h, "OPTIONS", "/v1/layouts").status == 200)
        // A 401 or 403 never echoes the secret.
        let refused = call(h, "POST", "/v1/layouts", secret: Self.reader.secret)
        #expect(!String(decoding: refused.body.bytes, as: UTF8.self).contains(Self.reader.secret))
        #expect(refused.header("Content-Type") == "application/problem+json")
    }

    /// An answer made off the event loop (`HTTPResponse.offLoop`) carries the key's id once it is made.
    @Test func aDeferredAnswerNamesTheKey() {
        struct Deferring: HTTPHandler {
            func handle(_ request: HTTPRequest) -> HTTPResponse { .offLoop { Echo().handle($0) } }
        }
        let h = AccessHandler(Deferring(), keys: [Self.reader.key])
        let request = HTTPRequest(method: "GET", path: "/v1/layouts/x",
                                  headers: [("Authorization", "Bearer " + Self.reader.secret)])
        let marker = h.handle(request)
        #expect(marker.deferred != nil && marker.keyID == nil)
        let answer = marker.answered(to: request)
        #expect(answer.status == 200 && answer.keyID == "reader")
    }

    @Test func browsersOfAllowedOriginsCanReadRefusals() {
        var policy = AccessPolicy()
        policy.corsOrigins = ["https://app.example"]
        let h = keyed(policy)
        let allowed = h.handle(HTTPRequest(method: "GET", path: "/v1/layouts/x", headers: [("Origin", "https://app.example")]))
        #expect(allowed.status == 401 && allowed.header("Access-Control-Allow-Origin") == "https://app.example")
        #expect(allowed.header("Access-Control-Expose-Headers")?.contains("WWW-Authenticate") == true)
        let other = h.handle(HTTPRequest(method: "GET", path: "/v1/layouts/x", headers: [("Origin", "https://evil.example")]))
        #expect(other.status == 401 && other.header("Access-Control-Allow-Origin") == nil)
    }

    @Test func refusalsCarryTheRouteTheCommandNames() {
        var policy = AccessPolicy()
        policy.routeTemplate = { $0.hasPrefix("/v1/layouts/") ? "/v1/layouts/{id}" : nil }
        let refused = call(keyed(policy), "DELETE", "/v1/layouts/abc")
        #expect(refused.status == 401 && refused.route?.description == "/v1/layouts/{id}")
        #expect(call(AccessHandler(Echo(), keys: nil, policy: policy), "DELETE", "/v1/layouts/abc").route != nil)
    }

    @Test func anonymousReadOpensGetsOnly() {
        var policy = AccessPolicy()
        policy.anonymousRead = true
        let h = keyed(policy)
        #expect(call(h, "GET", "/v1/layouts/x").status == 200)
        #expect(call(h, "HEAD", "/v1/layouts/x").status == 200)
        #expect(call(h, "GET", "/v1/layouts/x", secret: "lsk_wrong").status == 401)
        #expect(call(h, "POST", "/v1/layouts").status == 401)
        #expect(call(h, "GET", "/metrics").status == 401)
    }

    @Test func withoutKeysNobodyDeletesUnlessAllowed() {
        let h = AccessHandler(Echo(), keys: nil)
        #expect(call(h, "GET", "/v1/layouts/x").status == 200)
        #expect(call(h, "POST", "/v1/layouts").status == 200)
        #expect(call(h, "DELETE", "/v1/layouts/x").status == 403)
        var policy = AccessPolicy()
        policy.allowAnonymousDelete = true
        #expect(call(AccessHandler(Echo(), keys: nil, policy: policy), "DELETE", "/v1/layouts/x").status == 200)
    }

    @Test func reloadRevokes() {
        let h = keyed()
        #expect(call(h, "GET", "/v1/layouts/x", secret: Self.reader.secret).status == 200)
        h.reload([Self.writer.key])
        #expect(call(h, "GET", "/v1/layouts/x", secret: Self.reader.secret).status == 401)
        #expect(call(h, "GET", "/v1/layouts/x", secret: Self.writer.secret).status == 200)
    }

    @Test func quotasPerKeyLeaveOtherKeysAlone() {
        var policy = AccessPolicy()
        policy.requestsPerMinute = 3
        var small = Self.reader.key
        small.requestsPerMinute = 2
        let h = AccessHandler(Echo(), keys: [small, Self.writer.key], policy: policy)
        #expect(call(h, "GET", "/v1/layouts/x", secret: Self.reader.secret).status == 200)
        #expect(call(h, "GET", "/v1/layouts/x", secret: Self.reader.secret).status == 200)
        let refused = call(h, "GET", "/v1/layouts/x", secret: Self.reader.secret)
        #expect(refused.status == 429 && Int(refused.header("Retry-After") ?? "") ?? 0 >= 1)
        for _ in 0..<3 { #expect(call(h, "GET", "/v1/layouts/x", secret: Self.writer.secret).status == 200) }
        #expect(call(h, "GET", "/v1/layouts/x", secret: Self.writer.secret).status == 429)
        var metrics: [UInt8] = []
        h.writeMetrics(into: &metrics)
        let text = String(decoding: metrics, as: UTF8.self)
        #expect(text.contains("api_key_quota_refusals_total{key=\"reader\",quota=\"requests\"} 1\n"))
        #expect(text.contains("api_key_requests_total{key=\"writer\"} 3\n"))
    }

    @Test func quotasPerAddressWithoutKeys() {
        var policy = AccessPolicy()
        policy.postBytesPerMinute = 100
        let h = AccessHandler(Echo(), keys: nil, policy: policy)
        let a = ClientAddress(ipv4: 10, 0, 0, 1)
        let b = ClientAddress(ipv4: 10, 0, 0, 2)
        #expect(call(h, "POST", "/v1/layouts", body: Array(repeating: 1, count: 80), client: a).status == 200)
        #expect(call(h, "POST", "/v1/layouts", body: Array(repeating: 1, count: 80), client: a).status == 429)
        #expect(call(h, "GET", "/v1/layouts/x", client: a).status == 200)  // no request quota
        #expect(call(h, "POST", "/v1/layouts", body: Array(repeating: 1, count: 80), client: b).status == 200)
        #expect(a.description == "10.0.0.1")
    }
}

@Suite struct TokenBucketTests {
    @Test func refillsAtItsRateAndSaysHowLongToWait() {
        var bucket = TokenBucket(perMinute: 60, now: 0)  // one a second
        for _ in 0..<60 { #expect(bucket.take(1, now: 0) == 0) }
        #expect(bucket.take(1, now: 0) == 1)
        #expect(bucket.take(1, now: 500_000_000) == 1)
        #expect(bucket.take(1, now: 1_000_000_000) == 0)
        #expect(bucket.take(5, now: 1_000_000_000) == 5)
        #expect(!bucket.isFull(now: 1_000_000_000))
        #expect(bucket.isFull(now: 61_000_000_000))
        #expect(bucket.take(1000, now: 61_000_000_000) == 0)  // more than a bucket takes a whole bucket
    }
}
