import CPostgres
import LayoutStore

/// One libpq connection; used by one thread at a time (the archive's pool hands it out).
final class PGConnection: @unchecked Sendable {
    private let connection: OpaquePointer

    init(url: String) throws {
        guard let c = PQconnectdb(url) else { throw ArchiveError("postgres: out of memory") }
        guard PQstatus(c) == CONNECTION_OK else {
            let message = Self.message(c)
            PQfinish(c)
            throw ArchiveError("postgres: cannot connect: \(message)")
        }
        connection = c
    }

    deinit { PQfinish(connection) }

    var isHealthy: Bool { PQstatus(connection) == CONNECTION_OK }

    /// Reconnects with the same parameters; whether that worked.
    func reset() -> Bool {
        PQreset(connection)
        return isHealthy
    }

    /// Runs a statement with binary parameters; throws unless it succeeded.
    func execute(_ sql: String, _ parameters: [[UInt8]]) throws {
        let result = try run(sql, parameters)
        PQclear(result)
    }

    /// The rows a statement changed (inserted, updated, deleted).
    func rowsAffected(_ sql: String, _ parameters: [[UInt8]]) throws -> Int {
        let result = try run(sql, parameters)
        defer { PQclear(result) }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    /// The first row's first `columns` values (binary; nil for SQL NULL), or nil when there is no row.
    func firstRow(_ sql: String, _ parameters: [[UInt8]], columns: Int) throws -> [[UInt8]?]? {
        let result = try run(sql, parameters)
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

    private func run(_ sql: String, _ parameters: [[UInt8]]) throws -> OpaquePointer {
        let lengths = parameters.map { Int32($0.count) }
        let formats = [Int32](repeating: 1, count: parameters.count)  // binary: bytes as they are
        let result: OpaquePointer? = withPointers(parameters) { values in
            PQexecParams(connection, sql, Int32(parameters.count), nil, values, lengths, formats, 1)
        }
        guard let result else { throw ArchiveError("postgres: \(Self.message(connection))") }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            let message = String(cString: PQresultErrorMessage(result))
            PQclear(result)
            throw ArchiveError("postgres: \(message.isEmpty ? Self.message(connection) : message)")
        }
        return result
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

    private static func message(_ c: OpaquePointer) -> String {
        guard let m = PQerrorMessage(c) else { return "unknown error" }
        var s = String(cString: m)
        while s.last == "\n" { s.removeLast() }
        return s
    }
}
