import CSQLite
import LayoutEngine
import LayoutStore
import SQLiteArchive
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct SQLiteArchiveTests {
    func temporaryDirectory() -> String {
        var template = Array("/tmp/layout-archive-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    func spec(_ items: Int) -> LayoutSpec {
        .flow(FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            FlowSectionSpec(items: .sizes((0..<items).map { LayoutSize(width: Double($0 % 50 + 10), height: 30) })),
        ]))
    }

    @Test func savesLoadsAndRemoves() throws {
        let archive = try SQLiteArchive(directory: temporaryDirectory() + "/data")
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))  // the same id again: no error
        #expect(try archive.load(id: "a")?.spec == .whole(Array("{}".utf8)))
        #expect(try archive.load(id: "b") == nil)
        try archive.remove(id: "a")
        #expect(try archive.load(id: "a") == nil)
    }

    /// Layout programs are kept beside the specs, across a reopening of the file; removing one leaves the specs.
    @Test func keepsProgramsAcrossAReopening() throws {
        let directory = temporaryDirectory() + "/data"
        let module: [UInt8] = [0, 97, 115, 109, 1, 0, 0, 0] + [UInt8](repeating: 7, count: 100_000)
        do {
            let archive = try SQLiteArchive(directory: directory)
            try archive.save(id: "s", canonicalSpec: Array("{}".utf8))
            #expect(try archive.saveProgram(id: "p", bytes: module))
            #expect(try !archive.saveProgram(id: "p", bytes: [1]))  // the same id again keeps what is stored
            #expect(try archive.loadProgram(id: "q") == nil)
        }
        let reopened = try SQLiteArchive(directory: directory)
        #expect(try reopened.loadProgram(id: "p") == module)
        #expect(try reopened.removeProgram(id: "p"))
        #expect(try reopened.removeProgram(id: "p") == false)
        #expect(try reopened.loadProgram(id: "p") == nil)
        #expect(try reopened.load(id: "s")?.spec == .whole(Array("{}".utf8)))
    }

    @Test func changesOnTopOfStoredSpecs() throws {
        let archive = try SQLiteArchive(directory: temporaryDirectory() + "/data")
        #expect(try archive.save(id: "c", base: "a", change: [1]) == false)  // no base: nothing stored
        #expect(try archive.load(id: "c") == nil)
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))
        #expect(try archive.save(id: "c", base: "a", change: [1, 2]))
        #expect(try archive.load(id: "c")?.spec == .derived(base: "a", change: [1, 2]))
        // A removed base stays as a base, marked removed; removed for good once nothing is a change to it.
        try archive.remove(id: "a")
        #expect(try archive.load(id: "a")?.removed == true)
        try archive.save(id: "a", canonicalSpec: Array("{}".utf8))  // posted again: live again
        #expect(try archive.load(id: "a")?.removed == false)
        try archive.remove(id: "a")
        try archive.remove(id: "c")
        #expect(try archive.load(id: "c") == nil)
        #expect(try archive.load(id: "a")?.removed == true)  // left as it was (no cascade)
    }

    /// Ids outlive the store: a new store over the same directory (a restarted process) serves every id.
    @Test func idsOutliveTheProcess() throws {
        let directory = temporaryDirectory()
        var ids: [String] = []
        do {
            let store = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
            for n in [5, 1000, 20_000] { ids.append(try store.add(spec(n)).id) }
            #expect(try store.remove(id: ids[0]))
        }
        let restarted = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
        #expect(try restarted.layout(id: ids[0]) == nil)  // deleted stays deleted
        #expect(try restarted.layout(id: ids[1])?.numberOfItems == 1000)
        #expect(try restarted.layout(id: ids[2])?.numberOfItems == 20_000)
        #expect(try restarted.knows(id: ids[2]))
        #expect(try restarted.add(spec(1000)).created == false)  // known from the archive
        #expect(try restarted.layout(id: String(repeating: "f", count: 64)) == nil)
    }

    /// Of POSTs of one new spec at the same moment, exactly one is told `created`, also when another one's check
    /// of the archive reads back what the first one saved (the interleaving is the threads'; the count is exact).
    @Test func concurrentAddsOfANewSpecCreateItOnce() throws {
        let store = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: temporaryDirectory()))
        for n in 1...12 {
            let created = Counter()
            let threads = (0..<8).map { _ in
                Thread { if (try? store.add(spec(n)).created) == true { created.increment() } }
            }
            for t in threads { t.join() }
            #expect(created.value == 1, "spec \(n)")
        }
    }

    /// Updates are stored as changes on their base, and read back through the chain after a restart, also when
    /// the base was deleted meanwhile.
    @Test func updatedSpecsOutliveTheProcess() throws {
        let directory = temporaryDirectory()
        var chain: [(id: String, items: Int)] = []
        do {
            let store = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
            var (id, _, _) = try store.add(spec(20_000).normalized())
            chain.append((id, 20_000))
            var current = spec(20_000).normalized()
            for k in 0..<20 {  // past the longest chain: some are stored whole again
                let body = Array(#"{"updates":[{"op":"insertItems","indexPaths":[[0,\#(100 * k)]],"sizes":[[7,8]]}]}"#.utf8)
                let change = SpecChange.updates(body)
                let next = try #require(change.applied(to: current))
                let plan = try UpdatePlan.make(oldCounts: current.sectionCounts,
                                               operations: [.insertItems([LayoutIndexPath(section: 0, item: 100 * k)], sizes: [LayoutSize(width: 7, height: 8)])])
                let first = try #require(plan.firstChange(oldCounts: current.sectionCounts))
                let added = try store.add(next, derivedFrom: id, unchangedBefore: first, change: change)
                #expect(added.id == LayoutID.of(next))
                (id, current) = (added.id, next)
                chain.append((id, 20_001 + k))
            }
            #expect(try store.remove(id: chain[0].id))  // the first base goes; its changes stay readable
        }
        let restarted = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
        #expect(try restarted.layout(id: chain[0].id) == nil)
        for (id, items) in chain.dropFirst() {
            #expect(try restarted.layout(id: id)?.numberOfItems == items)
        }
    }

    /// A grid's batch (rows and columns) is stored as a change too, and replayed after a restart.
    @Test func gridBatchesOutliveTheProcess() throws {
        let directory = temporaryDirectory()
        var grid = GridLayoutSpec(collectionView: LayoutSize(width: 300, height: 200),
                                  rows: GridAxisSpec(count: 1_000, size: 28), columns: GridAxisSpec(count: 40, size: 90))
        grid.frozen = GridFrozen(top: 1, leading: 1)
        grid.merged = [GridMerge(row: 5, column: 2, rows: 3, columns: 2)]
        let base = LayoutSpec.grid(grid).normalized()
        let body = Array(#"{"updates":[{"op":"insertRows","rows":[6],"sizes":[40]},{"op":"resizeColumns","columns":[0],"sizes":[60]}]}"#.utf8)
        let updated: (id: String, spec: LayoutSpec)
        do {
            let store = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
            let id = try store.add(base).id
            let next = try #require(SpecChange.updates(body).applied(to: base))
            guard case .grid(let g) = next else { return }
            #expect(g.rows.count == 1_001)
            #expect(g.merged == [GridMerge(row: 5, column: 2, rows: 4, columns: 2)])
            let added = try store.add(next, derivedFrom: id, unchangedBefore: (0, 0), change: .updates(body))
            #expect(added.id == LayoutID.of(next))
            updated = (added.id, next)
        }
        let restarted = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
        #expect(try restarted.layout(id: updated.id)?.spec == updated.spec)
    }

    /// A file of the first version (table `specs`, WITHOUT ROWID, id and spec only) is moved over when opened.
    @Test func filesOfTheFirstVersionAreMovedOver() throws {
        let directory = temporaryDirectory()
        let id: String
        do {
            let store = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
            id = try store.add(spec(300).normalized()).id
        }
        // Turn the file back into the first version's layout.
        var db: OpaquePointer?
        #expect(sqlite3_open(directory + "/layouts.sqlite", &db) == SQLITE_OK)
        for statement in ["CREATE TABLE specs (id TEXT PRIMARY KEY, spec BLOB NOT NULL) WITHOUT ROWID",
                          "INSERT INTO specs (id, spec) SELECT id, spec FROM layout_specs", "DROP TABLE layout_specs"] {
            #expect(sqlite3_exec(db, statement, nil, nil, nil) == SQLITE_OK)
        }
        sqlite3_close(db)
        let reopened = LayoutStore(capacityBytes: 1 << 28, archive: try SQLiteArchive(directory: directory))
        #expect(try reopened.layout(id: id)?.numberOfItems == 300)
    }

    @Test func anUnwritableDirectoryIsAnError() {
        #expect(throws: ArchiveError.self) { try SQLiteArchive(directory: "/proc/no-such-place/data") }
    }
}

/// A joinable pthread running a closure.
final class Thread: @unchecked Sendable {
    private var thread = pthread_t()
    private let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
        let box = Unmanaged.passRetained(self)
        pthread_create(&thread, nil, { raw in
            let me = Unmanaged<Thread>.fromOpaque(raw!).takeRetainedValue()
            me.body()
            return nil
        }, box.toOpaque())
    }

    func join() { pthread_join(thread, nil) }
}

/// A count shared by threads.
final class Counter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
