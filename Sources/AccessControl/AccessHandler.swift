public import HTTPCore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wraps a handler with who may do what (see `AccessPolicy` and `Scopes`):
/// - with keys, a request that is not open needs `Authorization: Bearer SECRET` of a key with its scope: `401`
///   (with `WWW-Authenticate: Bearer`) for a missing, malformed or unknown key, `403` for a key without the scope;
/// - without keys, `DELETE` is a `403` unless the policy allows anonymous deletes;
/// - quotas per key (per client address without one): `429` with `Retry-After` beyond them.
/// Secrets are compared by their SHA-256 in constant time and never kept, logged or echoed; answers carry the
/// key's id (`HTTPResponse.keyID`) for the log line. Without keys and quotas, a request costs a comparison.
public final class AccessHandler<Inner: HTTPHandler>: HTTPLayer {
    public let inner: Inner
    public let policy: AccessPolicy
    /// Whether the service runs with keys (fixed at start; `reload` changes which).
    public let keyed: Bool
    private let table: Mutex<KeyTable>
    private let records = Mutex<[String: KeyRecord]>([:])
    private let anonymous = KeyRecord(id: "anonymous")
    private let addresses = Mutex<[ClientAddress: QuotaBuckets]>([:])
    private let refusedUnauthenticated = Atomic<Int>(0)

    /// `keys` nil: the service runs without keys (a developer's machine).
    public init(_ inner: Inner, keys: [APIKey]?, policy: AccessPolicy = AccessPolicy()) {
        self.inner = inner
        self.policy = policy
        keyed = keys != nil
        table = Mutex(KeyTable(entries: []))
        if let keys { reload(keys) }
    }

    /// Replaces the keys at once (on SIGHUP): a removed key is refused from the next request on. A kept key keeps
    /// its counts, and its buckets unless its quotas changed.
    public func reload(_ keys: [APIKey]) {
        let entries = records.withLock { records in
            let entries = keys.map { key in
                let record = records[key.id] ?? KeyRecord(id: key.id)
                records[key.id] = record
                record.configure(requestsPerMinute: key.requestsPerMinute ?? policy.requestsPerMinute,
                                 postBytesPerMinute: key.postBytesPerMinute ?? policy.postBytesPerMinute)
                return KeyEntry(key: key, record: record)
            }
            return entries
        }
        table.withLock { $0 = KeyTable(entries: entries) }
    }

    /// The ids of the keys in force.
    public var keyIDs: [String] { table.withLock { $0 }.entries.map(\.key.id) }

    /// The inner handler's answer, or a refusal; the state is the id of the key the request came with.
    public func respond(to request: HTTPRequest) -> (answer: HTTPResponse, state: String?) {
        let (keyID, refusal) = admission(request)
        guard let refusal else { return (inner.handle(request), keyID) }
        return (refusal, keyID)
    }

    /// The id of the key a request came with, and its refusal, or nil when it may go on.
    private func admission(_ request: HTTPRequest) -> (keyID: String?, refusal: HTTPResponse?) {
        guard keyed else { return (nil, anonymousOnly(request)) }
        guard let scope = policy.scope(of: request) else { return (nil, nil) }
        guard let authorization = request.header("Authorization") else {
            if scope == .read && policy.anonymousRead { return (nil, anonymously(request)) }
            return (nil, unauthorized(request, "this endpoint needs an API key: send Authorization: Bearer SECRET",
                                      error: nil))
        }
        guard let secret = Self.bearer(authorization) else {
            return (nil, unauthorized(request, "the Authorization header must be Bearer SECRET", error: "invalid_request"))
        }
        guard let entry = table.withLock({ $0 }).match(SecretDigest.of(secret)) else {
            return (nil, unauthorized(request, "unknown or revoked API key", error: "invalid_token"))
        }
        let record = entry.record
        guard entry.key.scopes.contains(scope) else {
            record.forbidden.add(1, ordering: .relaxed)
            return (entry.key.id, refusal(request, Problem(
                .forbidden, detail: "the key \(entry.key.id) lacks the \(scope) scope for \(request.method) \(request.path)")))
        }
        let refused = admitted(request, record: record) { postBytes in
            guard !policy.isExempt(request) else { return nil }
            return record.buckets.withLock { buckets in buckets?.take(postBytes: postBytes, now: monotonicNanoseconds()) }
        }
        return (entry.key.id, refused)
    }

    /// Every answer to a request made with a key names the key (for the log line and the metrics).
    public func finish(_ answer: inout HTTPResponse, to request: HTTPRequest, state keyID: String?) {
        if let keyID { answer.keyID = keyID }
    }

    /// Without keys: deletes are refused (unless allowed), and quotas count by client address.
    private func anonymousOnly(_ request: HTTPRequest) -> HTTPResponse? {
        if request.method == "DELETE", !policy.allowAnonymousDelete, !policy.isOpen(request.path) {
            anonymous.forbidden.add(1, ordering: .relaxed)
            return refusal(request, Problem(
                .forbidden,
                detail: "deleting needs an API key with the admin scope (--api-keys-file), or --allow-anonymous-delete"))
        }
        guard policy.anonymousQuotas, !policy.isExempt(request) else { return nil }
        return anonymously(request)
    }

    /// A request without a key that may go on: counted, and held to its client address's quotas.
    private func anonymously(_ request: HTTPRequest) -> HTTPResponse? {
        guard policy.anonymousQuotas, let client = request.client else {
            anonymous.requests.add(1, ordering: .relaxed)
            return nil
        }
        return admitted(request, record: anonymous) { postBytes in
            let now = monotonicNanoseconds()
            return addresses.withLock { table in
                if table.count >= policy.maxTrackedAddresses, table[client] == nil {
                    table = table.filter { !$0.value.isFull(now: now) }
                    if table.count >= policy.maxTrackedAddresses { table.removeAll() }
                }
                var buckets = table[client] ?? QuotaBuckets(requestsPerMinute: policy.requestsPerMinute,
                                                            postBytesPerMinute: policy.postBytesPerMinute, now: now)
                let verdict = buckets.take(postBytes: postBytes, now: now)
                table[client] = buckets
                return verdict
            }
        }
    }

    /// Counts the request and lets it through (nil) if its quotas allow it, else answers 429.
    private func admitted(_ request: HTTPRequest, record: KeyRecord,
                          take: (_ postBytes: Int?) -> QuotaBuckets.Verdict?) -> HTTPResponse? {
        let verdict = take(request.method == "POST" ? request.body.count : nil) ?? .allowed
        switch verdict {
        case .allowed:
            record.requests.add(1, ordering: .relaxed)
            return nil
        case .requests(let wait):
            record.refusedRequests.add(1, ordering: .relaxed)
            return tooMany(request, "the request quota of \(record.id) is spent", retryAfter: wait)
        case .postBytes(let wait):
            record.refusedPostBytes.add(1, ordering: .relaxed)
            return tooMany(request, "the POST body bytes quota of \(record.id) is spent", retryAfter: wait)
        }
    }

    private func tooMany(_ request: HTTPRequest, _ detail: String, retryAfter: Int) -> HTTPResponse {
        refusal(request, Problem(.quotaExceeded, detail: detail + "; retry after \(retryAfter) s",
                                 headers: [("Retry-After", String(retryAfter))]))
    }

    private func unauthorized(_ request: HTTPRequest, _ detail: String, error: String?) -> HTTPResponse {
        refusedUnauthenticated.add(1, ordering: .relaxed)
        var challenge = "Bearer realm=\"layout-service\""
        if let error { challenge += ", error=\"\(error)\"" }
        return refusal(request, Problem(.unauthorized, detail: detail, headers: [("WWW-Authenticate", challenge)]))
    }

    /// A refusal, readable by a browser page of an allowed origin (as the service's own answers are).
    private func refusal(_ request: HTTPRequest, _ problem: Problem) -> HTTPResponse {
        var response = problem.response
        response.route = policy.routeTemplate(request.path)
        if policy.corsOrigins.contains("*") {
            response.headers.append(("Access-Control-Allow-Origin", "*"))
        } else if let origin = request.header("Origin"), policy.corsOrigins.contains(origin) {
            response.headers.append(("Access-Control-Allow-Origin", origin))
            response.headers.append(("Vary", "Origin"))
        }
        if !policy.corsOrigins.isEmpty {
            response.headers.append(("Access-Control-Expose-Headers", "Retry-After, WWW-Authenticate, X-Request-Id"))
        }
        return response
    }

    /// The token of `Bearer TOKEN` (the scheme's case ignored), or nil.
    static func bearer(_ header: String) -> Substring? {
        let value = header[...].drop { $0 == " " }
        guard value.count > 7, value.prefix(6).lowercased() == "bearer", value.dropFirst(6).first == " " else {
            return nil
        }
        var token = value.dropFirst(7).drop { $0 == " " }
        while token.last == " " { token.removeLast() }
        return token.isEmpty || token.contains(" ") ? nil : token
    }

    /// Prometheus text (format 0.0.4): requests admitted, and refused by scope and by quota, per key id
    /// (`anonymous` for requests without a key); requests refused for want of a valid key.
    public func writeMetrics(into out: inout [UInt8]) {
        let all = [anonymous] + records.withLock { $0.values.sorted { $0.id < $1.id } }
        var text = "# HELP api_key_requests_total Requests admitted, by API key id.\n"
        text += "# TYPE api_key_requests_total counter\n"
        for r in all { text += "api_key_requests_total{key=\"\(r.id)\"} \(r.requests.load(ordering: .relaxed))\n" }
        text += "# HELP api_key_quota_refusals_total Requests refused with 429, by API key id and quota.\n"
        text += "# TYPE api_key_quota_refusals_total counter\n"
        for r in all {
            text += "api_key_quota_refusals_total{key=\"\(r.id)\",quota=\"requests\"} "
                + "\(r.refusedRequests.load(ordering: .relaxed))\n"
            text += "api_key_quota_refusals_total{key=\"\(r.id)\",quota=\"post_bytes\"} "
                + "\(r.refusedPostBytes.load(ordering: .relaxed))\n"
        }
        text += "# HELP api_key_scope_refusals_total Requests refused with 403, by API key id.\n"
        text += "# TYPE api_key_scope_refusals_total counter\n"
        for r in all { text += "api_key_scope_refusals_total{key=\"\(r.id)\"} \(r.forbidden.load(ordering: .relaxed))\n" }
        text += "# HELP api_key_unauthenticated_total Requests refused with 401 (no, malformed or unknown key).\n"
        text += "# TYPE api_key_unauthenticated_total counter\n"
        text += "api_key_unauthenticated_total \(refusedUnauthenticated.load(ordering: .relaxed))\n"
        out += Array(text.utf8)
    }
}

/// A key's counts and buckets, kept across reloads by id.
final class KeyRecord: Sendable {
    let id: String
    let requests = Atomic<Int>(0)
    let refusedRequests = Atomic<Int>(0)
    let refusedPostBytes = Atomic<Int>(0)
    let forbidden = Atomic<Int>(0)
    /// nil: no quota.
    let buckets = Mutex<QuotaBuckets?>(nil)

    init(id: String) { self.id = id }

    func configure(requestsPerMinute: Int, postBytesPerMinute: Int) {
        buckets.withLock { buckets in
            guard requestsPerMinute > 0 || postBytesPerMinute > 0 else {
                buckets = nil
                return
            }
            if let current = buckets, current.requests?.perMinute ?? 0 == requestsPerMinute,
               current.postBytes?.perMinute ?? 0 == postBytesPerMinute { return }
            buckets = QuotaBuckets(requestsPerMinute: requestsPerMinute, postBytesPerMinute: postBytesPerMinute,
                                   now: monotonicNanoseconds())
        }
    }
}

struct KeyEntry: Sendable {
    let key: APIKey
    let record: KeyRecord
}

/// The keys in force, swapped whole on reload.
final class KeyTable: Sendable {
    let entries: [KeyEntry]
    init(entries: [KeyEntry]) { self.entries = entries }

    /// The key whose digest is `digest`: every key is compared, each in constant time.
    func match(_ digest: [UInt8]) -> KeyEntry? {
        var found: KeyEntry?
        for entry in entries where SecretDigest.equal(entry.key.digest, digest) { found = entry }
        return found
    }
}

func monotonicNanoseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}
