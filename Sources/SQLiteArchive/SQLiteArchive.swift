import CSQLite
public import LayoutStore
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Specs (and layout programs, `ProgramArchive`) kept in an embedded SQLite database (`<data dir>/layouts.sqlite`): WAL journal, `synchronous=FULL`, so a
/// save that returned survives a crash or a kill. One connection, used by one thread at a time.
public final class SQLiteArchive: SpecArchive, ProgramArchive {
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
            try db.run("INSERT INTO layout_specs (id, spec) VALUES (?1, ?2) ON CONFLICT (id) DO UPDATE SET removed = 0",
                       text: id, blob: canonicalSpec)
            // A large spec moves its pages from the journal into the database now (its POST is O(size) anyway),
            // rather than during whichever small write comes next.
            if canonicalSpec.count > 1 << 20 {
                sqlite3_wal_checkpoint_v2(db.db, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
            }
        }
    }

    public func save(id: String, base: String, change: [UInt8]) throws -> Bool {
        try connection.withLock { db in
            try db.run("""
                INSERT INTO layout_specs (id, spec, base) SELECT ?1, ?2, ?3
                WHERE EXISTS (SELECT 1 FROM layout_specs WHERE id = ?3)
                ON CONFLICT (id) DO UPDATE SET removed = 0
                """, text: id, blob: change, text2: base)
            return sqlite3_changes(db.db) > 0
        }
    }

    public func load(id: String) throws -> (spec: StoredSpec, removed: Bool)? {
        try connection.withLock { db in try db.stored(id) }
    }

    /// Rewrites a row of 64 KiB in a table of its own: a write that needs room on the disk, as a spec's does.
    public func probe() throws {
        try connection.withLock { db in
            guard sqlite3_exec(db.db, "INSERT OR REPLACE INTO layout_probe (id, bytes) VALUES (1, zeroblob(65536))",
                               nil, nil, nil) == SQLITE_OK
            else { throw db.failure() }
        }
    }

    /// No change can be left without its base (the write skew PostgreSQL's archive prevents with a foreign key):
    /// this process's calls run one at a time under the connection's lock, and each statement is a transaction of
    /// its own that SQLite serializes with every other writer of the file (one at a time, never from an older
    /// snapshot), so the `DELETE ... NOT EXISTS` below and a change's `INSERT ... WHERE EXISTS` each see the other's
    /// row once it is written.
    public func remove(id: String) throws {
        try connection.withLock { db in
            // Kept as a base while other specs are changes to it.
            try db.run("UPDATE layout_specs SET removed = 1 WHERE id = ?1", text: id, blob: nil)
            try db.run("DELETE FROM layout_specs WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM layout_specs WHERE base = ?1)",
                       text: id, blob: nil)
        }
    }
}

extension SQLiteArchive {
    public func saveProgram(id: String, bytes: [UInt8]) throws -> Bool {
        try connection.withLock { db in
            try db.run("INSERT INTO layout_programs (id, module) VALUES (?1, ?2) ON CONFLICT (id) DO NOTHING",
                       text: id, blob: bytes)
            return sqlite3_changes(db.db) > 0
        }
    }

    public func loadProgram(id: String) throws -> [UInt8]? {
        try connection.withLock { db in
            let statement = try db.prepared("SELECT module FROM layout_programs WHERE id = ?1", text: id, blob: nil)
            defer { sqlite3_finalize(statement) }
            switch sqlite3_step(statement) {
            case SQLITE_ROW: return db.blob(statement, column: 0)
            case SQLITE_DONE: return nil
            default: throw db.failure()
            }
        }
    }

    public func removeProgram(id: String) throws -> Bool {
        try connection.withLock { db in
            try db.run("DELETE FROM layout_programs WHERE id = ?1", text: id, blob: nil)
            return sqlite3_changes(db.db) > 0
        }
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
        // `spec` holds the canonical spec, or for a row with a `base`, the change to it (SpecChange's bytes). A rowid
        // table: rows are megabytes, which a WITHOUT ROWID table keeps in its key's b-tree (every look-up and
        // insert near one paid milliseconds). Files of the first version (table `specs`, WITHOUT ROWID) are moved
        // over once.
        var statements = ["PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA busy_timeout=5000",
                          "CREATE TABLE IF NOT EXISTS layout_specs (id TEXT PRIMARY KEY, spec BLOB NOT NULL, base TEXT, "
                              + "removed INTEGER NOT NULL DEFAULT 0)",
                          "CREATE INDEX IF NOT EXISTS layout_specs_by_base ON layout_specs (base) WHERE base IS NOT NULL",
                          "CREATE TABLE IF NOT EXISTS layout_probe (id INTEGER PRIMARY KEY, bytes BLOB NOT NULL)",
                          // Layout programs (WebAssembly modules) by the SHA-256 of their bytes; added beside the
                          // tables above, so files made before programs existed gain it when opened.
                          "CREATE TABLE IF NOT EXISTS layout_programs (id TEXT PRIMARY KEY, module BLOB NOT NULL)"]
        if Self.hasTable(handle, "specs") {
            statements += ["BEGIN IMMEDIATE", "INSERT OR IGNORE INTO layout_specs (id, spec) SELECT id, spec FROM specs",
                           "DROP TABLE specs", "COMMIT"]
        }
        for statement in statements {
            let status = sqlite3_exec(handle, statement, nil, nil, nil)
            guard status == SQLITE_OK else {
                let message = String(cString: sqlite3_errmsg(handle))
                sqlite3_close(handle)
                throw ArchiveError("cannot prepare \(path): \(message)")
            }
        }
    }

    deinit { sqlite3_close(db) }

    /// Whether the database has a table of that name.
    static func hasTable(_ handle: OpaquePointer, _ name: String) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1", -1,
                                 &statement, nil) == SQLITE_OK, let statement else { return false }
        defer { sqlite3_finalize(statement) }
        return csqlite_bind_text(statement, 1, name) == SQLITE_OK && sqlite3_step(statement) == SQLITE_ROW
    }

    /// The error of the last call, in SQLite's words ("database or disk is full"), without the statement.
    func failure() -> ArchiveError { ArchiveError(String(cString: sqlite3_errmsg(db))) }

    /// A statement with `text` bound to the first parameter, `blob` (if any) to the second, `text2` (if any) to
    /// the third.
    func prepared(_ sql: String, text: String, blob: [UInt8]?, text2: String? = nil) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure()
        }
        guard csqlite_bind_text(statement, 1, text) == SQLITE_OK else {
            sqlite3_finalize(statement)
            throw failure()
        }
        if let blob {
            let bound = blob.withUnsafeBytes { csqlite_bind_blob(statement, 2, $0.baseAddress, Int32($0.count)) }
            guard bound == SQLITE_OK else {
                sqlite3_finalize(statement)
                throw failure()
            }
        }
        if let text2, csqlite_bind_text(statement, 3, text2) != SQLITE_OK {
            sqlite3_finalize(statement)
            throw failure()
        }
        return statement
    }

    func run(_ sql: String, text: String, blob: [UInt8]?, text2: String? = nil) throws {
        let statement = try prepared(sql, text: text, blob: blob, text2: text2)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure() }
    }

    /// A row's blob column (empty for an empty or null one).
    func blob(_ statement: OpaquePointer, column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(statement, column))
        guard count > 0, let start = sqlite3_column_blob(statement, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: count))
    }

    /// The stored spec of an id: its bytes, its base (if it is a change), whether it was removed.
    func stored(_ id: String) throws -> (spec: StoredSpec, removed: Bool)? {
        let statement = try prepared("SELECT spec, base, removed FROM layout_specs WHERE id = ?1", text: id, blob: nil)
        defer { sqlite3_finalize(statement) }
        switch sqlite3_step(statement) {
        case SQLITE_ROW:
            let bytes = blob(statement, column: 0)
            let removed = sqlite3_column_int(statement, 2) != 0
            guard let base = sqlite3_column_text(statement, 1) else { return (.whole(bytes), removed) }
            return (.derived(base: String(cString: base), change: bytes), removed)
        case SQLITE_DONE: return nil
        default: throw failure()
        }
    }
}
