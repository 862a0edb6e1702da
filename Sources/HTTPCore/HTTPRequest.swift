/// One HTTP request, complete with its body, as a value: handlers are tested without sockets.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, without the query string.
    public var path: String
    /// Query arguments, percent-decoded, in order.
    public var query: [(name: String, value: String)]
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// Who sent it (the TCP peer; behind a balancer, the balancer), when the server knows.
    public var client: ClientAddress?

    public init(method: String, path: String, query: [(name: String, value: String)] = [],
                headers: [(name: String, value: String)] = [], body: [UInt8] = [], client: ClientAddress? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.client = client
    }

    /// The first header of that name (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { HTTPHeaderName.equal($0.name, name) }?.value
    }

    /// The first query argument of that name.
    public func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }
}

/// One HTTP response.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: HTTPBody
    /// The template of the endpoint that answered (`/v1/layouts/{id}/attributes`), nil when no endpoint matched
    /// the path: what logs and metrics name a request by (labels that do not grow with the ids).
    public var route: StaticString?
    /// The id of the API key the request was made with, for logs and metrics (set by the access handler; never
    /// sent).
    public var keyID: String?

    public init(status: Int, headers: [(name: String, value: String)] = [], body: HTTPBody = .empty) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.init(status: status, headers: headers, body: HTTPBody(body))
    }

    public func header(_ name: String) -> String? {
        headers.first { HTTPHeaderName.equal($0.name, name) }?.value
    }
}

/// Answers requests. Called concurrently from the server's worker threads.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) -> HTTPResponse
}

/// Header names compare without regard to ASCII case (RFC 9110 §5.1), byte by byte, allocating nothing.
public enum HTTPHeaderName {
    public static func equal(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                for i in 0..<x.count where x[i] != y[i] {
                    // Letters differ in case by the 0x20 bit; other bytes must be equal.
                    guard x[i] | 0x20 == y[i] | 0x20, (x[i] | 0x20) >= 0x61, (x[i] | 0x20) <= 0x7A else { return false }
                }
                return true
            }
        }
    }
}
