import LayoutEngine
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@testable import LayoutStore

/// An archive in memory whose writes fail (with `failure`, as on a full disk) while `failing` is set.
final class SwitchableArchive: SpecArchive {
    private let specs = Mutex<[String: (spec: StoredSpec, removed: Bool)]>([:])
    let failing = Atomic<Bool>(false)
    let failure = "disk full"
    let probes = Atomic<Int>(0)

    private func check() throws {
        if failing.load(ordering: .relaxed) { throw ArchiveError(failure) }
    }

    func save(id: String, canonicalSpec: [UInt8]) throws {
        try check()
        specs.withLock { $0[id] = $0[id].map { ($0.spec, false) } ?? (.whole(canonicalSpec), false) }
    }

    func save(id: String, base: String, change: [UInt8]) throws -> Bool {
        try check()
        return specs.withLock { s in
            guard s[base] != nil else { return false }
            s[id] = s[id].map { ($0.spec, false) } ?? (.derived(base: base, change: change), false)
            return true
        }
    }

    func load(id: String) throws -> (spec: StoredSpec, removed: Bool)? { specs.withLock { $0[id] } }

    func remove(id: String) throws {
        try check()
        specs.withLock { s in s[id] = s[id].map { ($0.spec, true) } }
    }

    func probe() throws {
        probes.add(1, ordering: .relaxed)
        try check()
    }
}

/// Programs in the same archive, failing as its specs do.
final class SwitchableProgramArchive: SpecArchive, ProgramArchive {
    let specs = SwitchableArchive()
    private let programs = Mutex<[String: [UInt8]]>([:])

    func save(id: String, canonicalSpec: [UInt8]) throws { try specs.save(id: id, canonicalSpec: canonicalSpec) }
    func save(id: String, base: String, change: [UInt8]) throws -> Bool { try specs.save(id: id, base: base, change: change) }
    func load(id: String) throws -> (spec: StoredSpec, removed: Bool)? { try specs.load(id: id) }
    func remove(id: String) throws { try specs.remove(id: id) }
    func probe() throws { try specs.probe() }

    func saveProgram(id: String, bytes: [UInt8]) throws -> Bool {
        if specs.failing.load(ordering: .relaxed) { throw ArchiveError(specs.failure) }
        return programs.withLock { p in p.updateValue(bytes, forKey: id) == nil }
    }
    func loadProgram(id: String) throws -> [UInt8]? { programs.withLock { $0[id] } }
    func removeProgram(id: String) throws -> Bool {
        if specs.failing.load(ordering: .relaxed) { throw ArchiveError(specs.failure) }
        return programs.withLock { $0.removeValue(forKey: id) != nil }
    }
}

/// The store's health: failed writes make it failing until its probe succeeds; failures are reported at most
/// once an interval for each operation.
@Suite struct StoreHealthTests {
    @Test func aFailedWriteMakesTheStoreFailingUntilItsProbeSucceeds() throws {
        let archive = SwitchableArchive()
        let reports = Mutex<[(StoreOperation, String, Int)]>([])
        let store = LayoutStore(capacityBytes: 1 << 30, archive: archive,
                                onStoreError: { op, message, suppressed in reports.withLock { $0.append((op, message, suppressed)) } },
                                probeInterval: .milliseconds(5))
        let kept = try store.add(flowSpec(items: 10)).id
        archive.failing.store(true, ordering: .relaxed)
        do {
            _ = try store.add(flowSpec(items: 11))
            Issue.record("a save was accepted while the archive fails")
        } catch {
            #expect(error.kind == .failed)
            #expect(error.message == "the store could not save the spec: disk full")
        }
        #expect(store.writeFailure == "the store could not save the spec: disk full")
        #expect(reports.withLock { $0.first?.0 } == .save)
        // The probe keeps failing while the archive does; once it works again, the store recovers without a write.
        var waited = 0
        while archive.probes.load(ordering: .relaxed) < 3, waited < 10_000 {
            usleep(1000)
            waited += 1
        }
        #expect(archive.probes.load(ordering: .relaxed) >= 3)
        #expect(store.writeFailure != nil)
        archive.failing.store(false, ordering: .relaxed)
        waited = 0
        while store.writeFailure != nil, waited < 10_000 {
            usleep(1000)
            waited += 1
        }
        #expect(store.writeFailure == nil)
        #expect(try store.layout(id: kept)?.numberOfItems == 10)
        #expect(try store.add(flowSpec(items: 11)).created)
    }

    @Test func aProgramsFailedWriteMakesTheStoreFailingAndCounts() throws {
        let archive = SwitchableProgramArchive()
        let reports = Mutex<[StoreOperation]>([])
        let store = LayoutStore(capacityBytes: 1 << 30, archive: archive,
                                onStoreError: { op, _, _ in reports.withLock { $0.append(op) } },
                                probeInterval: .milliseconds(5))
        let kept = try store.programs.add([1, 2, 3]).id
        archive.specs.failing.store(true, ordering: .relaxed)
        do {
            _ = try store.programs.add([4, 5, 6])
            Issue.record("a program was saved while the archive fails")
        } catch {
            #expect(error.message == "the store could not save the program: disk full")
        }
        #expect(throws: ArchiveError.self) { try store.programs.remove(id: kept) }
        #expect(store.writeFailure == "the store could not remove the program: disk full")
        #expect(reports.withLock { $0 } == [.saveProgram, .removeProgram])
        #expect(store.stats.archiveErrors == 2)
        #expect(StoreOperation.saveProgram.name == "save-program")
        // Reads still answer; once writes work, the probe makes the store ready again.
        #expect(try store.programs.bytes(id: kept) == [1, 2, 3])
        archive.specs.failing.store(false, ordering: .relaxed)
        var waited = 0
        while store.writeFailure != nil, waited < 10_000 {
            usleep(1000)
            waited += 1
        }
        #expect(store.writeFailure == nil)
        #expect(try store.programs.add([4, 5, 6]).created)
    }

    @Test func failuresAreReportedAtMostOnceAnIntervalForEachOperation() {
        let clock = Mutex(ContinuousClock.now)
        let reports = Mutex<[(StoreOperation, Int)]>([])
        let health = StoreHealth(report: { op, _, suppressed in reports.withLock { $0.append((op, suppressed)) } },
                                 probe: nil, reportInterval: .seconds(1), now: { clock.withLock { $0 } })
        health.failed(.save, "full")
        health.failed(.save, "full")
        health.failed(.save, "full")
        health.failed(.read, "gone")
        clock.withLock { $0 += .milliseconds(999) }
        health.failed(.save, "full")
        clock.withLock { $0 += .milliseconds(2) }
        health.failed(.save, "full")
        let told = reports.withLock { $0 }
        #expect(told.map(\.0) == [.save, .read, .save])
        #expect(told.map(\.1) == [0, 0, 3])
        #expect(health.failure == "full")
        health.failed(.read, "gone")
        #expect(health.failure == "full")
        health.wrote()
        #expect(health.failure == nil)
        health.failed(.read, "gone")
        #expect(health.failure == nil)  // a failed read does not make writes fail
    }
}
