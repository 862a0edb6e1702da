import CPostgres
import LayoutStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One libpq connection; used by one thread at a time (the archive's pool hands it out).
///
/// Every call has a deadline: the connection is non-blocking, and the thread waits for its socket in `poll` only
/// until then. A connection whose call missed its deadline is `broken` (the database may still be working on it,
/// or not answering at all): the pool closes it. The server's `statement_timeout`, set to the same time on every
/// connection, ends a statement that runs longer on the server's side.
final class PGConnection: @unchecked Sendable {
    private let connection: OpaquePointer
    /// Set when a call missed its deadline or the connection failed: it is not used again.
    private(set) var broken = false
    /// The SQLSTATE of the last statement the server refused (`23503`: a foreign key), or nil when it succeeded.
    private(set) var refusedState: String?

    /// Connects by `deadline` (within `timeout` when none is given), and sets the connection's `statement_timeout`
    /// to `timeout`: the connection outlives the call that made it, and every later statement gets the whole time.
    init(url: String, timeout: Duration, deadline given: ContinuousClock.Instant? = nil) throws(ArchiveError) {
        let deadline = given ?? ContinuousClock.now + timeout
        let keywords = ["dbname"], values = [url]
        let started: OpaquePointer? = Self.withCStrings(keywords) { k in
            Self.withCStrings(values) { v in PQconnectStartParams(k, v, 1) }
        }
        guard let c = started else { throw ArchiveError("postgres: out of memory") }
        connection = c
        guard PQstatus(c) != CONNECTION_BAD else { throw ArchiveError("cannot connect to PostgreSQL: \(Self.message(c))") }
        var polling = PGRES_POLLING_WRITING
        while polling != PGRES_POLLING_OK {
            switch polling {
            case PGRES_POLLING_READING: try wait(for: Int16(POLLIN), until: deadline, timeout: timeout)
            case PGRES_POLLING_WRITING: try wait(for: Int16(POLLOUT), until: deadline, timeout: timeout)
            default: throw ArchiveError("cannot connect to PostgreSQL: \(Self.message(c))")
            }
            polling = PQconnectPoll(c)
        }
        guard PQsetnonblocking(c, 1) == 0 else { throw ArchiveError("cannot connect to PostgreSQL: \(Self.message(c))") }
        let milliseconds = max(1, Int(timeout.components.seconds * 1000)
                               + Int(timeout.components.attoseconds / 1_000_000_000_000_000))
        try execute("SET statement_timeout = \(milliseconds)", [], until: deadline, timeout: timeout)
    }

    deinit { PQfinish(connection) }

    /// Runs a statement with binary parameters; throws unless it succeeded.
    func execute(_ sql: String, _ parameters: [[UInt8]], until deadline: ContinuousClock.Instant,
                 timeout: Duration) throws(ArchiveError)
    {
        let result = try run(sql, parameters, until: deadline, timeout: timeout)
        PQclear(result)
    }

    /// The rows a statement changed (inserted, updated, deleted).
    func rowsAffected(_ sql: String, _ parameters: [[UInt8]], until deadline: ContinuousClock.Instant,
                      timeout: Duration) throws(ArchiveError) -> Int
    {
        let result = try run(sql, parameters, until: deadline, timeout: timeout)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// The first row's first `columns` values (binary; nil for SQL NULL), or nil when there is no row.
    func firstRow(_ sql: String, _ parameters: [[UInt8]], columns: Int, until deadline: ContinuousClock.Instant,
                  timeout: Duration) throws(ArchiveError) -> [[UInt8]?]?
    {
        let result = try run(sql, parameters, until: deadline, timeout: timeout)
        defer { PQclear(result) }
        guard PQntuples(result) > 0 else { return nil }
        return (0..<Int32(columns)).map { column -> [UInt8]? in
            guard PQgetisnull(result, 0, column) == 0 else { return nil }
            let count = Int(PQgetlength(result, 0, column))
            guard count > 0, let value = PQgetvalue(result, 0, column) else { return [] }
            return value.withMemoryRebound(to: UInt8.self, capacity: count) {
                Array(UnsafeBufferPointer(start: $0, count: count))
            }
        }
    }

    /// Sends the statement, and reads its results until libpq has no more; the first result is the answer (one
    /// statement gives one), an error result throws.
    private func run(_ sql: String, _ parameters: [[UInt8]], until deadline: ContinuousClock.Instant,
                     timeout: Duration) throws(ArchiveError) -> OpaquePointer
    {
        let lengths = parameters.map { Int32($0.count) }
        let formats = [Int32](repeating: 1, count: parameters.count)  // binary: bytes as they are
        let sent = withPointers(parameters) { values in
            PQsendQueryParams(connection, sql, Int32(parameters.count), nil, values, lengths, formats, 1)
        }
        guard sent == 1 else { throw lost() }
        refusedState = nil
        // Sending: a large parameter may not fit the socket's buffer at once.
        while true {
            let flushed = PQflush(connection)
            if flushed == 0 { break }
            guard flushed > 0 else { throw lost() }
            let ready = try wait(for: Int16(POLLIN | POLLOUT), until: deadline, timeout: timeout)
            if ready & Int16(POLLIN) != 0, PQconsumeInput(connection) != 1 { throw lost() }
        }
        var answer: OpaquePointer?
        var failure: ArchiveError?
        while true {
            while PQisBusy(connection) == 1 {
                try wait(for: Int16(POLLIN), until: deadline, timeout: timeout)
                guard PQconsumeInput(connection) == 1 else {
                    if let answer { PQclear(answer) }
                    throw lost()
                }
            }
            guard let result = PQgetResult(connection) else { break }
            let status = PQresultStatus(result)
            if answer == nil, failure == nil, status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK {
                answer = result
                continue
            }
            if failure == nil, status != PGRES_COMMAND_OK, status != PGRES_TUPLES_OK {
                failure = ArchiveError(Self.primaryMessage(result) ?? Self.message(connection))
                refusedState = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) }
            }
            PQclear(result)
        }
        if let failure {
            if let answer { PQclear(answer) }
            throw failure
        }
        guard let answer else { throw lost() }
        return answer
    }

    /// Waits until the socket is ready for `events` (some of them) or the deadline passes: then the connection is
    /// broken, and the call fails as timed out. Returns the events that are ready.
    @discardableResult
    private func wait(for events: Int16, until deadline: ContinuousClock.Instant, timeout: Duration)
        throws(ArchiveError) -> Int16
    {
        while true {
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = left <= .zero ? 0
                : Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var descriptor = pollfd(fd: PQsocket(connection), events: events, revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 { return descriptor.revents }
            if ready < 0, errno == EINTR { continue }
            guard ready == 0 else { throw lost() }
            broken = true
            throw ArchiveError("the database did not answer within \(Self.seconds(timeout))", kind: .timedOut)
        }
    }

    /// The connection failed (closed by the server, a network error): broken, with libpq's message.
    private func lost() -> ArchiveError {
        broken = true
        return ArchiveError(Self.message(connection))
    }

    /// "5 s", "0.5 s".
    static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        guard fraction != 0 else { return "\(whole) s" }
        return "\(Double(whole) + Double(fraction) / 1e18) s"
    }

    /// The parameters' base addresses, valid for the call (an empty parameter gets a valid pointer too: libpq
    /// reads a null pointer as SQL NULL).
    private func withPointers<R>(_ parameters: [[UInt8]], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        var pointers: [UnsafePointer<CChar>?] = []
        var buffers: [UnsafeMutablePointer<CChar>] = []
        for p in parameters {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, p.count))
            p.withUnsafeBytes { raw in
                if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: p.count) }
            }
            buffers.append(buffer)
            pointers.append(UnsafePointer(buffer))
        }
        defer { for buffer in buffers { buffer.deallocate() } }
        return body(pointers)
    }

    /// A null-terminated array of C strings, valid for the call.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The error's primary message ("duplicate key value violates ..."): without the statement, which libpq's
    /// whole message may quote.
    private static func primaryMessage(_ result: OpaquePointer) -> String? {
        guard let field = PQresultErrorField(result, Int32(UInt8(ascii: "M"))) else { return nil }
        return String(cString: field)
    }

    /// libpq's message for the connection, its first line.
    private static func message(_ c: OpaquePointer) -> String {
        guard let m = PQerrorMessage(c) else { return "unknown error" }
        let s = String(cString: m)
        let line = s.split(separator: "\n").first.map(String.init) ?? ""
        return line.isEmpty ? "the connection to the database failed" : line
    }
}
