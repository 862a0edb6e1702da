public import LayoutStore
import Synchronization

/// Specs kept in PostgreSQL (`--store postgres://...`): the archive replicas share, so that any replica answers
/// any id (one that misses in memory loads the spec from here). A save returns after PostgreSQL committed it
/// (its default `synchronous_commit`), so an id answered 201 survives the crash of either side.
///
/// Connections are pooled: a call takes an idle one or opens one (at most one per concurrent call, i.e. per
/// worker thread), and puts it back after; a broken connection is reset and the call tried once more.
public final class PostgresArchive: SpecArchive {
    public let url: String
    private let idle: Mutex<[PGConnection]>
    /// Idle connections kept; more are closed when put back.
    private let maxIdle: Int

    /// Connects once (to fail early on a wrong URL or a missing server) and creates the table if needed.
    public init(url: String, maxIdleConnections: Int = 8) throws {
        self.url = url
        self.maxIdle = max(1, maxIdleConnections)
        let first = try PGConnection(url: url)
        // `spec` holds the canonical spec, or for a row with a `base`, the change to it (SpecChange's bytes).
        for statement in [
            "CREATE TABLE IF NOT EXISTS layout_specs (id text PRIMARY KEY, spec bytea NOT NULL, "
                + "created_at timestamptz NOT NULL DEFAULT now())",
            "ALTER TABLE layout_specs ADD COLUMN IF NOT EXISTS base text, "
                + "ADD COLUMN IF NOT EXISTS removed boolean NOT NULL DEFAULT false",
            "CREATE INDEX IF NOT EXISTS layout_specs_by_base ON layout_specs (base) WHERE base IS NOT NULL",
        ] {
            try first.execute(statement, [])
        }
        idle = Mutex([first])
    }

    public func save(id: String, canonicalSpec: [UInt8]) throws {
        try withConnection { c in
            try c.execute("INSERT INTO layout_specs (id, spec) VALUES ($1, $2) "
                          + "ON CONFLICT (id) DO UPDATE SET removed = false", [Array(id.utf8), canonicalSpec])
        }
    }

    public func save(id: String, base: String, change: [UInt8]) throws -> Bool {
        try withConnection { c in
            try c.rowsAffected("INSERT INTO layout_specs (id, spec, base) SELECT $1, $2, $3 "
                               + "WHERE EXISTS (SELECT 1 FROM layout_specs WHERE id = $3) "
                               + "ON CONFLICT (id) DO UPDATE SET removed = false",
                               [Array(id.utf8), change, Array(base.utf8)]) > 0
        }
    }

    public func load(id: String) throws -> (spec: StoredSpec, removed: Bool)? {
        try withConnection { c in
            guard let row = try c.firstRow("SELECT spec, base, removed FROM layout_specs WHERE id = $1",
                                           [Array(id.utf8)], columns: 3)
            else { return nil }
            let removed = row[2] == [1]  // binary boolean
            guard let base = row[1] else { return (.whole(row[0] ?? []), removed) }
            return (.derived(base: String(decoding: base, as: UTF8.self), change: row[0] ?? []), removed)
        }
    }

    public func remove(id: String) throws {
        try withConnection { c in
            // Kept as a base while other specs are changes to it.
            try c.execute("UPDATE layout_specs SET removed = true WHERE id = $1", [Array(id.utf8)])
            try c.execute("DELETE FROM layout_specs WHERE id = $1 "
                          + "AND NOT EXISTS (SELECT 1 FROM layout_specs WHERE base = $1)", [Array(id.utf8)])
        }
    }

    private func withConnection<T>(_ body: (PGConnection) throws -> T) throws -> T {
        let connection = try idle.withLock { $0.popLast() } ?? PGConnection(url: url)
        let result: T
        do {
            result = try body(connection)
        } catch {
            // A connection lost (a server restart, a network cut) is reset and the call tried once more; an error
            // on a healthy connection is the answer.
            guard !connection.isHealthy, connection.reset() else { throw error }
            result = try body(connection)
        }
        idle.withLock { pool in
            if pool.count < maxIdle { pool.append(connection) }
        }
        return result
    }
}
