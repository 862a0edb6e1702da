import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import OpenAPIRuntime
import Testing

@testable import LayoutClient

/// Retries against the service: scripts/test gives each test a key of its own with a quota of 60,000 POST body
/// bytes a minute (1,000 a second). A spec of 600-950 bytes sent right after the key's bucket is emptied needs under
/// a second of refill: the service answers 429 with `Retry-After: 1`, and the try after that wait is taken.
/// Refusals are counted by the service (`api_key_quota_refusals_total`, read from its open metrics listener).
@Suite struct RetryTests {
    static let bytesPerSecond = 1000

    static func key(_ name: String) throws -> String {
        let keys = ProcessInfo.processInfo.environment["LAYOUT_SERVICE_QUOTA_KEYS"] ?? ""
        let pairs = keys.split(separator: ",").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        return try #require(
            pairs.first { $0.count == 2 && $0[0] == "quota-\(name)" }?[1],
            "run clients/swift/scripts/test: it makes the quota keys and sets LAYOUT_SERVICE_QUOTA_KEYS")
    }

    /// A POST of `bytes` bytes to /v1/layouts with `key` (not JSON: a 400, but its bytes are paid; a 429 when the
    /// bucket does not hold them).
    static func post(_ key: String, bytes: Int) async throws -> Int {
        var request = HTTPClientRequest(url: try Service.url().absoluteString + "/v1/layouts")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(key)")
        request.body = .bytes(ByteBuffer(repeating: UInt8(ascii: "x"), count: bytes))
        let response = try await LayoutServiceClient.sharedHTTPClient.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }

    /// Empties `key`'s bucket: a body of a whole minute's allowance.
    static func drain(_ key: String) async throws {
        let status = try await post(key, bytes: 60 * bytesPerSecond)
        #expect(status == 400 || status == 429)
    }

    /// How many of `name`'s POSTs the service refused for their bytes so far.
    static func refusals(_ name: String) async throws -> Int {
        let url = try #require(ProcessInfo.processInfo.environment["LAYOUT_SERVICE_METRICS_URL"])
        let response = try await LayoutServiceClient.sharedHTTPClient.execute(
            HTTPClientRequest(url: url), timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 16 << 20))
        let prefix = "api_key_quota_refusals_total{key=\"quota-\(name)\",quota=\"post_bytes\"} "
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(prefix) })
        return try #require(Int(line.dropFirst(prefix.count)))
    }

    /// A flow spec with explicit item sizes whose JSON (as the generated client writes it: sorted keys, pretty
    /// printed) is the longest up to `bytes` bytes.
    static func spec(upTo bytes: Int) throws -> (spec: Components.Schemas.LayoutSpec, bytes: Int) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        func spec(_ n: Int) -> Components.Schemas.LayoutSpec {
            .flow(
                .init(
                    layout: .flow, collectionView: .init(width: 390, height: 844),
                    itemSize: .init(width: 100, height: 100),
                    sections: [.init(itemSizes: (0..<n).map { [100, Double(40 + $0 % 10)] })]))
        }
        var n = 1
        while try encoder.encode(spec(n + 1)).count <= bytes { n += 1 }
        return (spec(n), try encoder.encode(spec(n)).count)
    }

    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    @Test func aPostRefusedForItsQuotaIsSentAgainAfterItsRetryAfterAndSucceeds() async throws {
        let key = try Self.key("paced")
        let (spec, bytes) = try Self.spec(upTo: 950)
        #expect(bytes > 600)
        let client = LayoutServiceClient(baseURL: try Service.url(), apiKey: key)
        try await Self.drain(key)
        let before = try await Self.refusals("paced")
        let start = ContinuousClock.now
        let (summary, _) = try await client.create(spec)
        let elapsed = Self.seconds(since: start)
        #expect(summary.items > 0)
        #expect(try await Self.refusals("paced") - before == 1)
        #expect(elapsed >= 0.95 && elapsed < 5, "\(elapsed) s")
    }

    @Test func theGeneratedClientRetriesToo() async throws {
        let key = try Self.key("generated")
        let (spec, _) = try Self.spec(upTo: 950)
        let client = LayoutServiceClient(baseURL: try Service.url(), apiKey: key)
        try await Self.drain(key)
        let before = try await Self.refusals("generated")
        let start = ContinuousClock.now
        switch try await client.client.createLayout(body: .json(spec)) {
        case .created, .ok: break
        case let other: Issue.record("answered \(other)")
        }
        #expect(try await Self.refusals("generated") - before == 1)
        #expect(Self.seconds(since: start) >= 0.95)
    }

    @Test func afterMaxAttemptsRefusalsTheLastIsThrownWithItsRetryAfter() async throws {
        // Another caller of the same key spends the refilled bytes (100 at a time, every 50 ms): each try is refused.
        let key = try Self.key("hogged")
        let (spec, _) = try Self.spec(upTo: 950)
        let client = LayoutServiceClient(
            baseURL: try Service.url(), apiKey: key, retries: RetryPolicy(maxAttempts: 3, maxWait: .seconds(5)))
        try await Self.drain(key)
        let hog = Task {
            while !Task.isCancelled {
                _ = try await Self.post(key, bytes: 100)
                try await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { hog.cancel() }
        let start = ContinuousClock.now
        do {
            _ = try await client.create(spec)
            Issue.record("the POST was taken")
        } catch let problem as LayoutProblem {
            #expect(problem.status == 429)
            #expect(problem.retryAfter == 1)
            #expect(problem.problem?._type == "urn:layout-service:problem:quota-exceeded")
        }
        let elapsed = Self.seconds(since: start)
        #expect(elapsed >= 1.9 && elapsed < 8, "\(elapsed) s")  // two waits of a second
    }

    @Test func aRetryAfterBeyondMaxWaitIsThrownAtOnceAndNoneNeverRetries() async throws {
        let key = try Self.key("long")
        let (long, bytes) = try Self.spec(upTo: 5000)  // 5 s of refill: Retry-After: 5
        #expect(bytes > 4000)
        let (short, _) = try Self.spec(upTo: 950)
        try await Self.drain(key)
        let before = try await Self.refusals("long")
        let start = ContinuousClock.now
        let patient = LayoutServiceClient(
            baseURL: try Service.url(), apiKey: key, retries: RetryPolicy(maxWait: .seconds(2)))
        await #expect {
            _ = try await patient.create(long)
        } throws: { error in
            guard let problem = error as? LayoutProblem else { return false }
            return problem.status == 429 && (problem.retryAfter ?? 0) >= 4
        }
        let impatient = LayoutServiceClient(baseURL: try Service.url(), apiKey: key, retries: .none)
        await #expect {
            _ = try await impatient.create(short)
        } throws: { error in
            (error as? LayoutProblem).map { $0.status == 429 && $0.retryAfter == 1 } ?? false
        }
        #expect(Self.seconds(since: start) < 0.9)
        #expect(try await Self.refusals("long") - before == 2)
    }

    @Test func cancellingTheTaskWhileItWaitsEndsTheWaitAtOnce() async throws {
        let key = try Self.key("cancelled")
        let (spec, _) = try Self.spec(upTo: 950)
        let client = LayoutServiceClient(baseURL: try Service.url(), apiKey: key)
        try await Self.drain(key)
        let before = try await Self.refusals("cancelled")
        let creating = Task { try await client.create(spec) }
        while try await Self.refusals("cancelled") == before { try await Task.sleep(for: .milliseconds(10)) }
        let cancelled = ContinuousClock.now
        creating.cancel()
        // Had the wait gone on, the try after it would have been taken (and answered a summary).
        await #expect(throws: CancellationError.self) { _ = try await creating.value }
        #expect(Self.seconds(since: cancelled) < 0.3, "\(Self.seconds(since: cancelled)) s")
    }

    // The policy and the middleware alone: answers the service never gives (a 503 without Retry-After) and bodies
    // the generated client never sends (streams).

    @Test func theWaitsOfThePolicy() throws {
        let policy = RetryPolicy.default
        #expect(policy.delay(afterAttempt: 1, status: 429, retryAfter: "1") == .seconds(1))
        #expect(policy.delay(afterAttempt: 2, status: 503, retryAfter: " 10 ") == .seconds(10))
        #expect(policy.delay(afterAttempt: 1, status: 429, retryAfter: "11") == nil)  // beyond maxWait
        #expect(policy.delay(afterAttempt: 3, status: 429, retryAfter: "1") == nil)  // the third try was the last
        #expect(policy.delay(afterAttempt: 1, status: 429, retryAfter: nil) == nil)
        #expect(policy.delay(afterAttempt: 1, status: 500, retryAfter: "1") == nil)
        #expect(policy.delay(afterAttempt: 1, status: 422, retryAfter: nil) == nil)
        #expect(RetryPolicy.none.delay(afterAttempt: 1, status: 503, retryAfter: "1") == nil)
        #expect(RetryPolicy(maxAttempts: 0).delay(afterAttempt: 1, status: 503, retryAfter: "1") == nil)
        for _ in 0..<50 {
            let first = try #require(policy.delay(afterAttempt: 1, status: 503, retryAfter: nil))
            let second = try #require(policy.delay(afterAttempt: 2, status: 503, retryAfter: nil))
            #expect(first >= .milliseconds(125) && first <= .milliseconds(250))
            #expect(second >= .milliseconds(250) && second <= .milliseconds(500))
        }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "GMT")
        format.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = format.string(from: Date().addingTimeInterval(3))
        let fromDate = try #require(policy.delay(afterAttempt: 1, status: 503, retryAfter: date))
        #expect(fromDate >= .seconds(2) && fromDate <= .seconds(4))
    }

    @Test func aBodyThatCanBeReadOnceIsNotSentAgain() async throws {
        let middleware = RetryMiddleware(policy: .default)
        let request = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1", path: "/v1/layouts")
        for (behavior, tries) in [(IterationBehavior.single, 1), (.multiple, 3)] {
            let calls = Calls()
            let body = HTTPBody(
                AsyncStream<ArraySlice<UInt8>> {
                    $0.yield([123, 125])
                    $0.finish()
                }, length: .known(2), iterationBehavior: behavior)
            let (response, _) = try await middleware.intercept(
                request, body: body, baseURL: try #require(URL(string: "http://127.0.0.1")), operationID: "createLayout"
            ) { _, _, _ in
                await calls.add()
                return (HTTPResponse(status: .serviceUnavailable, headerFields: [.retryAfter: "0"]), nil)
            }
            #expect(response.status == .serviceUnavailable)
            #expect(await calls.count == tries)
        }
    }
}

private actor Calls {
    var count = 0
    func add() { count += 1 }
}
