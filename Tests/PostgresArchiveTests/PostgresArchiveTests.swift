import CPostgres
import LayoutStore
import PostgresArchive
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server these tests run against: `scripts/with-postgres` starts a throwaway cluster and sets it. Without it
/// the tests are skipped, except under `CI=true`, where `aServerIsGivenUnderCI` fails.
private let serverURL: String? = getenv("LAYOUT_TEST_POSTGRES_URL").map { String(cString: $0) }

/// The archive of real PostgreSQL: each test in a schema of its own (the URL's `search_path`), as a fresh database.
@Suite struct PostgresArchiveTests {
    @Test func aServerIsGivenUnderCI() {
        let ci = getenv("CI").map { String(cString: $0) } == "true"
        #expect(serverURL != nil || !ci, "CI runs these tests against PostgreSQL: run them under scripts/with-postgres")
    }

    @Test(.enabled(if: serverURL != nil)) func savesLoadsAndRemovesAsSQLiteDoes() throws {
        let schema = try Schema()
        let archive = try PostgresArchive(url: schema.url)
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))  // the same id again: no error
        #expect(try archive.load(id: "a")?.spec == .whole(Array("{}".utf8)))
        #expect(try archive.load(id: "b") == nil)
        #expect(try archive.save(id: "c", base: "b", change: [1]) == false)  // no base: nothing stored
        #expect(try archive.load(id: "c") == nil)
        #expect(try archive.save(id: "c", base: "a", change: [1, 2]))
        #expect(try archive.load(id: "c")?.spec == .derived(base: "a", change: [1, 2]))
        // A base with a change to it is kept, marked removed.
        try archive.remove(id: "a")
        #expect(try archive.load(id: "a")?.removed == true)
        #expect(try archive.load(id: "c")?.removed == false)
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))  // saved again: live again
        #expect(try archive.load(id: "a")?.removed == false)
        try archive.remove(id: "c")
        #expect(try archive.load(id: "c") == nil)
        try archive.remove(id: "a")
        #expect(try archive.load(id: "a") == nil)
        #expect(try schema.count("SELECT count(*) FROM layout_specs") == 0)
    }

    /// A table made by an earlier version (no foreign key) gains it when opened, by two replicas at once; its rows
    /// whose base is gone (and changes to those) are deleted, the others kept.
    @Test(.enabled(if: serverURL != nil)) func tablesOfEarlierVersionsGainTheForeignKey() throws {
        let schema = try Schema()
        try schema.run("""
            CREATE TABLE layout_specs (id text PRIMARY KEY, spec bytea NOT NULL,
              created_at timestamptz NOT NULL DEFAULT now(), base text, removed boolean NOT NULL DEFAULT false)
            """)
        try schema.run("""
            INSERT INTO layout_specs (id, spec, base, removed) VALUES
              ('whole', '\\x7b7d', NULL, false), ('kept', '\\x01', 'whole', false),
              ('removed-base', '\\x7b7d', NULL, true), ('on-removed', '\\x02', 'removed-base', false),
              ('orphan', '\\x03', 'gone', false), ('on-orphan', '\\x04', 'orphan', false),
              ('on-that', '\\x05', 'on-orphan', false)
            """)
        let opened = Locked<[Result<PostgresArchive, any Error>]>([])
        let url = schema.url
        let open: @Sendable () -> Void = {
            let archive = Result { try PostgresArchive(url: url) }
            opened.withLock { $0.append(archive) }
        }
        race(open, open)
        let archives = try opened.withLock { $0 }.map { try $0.get() }
        #expect(archives.count == 2)
        let archive = try #require(archives.first)
        #expect(try archive.load(id: "kept")?.spec == .derived(base: "whole", change: [1]))
        #expect(try archive.load(id: "on-removed")?.spec == .derived(base: "removed-base", change: [2]))
        #expect(try archive.load(id: "removed-base")?.removed == true)
        for id in ["orphan", "on-orphan", "on-that"] { #expect(try archive.load(id: id) == nil) }
        #expect(try schema.count("SELECT count(*) FROM pg_constraint WHERE conname = 'layout_specs_base_stored' "
                                 + "AND connamespace = '\(schema.name)'::regnamespace") == 1)
        // The constraint holds: a change to a base that is not stored is refused by the database itself.
        #expect(throws: (any Error).self) { try schema.run("INSERT INTO layout_specs (id, spec, base) VALUES ('x', '', 'y')") }
    }

    /// A remove on one replica races a change saved on top of it on another (threads released together, many
    /// times). Afterwards no change is stored whose base is gone, every change that was saved reads back with its
    /// base, and one that was refused (`false`) is not stored.
    @Test(.enabled(if: serverURL != nil)) func aRemoveRacingAChangeLeavesNoChangeWithoutItsBase() throws {
        let schema = try Schema()
        let one = try PostgresArchive(url: schema.url)
        let other = try PostgresArchive(url: schema.url)
        let rounds = 200
        let saved = Locked([Bool?](repeating: nil, count: rounds))
        let failures = Locked<[String]>([])
        for round in 0..<rounds {
            try one.save(id: "base\(round)", canonicalSpec: Array("{\"round\":\(round)}".utf8))
            // The change starts up to 2 ms after the remove, by steps: the remove's UPDATE and DELETE take about
            // that long, so some rounds meet each of its statements.
            let delay = UInt32(round % 20) * 100
            race({
                do { try one.remove(id: "base\(round)") }
                catch { failures.withLock { $0.append("remove \(round): \(error)") } }
            }, {
                usleep(delay)
                do {
                    let stored = try other.save(id: "change\(round)", base: "base\(round)", change: [UInt8(round % 256)])
                    saved.withLock { $0[round] = stored }
                } catch { failures.withLock { $0.append("save \(round): \(error)") } }
            })
        }
        #expect(failures.withLock { $0 } == [])
        let orphans = try schema.count("SELECT count(*) FROM layout_specs s WHERE base IS NOT NULL "
                                       + "AND NOT EXISTS (SELECT 1 FROM layout_specs b WHERE b.id = s.base)")
        #expect(orphans == 0, "changes whose base is gone")
        var unreadable: [Int] = []
        var stored = 0
        for (round, wasSaved) in saved.withLock({ $0 }).enumerated() {
            let change = try one.load(id: "change\(round)")
            let base = try one.load(id: "base\(round)")
            if wasSaved == true {
                stored += 1
                if change?.spec != .derived(base: "base\(round)", change: [UInt8(round % 256)]) || base == nil
                    || base?.removed != true
                {
                    unreadable.append(round)
                }
            } else if change != nil {
                unreadable.append(round)
            }
        }
        #expect(unreadable == [], "rounds whose outcome does not read back")
        print("PostgresArchiveTests: \(rounds) rounds, \(stored) changes stored, \(rounds - stored) refused, "
              + "\(orphans) without their base")
    }
}

/// Runs `a` and `b` on two threads released together (a spin barrier), and waits for both.
private func race(_ a: @escaping @Sendable () -> Void, _ b: @escaping @Sendable () -> Void) {
    let barrier = Barrier()
    let threads = [a, b].map { body in
        start {
            barrier.arrived.add(1, ordering: .acquiringAndReleasing)
            while barrier.arrived.load(ordering: .acquiring) < 2 {}
            body()
        }
    }
    for thread in threads { pthread_join(thread, nil) }
}

private final class Barrier: Sendable {
    let arrived = Atomic<Int>(0)
}

/// A value behind a lock, shared by the racing threads.
private final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<R: Sendable>(_ body: (inout sending Value) -> R) -> R { mutex.withLock { body(&$0) } }
}

private final class Body: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

private func start(_ body: @escaping @Sendable () -> Void) -> pthread_t {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    let created = pthread_create(&thread, nil, { raw in
        let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
        body.run()
        return nil
    }, box)
    precondition(created == 0, "pthread_create failed")
    return thread
}

/// A schema of its own on the test server, dropped at the end; `url` connects with it as the `search_path`, so
/// the archive's tables are made in it. Its statements run on a connection of libpq's, blocking.
private final class Schema {
    let name: String
    let url: String
    private let connection: OpaquePointer

    init() throws {
        guard let serverURL else { throw SchemaError("LAYOUT_TEST_POSTGRES_URL is not set") }
        var bytes = [UInt8](repeating: 0, count: 8)
        for i in bytes.indices { bytes[i] = UInt8.random(in: 0...255) }
        name = "test_" + bytes.map { String($0, radix: 16) }.joined()
        url = serverURL + (serverURL.contains("?") ? "&" : "?") + "options=-csearch_path%3D" + name + "%20-cclient_min_messages%3Dwarning"
        guard let c = PQconnectdb(serverURL), PQstatus(c) == CONNECTION_OK else {
            throw SchemaError("cannot connect to \(serverURL)")
        }
        connection = c
        try run("CREATE SCHEMA \(name)")
        try run("SET search_path = \(name)")
        try run("SET client_min_messages = warning")
    }

    deinit {
        _ = try? run("DROP SCHEMA \(name) CASCADE")
        PQfinish(connection)
    }

    func run(_ sql: String) throws {
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        let status = PQresultStatus(result)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK else {
            throw SchemaError(String(cString: PQresultErrorMessage(result)))
        }
    }

    /// The first column of the first row, a number.
    func count(_ sql: String) throws -> Int {
        let result = PQexec(connection, sql)
        defer { PQclear(result) }
        guard PQresultStatus(result) == PGRES_TUPLES_OK, PQntuples(result) == 1, let value = PQgetvalue(result, 0, 0)
        else { throw SchemaError(String(cString: PQresultErrorMessage(result))) }
        return Int(String(cString: value)) ?? -1
    }
}

private struct SchemaError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
