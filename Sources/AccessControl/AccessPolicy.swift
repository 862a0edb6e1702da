import HTTPCore

/// What the access handler enforces besides the keys themselves. Every field is a flag of `layout-service`.
public struct AccessPolicy: Sendable {
    /// With keys: GET and HEAD need no key (a key that is sent must still be valid).
    public var anonymousRead = false
    /// Without keys: DELETE is allowed to anyone (else it is a 403).
    public var allowAnonymousDelete = false
    /// Quotas of a key without its own, and of each client address that calls without a key; 0 means none.
    public var requestsPerMinute = 0
    public var postBytesPerMinute = 0
    /// Open to anyone, key or not, and counted against no quota: health checks, the playground's files and the
    /// JavaScript client (`/client/...`).
    public var openPaths: [String] = ["/", "/playground", "/healthz", "/readyz"]
    public var openPathPrefixes: [String] = ["/playground/", "/client/"]
    /// Origins whose pages may read the refusals (`--cors-origins`: `*` or a list), as they read other answers.
    public var corsOrigins: [String] = []
    /// The route template of a path, for the refusals' `HTTPResponse.route` (logs and metrics label them as the
    /// service's own answers); the command gives the service's.
    public var routeTemplate: @Sendable (String) -> StaticString? = { _ in nil }
    /// Client addresses whose buckets are remembered at most (beyond, full buckets are forgotten first).
    public var maxTrackedAddresses = 100_000

    public init() {}

    var anonymousQuotas: Bool { requestsPerMinute > 0 || postBytesPerMinute > 0 }

    /// Whether a request counts against no quota: open paths, preflights and the metrics (scrapers).
    func isExempt(_ request: HTTPRequest) -> Bool {
        request.method == "OPTIONS" || request.path == "/metrics" || isOpen(request.path)
    }

    func isOpen(_ path: String) -> Bool {
        openPaths.contains(path) || openPathPrefixes.contains { path.hasPrefix($0) }
    }

    /// The scope a request needs, or nil for one open to anyone (preflights and open paths).
    func scope(of request: HTTPRequest) -> Scopes? {
        if request.method == "OPTIONS" || isOpen(request.path) { return nil }
        if request.path == "/metrics" { return .admin }
        switch request.method {
        case "GET", "HEAD": return .read
        case "DELETE": return .admin
        default: return .write
        }
    }
}
