import CSQLite
import Glibc
public import LayoutStore
import Synchronization

/// Specs kept in an embedded SQLite database (`<data dir>/layouts.sqlite`): WAL journal, `synchronous=FULL`, so a
/// save that returned survives a crash or a kill. One connection, used by one thread at a time.
public final class SQLiteArchive: SpecArchive {
    private let connection: Mutex<Connection>

    /// Opens (creating if needed) the database in `directory`, creating the directory too.
    public init(directory: String) throws {
        if mkdir(directory, 0o755) != 0 && errno != EEXIST {
            throw ArchiveError("cannot create the data directory \(directory) (errno \(errno))")
        }
        connection = Mutex(try Connection(path: directory + "/layouts.sqlite"))
    }

    public func save(id: String, canonicalSpec: [UInt8]) throws {
        try connection.withLock { db in
            try db.run("INSERT OR IGNORE INTO specs (id, spec) VALUES (?, ?)", text: id, blob: canonicalSpec)
        }
    }

    public func load(id: String) throws -> [UInt8]? {
        try connection.withLock { db in try db.blob("SELECT spec FROM specs WHERE id = ?", text: id) }
    }

    public func remove(id: String) throws {
        try connection.withLock { db in try db.run("DELETE FROM specs WHERE id = ?", text: id, blob: nil) }
    }
}

/// A SQLite connection with the few statements the archive needs (used under the archive's lock only).
final class Connection {
    let db: OpaquePointer

    init(path: String) throws {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw ArchiveError("cannot open \(path): \(message)")
        }
        db = handle
        for statement in ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA busy_timeout=5000",
                          "CREATE TABLE IF NOT EXISTS specs (id TEXT PRIMARY KEY, spec BLOB NOT NULL) WITHOUT ROWID"] {
            guard sqlite3_exec(handle, statement, nil, nil, nil) == SQLITE_OK else {
                let message = String(cString: sqlite3_errmsg(handle))
                sqlite3_close(handle)
                throw ArchiveError("cannot prepare \(path): \(message)")
            }
        }
    }

    deinit { sqlite3_close(db) }

    func failure(_ what: String) -> ArchiveError { ArchiveError("\(what): \(String(cString: sqlite3_errmsg(db)))") }

    /// A statement with `text` bound to the first parameter and `blob` (if any) to the second.
    func prepared(_ sql: String, text: String, blob: [UInt8]?) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure("cannot prepare \(sql)")
        }
        guard csqlite_bind_text(statement, 1, text) == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw failure("cannot bind")
        }
        if let blob {
            let bound = blob.withUnsafeBytes { csqlite_bind_blob(statement, 2, $0.baseAddress, Int32($0.count)) }
            guard bound == SQLITE_OK else {
                sqlite3_finalize(statement)
                throw failure("cannot bind")
            }
        }
        return statement
    }

    func run(_ sql: String, text: String, blob: [UInt8]?) throws {
        let statement = try prepared(sql, text: text, blob: blob)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure("cannot run \(sql)") }
    }

    func blob(_ sql: String, text: String) throws -> [UInt8]? {
        let statement = try prepared(sql, text: text, blob: nil)
        defer { sqlite3_finalize(statement) }
        switch sqlite3_step(statement) {
        case SQLITE_ROW:
            let count = Int(sqlite3_column_bytes(statement, 0))
            guard count > 0, let bytes = sqlite3_column_blob(statement, 0) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: count))
        case SQLITE_DONE: return nil
        default: throw failure("cannot run \(sql)")
        }
    }
}
