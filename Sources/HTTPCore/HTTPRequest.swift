/// One HTTP request, complete with its body, as a value: handlers are tested without sockets, and a request kept
/// after its handler returns (in work deferred off the event loop, say) holds all it had.
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
    /// Set by the server on a request handled on one of its event loops, which serve many connections each: a
    /// handler that would wait there (to prepare a layout, to read an archive) answers `HTTPResponse.offLoop`
    /// instead, and the server runs that work on a worker thread with this false. False elsewhere (a worker
    /// thread, a test calling `handle`): the handler may wait.
    public var onEventLoop = false
    /// Set false by the server when the queue a handler deferred its work to (`HTTPResponse.offLoop(on:_:)`)
    /// refused it (it waited too long, the queue was full, the service drains): the work then answers at once,
    /// with its refusal. True elsewhere.
    public var admitted = true

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
        HTTPHeaderName.index(of: name, in: headers).map { headers[$0].value }
    }

    /// The first query argument of that name.
    public func queryValue(_ name: String) -> String? {
        queryIndex(name).map { query[$0].value }
    }

    /// Calls `body` with the UTF-8 of the first query argument of that name (the bytes of the string
    /// `queryValue` gives), or nil when there is none. Inlinable: specialized where it is called, it does not
    /// look up the metadata of its generic result at run time.
    @inlinable
    public func withQueryValue<R>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>?) throws(Problem) -> R)
        throws(Problem) -> R
    {
        guard let i = queryIndex(name) else { return try body(nil) }
        return try withUTF8(of: query[i].value) { bytes throws(Problem) in try body(bytes) }
    }

    /// Calls `body` with each query argument's name and value in order, as UTF-8 (the bytes of the strings
    /// `query` holds).
    public func forEachQueryArgument(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        query.withUnsafeBufferPointer { list in
            for i in list.indices {
                withUTF8(of: list[i].name) { n in withUTF8(of: list[i].value) { v in body(n, v) } }
            }
        }
    }

    /// The index of the first query argument of that name (names read in place, as `HTTPHeaderName.index` does).
    @usableFromInline
    func queryIndex(_ name: String) -> Int? {
        query.withUnsafeBufferPointer { list in
            for i in list.indices where list[i].name == name { return i }
            return nil
        }
    }
}

/// `String.withUTF8` without a `var` copy: a native string's bytes are read in place (a copy to reach them would
/// retain and release its storage, on paths every request takes several times); others from a copy.
@inlinable
public func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
    var text = text
    return text.withUTF8(body)
}

/// `withUTF8(of:_:)` for a function that throws one type of error (`withUTF8` rethrows any error).
@inlinable
public func withUTF8<R, E: Error>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
    try withUTF8(of: text) { bytes in Result { () throws(E) in try body(bytes) } }.get()
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
    /// Work that must not run on an event loop (`HTTPRequest.onEventLoop`): the answer is what it returns for the
    /// request (off the loop), not this response, which is never sent. See `offLoop` and `whenAnswered`.
    public private(set) var deferred: (@Sendable (HTTPRequest) -> HTTPResponse)?
    /// Where `deferred` runs: a queue of the handler's own (`offLoop(on:_:)`), or nil for the server's pools.
    public private(set) var deferredQueue: (any HTTPWorkQueue)?

    public init(status: Int, headers: [(name: String, value: String)] = [], body: HTTPBody = .empty) {
        self.status = status
        self.headers = headers
        // Room for the headers the layers around add (caching, CORS, the request id): one allocation, not one
        // per doubling, each copying the headers before.
        if headers.capacity < 8 { self.headers.reserveCapacity(8) }
        self.body = body
    }

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.init(status: status, headers: headers, body: HTTPBody(body))
    }

    /// An answer to be made off the event loop: the server suspends the connection, runs `work` on a worker
    /// thread with the request (`onEventLoop` false), and sends what it returns.
    public static func offLoop(_ work: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> HTTPResponse {
        var response = HTTPResponse(status: 0)
        response.deferred = work
        return response
    }

    /// An answer to be made on `queue`, a pool of the handler's own (work whose cost the client chooses, kept to a
    /// share of the threads): the server suspends the connection and hands `work` to the queue, and the thread
    /// that gave it goes on to other requests. The queue may refuse it (`HTTPRequest.admitted` false): `work` then
    /// answers at once. Where the server has no pools (or in a test), `work` runs where the answer is asked for.
    public static func offLoop(on queue: any HTTPWorkQueue,
                               _ work: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> HTTPResponse {
        var response = offLoop(work)
        response.deferredQueue = queue
        return response
    }

    /// On a deferred response: `change` is applied to its answer once that is made, with the request it was made
    /// for. `HTTPLayer.handle` calls it for a layer's `finish`.
    public mutating func whenAnswered(_ change: @escaping @Sendable (HTTPRequest, inout HTTPResponse) -> Void) {
        guard let work = deferred else { preconditionFailure("whenAnswered on a response that is not deferred") }
        deferred = { request in
            var answer = work(request)
            if answer.deferred != nil { answer.whenAnswered(change) } else { change(request, &answer) }
            return answer
        }
    }

    /// The answer, running deferred work here and now (where waiting is allowed: a worker thread, a test).
    public func answered(to request: HTTPRequest) -> HTTPResponse {
        var answer = self
        var request = request
        request.onEventLoop = false
        while let work = answer.deferred { answer = work(request) }
        return answer
    }

    public func header(_ name: String) -> String? {
        headerIndex(name).map { headers[$0].value }
    }

    /// Whether a header of that name is there (case-insensitive), without copying its value.
    public func hasHeader(_ name: String) -> Bool { headerIndex(name) != nil }

    /// The index of the first header of that name.
    public func headerIndex(_ name: String) -> Int? { HTTPHeaderName.index(of: name, in: headers) }
}

/// A pool of a handler's own that runs deferred work (`HTTPResponse.offLoop(on:_:)`).
public protocol HTTPWorkQueue: AnyObject, Sendable {
    /// Runs `job` soon on a thread of the queue's: `job(true)` to do the work, or `job(false)` when the queue
    /// refuses it (the job then only answers with its refusal).
    func enqueue(_ job: @escaping @Sendable (_ admitted: Bool) -> Void)
}

/// Answers requests. Called concurrently from the server's worker threads.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) -> HTTPResponse
}

/// Header names compare without regard to ASCII case (RFC 9110 §5.1), byte by byte, allocating nothing.
public enum HTTPHeaderName {
    /// The index of the first header of that name in `headers`. The names are read in place, through the array's
    /// memory: `first(where:)` copies each pair it looks at, and reading by index retains each name.
    public static func index(of name: String, in headers: [(name: String, value: String)]) -> Int? {
        headers.withUnsafeBufferPointer { list in
            for i in list.indices where equal(list[i].name, name) { return i }
            return nil
        }
    }

    @inline(__always)
    public static func equal(_ a: String, _ b: String) -> Bool {
        // Most names compared differ in length (counted without a scan for native strings).
        guard a.utf8.count == b.utf8.count else { return false }
        // Both read in place, as `withUTF8(of:_:)` does: nested through it, the inner string is retained for the
        // outer closure.
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in equalBytes(x, y) }
        }
        if case .some(.some(let result)) = inPlace { return result }
        return withUTF8(of: a) { x in withUTF8(of: b) { y in equalBytes(x, y) } }
    }

    private static func equalBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        guard x.count == y.count else { return false }
        for i in 0..<x.count where x[i] != y[i] {
            // Letters differ in case by the 0x20 bit; other bytes must be equal.
            guard x[i] | 0x20 == y[i] | 0x20, (x[i] | 0x20) >= 0x61, (x[i] | 0x20) <= 0x7A else { return false }
        }
        return true
    }
}
