/// One HTTP request, complete with its body, as a value: handlers are tested without sockets.
///
/// A request the server makes does not copy its headers and query arguments: they are looked up in the
/// connection when asked for (`header`, `queryValue`, `forEachQueryArgument`), which the server keeps valid while
/// the handler runs. Reading or setting `headers` or `query` whole works either way (reading makes the copy).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path, without the query string.
    public var path: String
    /// Query arguments, percent-decoded, in order.
    public var query: [(name: String, value: String)] {
        get { storedQuery ?? source.map { $0.all(.query) } ?? [] }
        set { storedQuery = newValue }
    }
    public var headers: [(name: String, value: String)] {
        get { storedHeaders ?? source.map { $0.all(.header) } ?? [] }
        set { storedHeaders = newValue }
    }
    public var body: [UInt8]
    /// Who sent it (the TCP peer; behind a balancer, the balancer), when the server knows.
    public var client: ClientAddress?
    /// Set by the server on a request handled on one of its event loops, which serve many connections each: a
    /// handler that would wait there (to prepare a layout, to read an archive) answers `HTTPResponse.offLoop`
    /// instead, and the server runs that work on a worker thread with this false. False elsewhere (a worker
    /// thread, a test calling `handle`): the handler may wait.
    public var onEventLoop = false
    private var storedQuery: [(name: String, value: String)]?
    private var storedHeaders: [(name: String, value: String)]?
    /// Where the values not stored are looked up (nil: there are none).
    private var source: HTTPRequestSource?

    public init(method: String, path: String, query: [(name: String, value: String)] = [],
                headers: [(name: String, value: String)] = [], body: [UInt8] = [], client: ClientAddress? = nil) {
        self.method = method
        self.path = path
        self.storedQuery = query
        self.storedHeaders = headers
        self.body = body
        self.client = client
    }

    /// A request whose headers and query arguments are looked up through `source` when asked for. The source
    /// must stay valid as long as the request is used (see `detached`).
    public init(method: String, path: String, source: HTTPRequestSource, body: [UInt8] = [],
                client: ClientAddress? = nil) {
        self.method = method
        self.path = path
        self.source = source
        self.body = body
        self.client = client
    }

    /// The request with its headers and query arguments copied: it no longer needs its source (for a request
    /// handled after the server's callback returns, on another thread than the event loop: `onEventLoop` false).
    public var detached: HTTPRequest {
        var copy = self
        copy.storedQuery = query
        copy.storedHeaders = headers
        copy.source = nil
        copy.onEventLoop = false
        return copy
    }

    /// The first header of that name (case-insensitive).
    public func header(_ name: String) -> String? {
        if let storedHeaders { return storedHeaders.first { HTTPHeaderName.equal($0.name, name) }?.value }
        return source.flatMap { $0.lookup(.header, name) }
    }

    /// The first query argument of that name.
    public func queryValue(_ name: String) -> String? {
        if let storedQuery { return storedQuery.first { $0.name == name }?.value }
        guard let source else { return nil }
        guard source.argumentCount >= 0 else { return source.lookup(.query, name) }
        return source.argument(name).map { $0.map { String(cString: $0) } ?? "" }
    }

    /// Calls `body` with the UTF-8 of the first query argument of that name (the bytes of the string
    /// `queryValue` gives), or nil when there is none: no string is made when the server's request holds it.
    public func withQueryValue<R>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>?) throws(Problem) -> R)
        throws(Problem) -> R
    {
        if let source, storedQuery == nil, source.argumentCount >= 0 {
            guard let found = source.argument(name) else { return try body(nil) }
            return try withCStringUTF8(found) { bytes throws(Problem) in try body(bytes) }
        }
        guard let value = queryValue(name) else { return try body(nil) }
        return try withUTF8(of: value) { bytes throws(Problem) in try body(bytes) }
    }

    /// Calls `body` with each query argument's name and value in order, as UTF-8 (the bytes of the strings
    /// `query` holds), without making strings of them when they are ASCII.
    public func forEachQueryArgument(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        if let source, storedQuery == nil {
            guard source.argumentCount >= 0 else { return source.each(.query, body) }
            source.withArguments { names, values in
                for i in 0..<source.argumentCount {
                    withCStringUTF8(names[i]) { n in withCStringUTF8(values[i]) { v in body(n, v) } }
                }
            }
            return
        }
        for (name, value) in storedQuery ?? [] {
            withUTF8(of: name) { n in withUTF8(of: value) { v in body(n, v) } }
        }
    }
}

/// The bytes of a C string (none for NULL) as `String(cString:)` holds them: as they are when ASCII, else repaired
/// (bytes that are not UTF-8 replaced, as `String(cString:)` does).
@inline(__always)
func withCStringUTF8<R, E: Error>(_ text: UnsafePointer<CChar>?, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R)
    throws(E) -> R
{
    guard let text else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
    let start = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
    var n = 0
    var ascii = true
    while start[n] != 0 {
        ascii = ascii && start[n] < 0x80
        n += 1
    }
    if ascii { return try body(UnsafeBufferPointer(start: start, count: n)) }
    return try withUTF8(of: String(cString: text), body)
}

/// `String.withUTF8` without a `var` copy: a native string's bytes are read in place (copying the string to reach
/// them retained and released its storage, on paths every request takes several times); others from a copy.
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

/// How a server's request finds its headers and query arguments: the server's connection and two C functions
/// (a plain value: copying a request retains nothing for it).
public struct HTTPRequestSource: @unchecked Sendable {
    /// 0: headers, 1: query arguments.
    public enum Kind: Int32, Sendable { case header = 0, query = 1 }
    /// Finds the first header (name compared without regard to ASCII case) or query argument (exact name) called
    /// `name` in `connection`: true and its value (NULL for an argument without `=`), or false.
    public typealias Lookup = @convention(c) (_ connection: OpaquePointer, _ kind: Int32, _ name: UnsafePointer<CChar>,
                                              _ value: UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Bool
    /// Calls `visit(context, name, value)` for each header or query argument of `connection`, in order.
    public typealias Each = @convention(c) (_ connection: OpaquePointer, _ kind: Int32,
                                            _ context: UnsafeMutableRawPointer, _ visit: Visit) -> Void
    public typealias Visit = @convention(c) (UnsafeMutableRawPointer, UnsafePointer<CChar>?, UnsafePointer<CChar>?)
        -> Void

    /// The server's handle of the request (a connection), passed back to the functions.
    public let connection: OpaquePointer
    private let find: Lookup
    private let visitAll: Each
    /// The query's arguments when there are at most `inlineArguments` (C strings in the connection; a NULL value
    /// is an argument without `=`): queries compare bytes here instead of asking the connection each time.
    /// -1: more (the functions find them).
    public private(set) var argumentCount = 0
    private var names: (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                        UnsafePointer<CChar>?, UnsafePointer<CChar>?) = (nil, nil, nil, nil, nil, nil)
    private var values: (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
                         UnsafePointer<CChar>?, UnsafePointer<CChar>?) = (nil, nil, nil, nil, nil, nil)
    public static let inlineArguments = 6

    public init(connection: OpaquePointer, lookup: Lookup, each: Each) {
        self.connection = connection
        self.find = lookup
        self.visitAll = each
    }

    /// The value of the first header or query argument called `name` (`""` for an argument without `=`).
    func lookup(_ kind: Kind, _ name: String) -> String? {
        var value: UnsafePointer<CChar>?
        guard name.withCString({ find(connection, kind.rawValue, $0, &value) }) else { return nil }
        return value.map { String(cString: $0) } ?? ""
    }

    /// Copies of every header or query argument, in order.
    func all(_ kind: Kind) -> [(name: String, value: String)] {
        var out: [(name: String, value: String)] = []
        out.reserveCapacity(8)  // one allocation for the usual handful, not one per doubling
        withUnsafeMutablePointer(to: &out) { out in  // (`&out` alone would point at the elements)
            visitAll(connection, kind.rawValue, out) { context, name, value in
                context.assumingMemoryBound(to: [(name: String, value: String)].self).pointee
                    .append((name.map { String(cString: $0) } ?? "", value.map { String(cString: $0) } ?? ""))
            }
        }
        return out
    }

    typealias PairVisitor = (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void

    /// The UTF-8 of every header or query argument's name and value, in order, as `all`'s strings hold them.
    func each(_ kind: Kind, _ body: PairVisitor) {
        withoutActuallyEscaping(body) { body in
            var body = body
            visitAll(connection, kind.rawValue, &body) { context, name, value in
                let body = context.assumingMemoryBound(to: PairVisitor.self).pointee
                withCStringUTF8(name) { n in withCStringUTF8(value) { v in body(n, v) } }
            }
        }
    }

    /// Adds the next query argument (in order); past `inlineArguments`, the query is looked up in the
    /// connection instead.
    /// A nil name (not an argument `argument(_:)` can compare) also sends the query to the connection.
    public mutating func addArgument(name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?) {
        guard argumentCount >= 0 else { return }
        guard argumentCount < Self.inlineArguments, name != nil else {
            argumentCount = -1
            return
        }
        let i = argumentCount
        withUnsafeMutableBytes(of: &names) { $0.storeBytes(of: name, toByteOffset: i * 8, as: UnsafePointer<CChar>?.self) }
        withUnsafeMutableBytes(of: &values) { $0.storeBytes(of: value, toByteOffset: i * 8, as: UnsafePointer<CChar>?.self) }
        argumentCount += 1
    }

    func withArguments<R>(_ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>, UnsafeBufferPointer<UnsafePointer<CChar>?>)
        -> R) -> R
    {
        var names = names
        var values = values
        return withUnsafeBytes(of: &names) { n in
            withUnsafeBytes(of: &values) { v in
                body(n.assumingMemoryBound(to: UnsafePointer<CChar>?.self),
                     v.assumingMemoryBound(to: UnsafePointer<CChar>?.self))
            }
        }
    }

    /// The first inline argument named `name`: its value (nil inside for an argument without `=`), or nil.
    func argument(_ name: String) -> UnsafePointer<CChar>?? {
        return withUTF8(of: name) { wanted in
            withArguments { names, values in
                for i in 0..<argumentCount {
                    let n = UnsafeRawPointer(names[i]!).assumingMemoryBound(to: UInt8.self)
                    var k = 0
                    while k < wanted.count, n[k] == wanted[k] { k += 1 }
                    if k == wanted.count, n[k] == 0 { return .some(values[i]) }
                }
                return nil
            }
        }
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
    /// Work that must not run on an event loop (`HTTPRequest.onEventLoop`): the answer is what it returns for the
    /// request (detached, off the loop), not this response, which is never sent. See `offLoop` and `whenAnswered`.
    public private(set) var deferred: (@Sendable (HTTPRequest) -> HTTPResponse)?

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
    /// thread with the request detached (`onEventLoop` false), and sends what it returns.
    public static func offLoop(_ work: @escaping @Sendable (HTTPRequest) -> HTTPResponse) -> HTTPResponse {
        var response = HTTPResponse(status: 0)
        response.deferred = work
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

    /// The index of the first header of that name. The names are read in place, through the array's memory:
    /// `first(where:)` copies each pair it looks at, and even reading by index retained each name for the
    /// comparison.
    public func headerIndex(_ name: String) -> Int? {
        headers.withUnsafeBufferPointer { list in
            for i in list.indices where HTTPHeaderName.equal(list[i].name, name) { return i }
            return nil
        }
    }
}

/// Answers requests. Called concurrently from the server's worker threads.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) -> HTTPResponse
}

/// Header names compare without regard to ASCII case (RFC 9110 §5.1), byte by byte, allocating nothing.
public enum HTTPHeaderName {
    @inline(__always)
    public static func equal(_ a: String, _ b: String) -> Bool {
        // Most names compared differ in length (counted without a scan for native strings).
        guard a.utf8.count == b.utf8.count else { return false }
        // Both read in place, as `withUTF8(of:_:)` does; nested through it, the inner string was retained for the
        // outer closure (4 retains a request more).
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
