public import LayoutStore
import Synchronization

/// Specs kept in PostgreSQL (`--store postgres://...`): the archive replicas share, so that any replica answers
/// any id (one that misses in memory loads the spec from here). A save returns after PostgreSQL committed it
/// (its default `synchronous_commit`), so an id answered 201 survives the crash of either side.
///
/// Connections are pooled: a call takes an idle one or opens one (at most one per concurrent call, i.e. per
/// worker thread), and puts it back after; a broken connection is closed and the call tried once more on a new one.
///
/// Every call answers within `timeout` (connecting included): past it, the call fails as timed out and its
/// connection is closed. After a call timed out, the database is taken for *not answering*: later calls fail at
/// once, and only `probe` tries it (the store probes every second while it fails, `StoreHealth`), so a database that
/// hangs costs a request no more than the deadline, even one that waited for a thread; the first call that gets an
/// answer ends it.
public final class PostgresArchive: SpecArchive, ProgramArchive {
    public let url: String
    /// How long a call may take, connecting included (`--store-timeout-seconds`).
    public let timeout: Duration
    private let idle: Mutex<[PGConnection]>
    /// Idle connections kept; more are closed when put back.
    private let maxIdle: Int

    private struct Outage {
        /// A call timed out and none has been answered since.
        var notAnswering = false
        /// A call is trying the database meanwhile.
        var trying = false
    }

    private let outage = Mutex(Outage())

    /// Connects once (to fail early on a wrong URL or a missing server) and creates the tables if needed: under an
    /// advisory lock, since replicas started together would race on `CREATE TABLE IF NOT EXISTS`.
    public init(url: String, maxIdleConnections: Int = 8, timeout: Duration = .seconds(5)) throws {
        self.url = url
        self.timeout = timeout
        self.maxIdle = max(1, maxIdleConnections)
        let first = try PGConnection(url: url, timeout: timeout)
        let deadline = ContinuousClock.now + timeout
        // `spec` holds the canonical spec, or for a row with a `base`, the change to it (SpecChange's bytes).
        for statement in [
            "BEGIN",
            "SELECT pg_advisory_xact_lock(\(Self.schemaLock))",
            "CREATE TABLE IF NOT EXISTS layout_specs (id text PRIMARY KEY, spec bytea NOT NULL, "
                + "created_at timestamptz NOT NULL DEFAULT now())",
            "ALTER TABLE layout_specs ADD COLUMN IF NOT EXISTS base text, "
                + "ADD COLUMN IF NOT EXISTS removed boolean NOT NULL DEFAULT false",
            "CREATE INDEX IF NOT EXISTS layout_specs_by_base ON layout_specs (base) WHERE base IS NOT NULL",
            Self.baseForeignKey,
            "CREATE TABLE IF NOT EXISTS layout_probe (id integer PRIMARY KEY, at timestamptz NOT NULL)",
            // Layout programs (WebAssembly modules) by the SHA-256 of their bytes.
            "CREATE TABLE IF NOT EXISTS layout_programs (id text PRIMARY KEY, module bytea NOT NULL, "
                + "created_at timestamptz NOT NULL DEFAULT now())",
            "COMMIT",
        ] {
            do {
                try first.execute(statement, [], until: deadline, timeout: timeout)
            } catch {
                throw ArchiveError("cannot create the tables: \(error.message)", kind: error.kind)
            }
        }
        idle = Mutex([first])
    }

    /// The advisory lock key that serializes the replicas' schema creation.
    static let schemaLock = 0x6c61_796f_7574  // "layout"

    /// A change's row references its base's (`ON DELETE RESTRICT`): PostgreSQL then refuses to delete a base that a
    /// committed or concurrent change references, and refuses a change whose base is deleted meanwhile. Without
    /// it, under READ COMMITTED, a `remove` on one replica and a derived `save` on another could each miss the
    /// other's uncommitted row and leave a change whose base is gone (unreadable for good).
    ///
    /// Added once to tables made without it, under the schema lock (so replicas started together add it once).
    /// Rows made before it whose base is gone cannot be read: they are deleted first, with the changes to them
    /// (their ids then answer 404, as any unknown id), so that the constraint holds for every row.
    static let baseForeignKey = """
        DO $$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'layout_specs'::regclass
                         AND conname = 'layout_specs_base_stored') THEN
            WITH RECURSIVE orphans (id) AS (
              SELECT s.id FROM layout_specs s WHERE s.base IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM layout_specs b WHERE b.id = s.base)
              UNION SELECT s.id FROM layout_specs s JOIN orphans o ON s.base = o.id)
            DELETE FROM layout_specs WHERE id IN (SELECT id FROM orphans);
            ALTER TABLE layout_specs ADD CONSTRAINT layout_specs_base_stored FOREIGN KEY (base)
              REFERENCES layout_specs (id) ON DELETE RESTRICT;
          END IF;
        END $$
        """

    /// SQLSTATE foreign_key_violation: a statement the constraint above refused.
    static let foreignKeyViolation = "23503"

    public func save(id: String, canonicalSpec: [UInt8]) throws {
        try withConnection { c, deadline throws(ArchiveError) in
            try c.execute("INSERT INTO layout_specs (id, spec) VALUES ($1, $2) "
                          + "ON CONFLICT (id) DO UPDATE SET removed = false", [Array(id.utf8), canonicalSpec],
                          until: deadline, timeout: timeout)
        }
    }

    public func save(id: String, base: String, change: [UInt8]) throws -> Bool {
        try withConnection { c, deadline throws(ArchiveError) in
            do throws(ArchiveError) {
                return try c.rowsAffected("INSERT INTO layout_specs (id, spec, base) SELECT $1, $2, $3 "
                                          + "WHERE EXISTS (SELECT 1 FROM layout_specs WHERE id = $3) "
                                          + "ON CONFLICT (id) DO UPDATE SET removed = false",
                                          [Array(id.utf8), change, Array(base.utf8)], until: deadline,
                                          timeout: timeout) > 0
            } catch where c.refusedState == Self.foreignKeyViolation {
                return false  // the base was deleted after this statement saw it (a remove on another replica)
            }
        }
    }

    public func load(id: String) throws -> (spec: StoredSpec, removed: Bool)? {
        try withConnection { c, deadline throws(ArchiveError) in
            guard let row = try c.firstRow("SELECT spec, base, removed FROM layout_specs WHERE id = $1",
                                           [Array(id.utf8)], columns: 3, until: deadline, timeout: timeout)
            else { return nil }
            let removed = row[2] == [1]  // binary boolean
            guard let base = row[1] else { return (.whole(row[0] ?? []), removed) }
            return (.derived(base: String(decoding: base, as: UTF8.self), change: row[0] ?? []), removed)
        }
    }

    public func remove(id: String) throws {
        try withConnection { c, deadline throws(ArchiveError) in
            // Kept as a base while other specs are changes to it.
            try c.execute("UPDATE layout_specs SET removed = true WHERE id = $1", [Array(id.utf8)], until: deadline,
                          timeout: timeout)
            do throws(ArchiveError) {
                try c.execute("DELETE FROM layout_specs WHERE id = $1 "
                              + "AND NOT EXISTS (SELECT 1 FROM layout_specs WHERE base = $1)", [Array(id.utf8)],
                              until: deadline, timeout: timeout)
            } catch where c.refusedState == Self.foreignKeyViolation {
                // A change to it was saved meanwhile (on another replica): it stays, marked removed, as that base.
            }
        }
    }

    public func saveProgram(id: String, bytes: [UInt8]) throws -> Bool {
        try withConnection { c, deadline throws(ArchiveError) in
            try c.rowsAffected("INSERT INTO layout_programs (id, module) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING",
                               [Array(id.utf8), bytes], until: deadline, timeout: timeout) > 0
        }
    }

    public func loadProgram(id: String) throws -> [UInt8]? {
        try withConnection { c, deadline throws(ArchiveError) in
            try c.firstRow("SELECT module FROM layout_programs WHERE id = $1", [Array(id.utf8)], columns: 1,
                           until: deadline, timeout: timeout).map { $0[0] ?? [] }
        }
    }

    public func removeProgram(id: String) throws -> Bool {
        try withConnection { c, deadline throws(ArchiveError) in
            try c.rowsAffected("DELETE FROM layout_programs WHERE id = $1", [Array(id.utf8)], until: deadline,
                               timeout: timeout) > 0
        }
    }

    /// Rewrites one row of `layout_probe` (a committed write); it tries the database even while it does not answer.
    public func probe() throws {
        try withConnection(probing: true) { c, deadline throws(ArchiveError) in
            try c.execute("INSERT INTO layout_probe (id, at) VALUES (1, now()) ON CONFLICT (id) DO UPDATE SET at = now()",
                          [], until: deadline, timeout: timeout)
        }
    }

    /// Runs `body` on a pooled connection within the deadline. A connection that broke (a server restart, a
    /// network cut) is closed and the call tried once more on a new one, within the same deadline; a call that
    /// timed out is not tried again.
    private func withConnection<T>(probing: Bool = false,
                                   _ body: (PGConnection, ContinuousClock.Instant) throws(ArchiveError) -> T)
        throws(ArchiveError) -> T
    {
        let deadline = ContinuousClock.now + timeout
        let trying = try enter(probing: probing)
        var timedOut = false
        defer { leave(trying: trying, timedOut: timedOut) }
        do throws(ArchiveError) {
            var connection: PGConnection
            if let pooled = idle.withLock({ $0.popLast() }) {
                connection = pooled
            } else {
                connection = try PGConnection(url: url, timeout: timeout, deadline: deadline)
            }
            let result: T
            do {
                result = try body(connection, deadline)
            } catch {
                // An error on a healthy connection is the answer.
                guard connection.broken, error.kind != .timedOut else { throw error }
                connection = try PGConnection(url: url, timeout: timeout, deadline: deadline)
                result = try body(connection, deadline)
            }
            if !connection.broken {
                idle.withLock { pool in
                    if pool.count < maxIdle { pool.append(connection) }
                }
            }
            return result
        } catch {
            timedOut = error.kind == .timedOut
            throw error
        }
    }

    /// Lets a call go to the database, unless it is not answering: then only a probe goes, one at a time; true for
    /// the probe that tries it.
    private func enter(probing: Bool) throws(ArchiveError) -> Bool {
        let go: Bool? = outage.withLock { outage in
            guard outage.notAnswering else { return false }
            guard probing, !outage.trying else { return nil }
            outage.trying = true
            return true
        }
        guard let go else {
            throw ArchiveError("the database did not answer within \(PGConnection.seconds(timeout))", kind: .timedOut)
        }
        return go
    }

    /// After a call: whether the database answered it (any answer, an error too, ends an outage).
    private func leave(trying: Bool, timedOut: Bool) {
        outage.withLock { outage in
            outage.notAnswering = timedOut
            if trying { outage.trying = false }
        }
    }
}
