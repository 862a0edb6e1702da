import Synchronization

/// Posted layout programs, by the SHA-256 of their bytes: in the archive when there is one (so that ids outlive
/// the process and replicas share them) and, within `capacityBytes`, in memory. With an archive, the least recently
/// used leave memory past the budget and are read back when needed; without one, memory is the only copy and a
/// new module that does not fit is refused (`ArchiveError.Kind.specMemoryFull`).
///
/// The store keeps bytes only: whether they are a valid program is the caller's to check before `add`.
///
/// Its archive failures count and tell `health` as the specs' do: a failed write makes the store failing (not
/// ready) until a write or the probe succeeds.
public final class ProgramStore: Sendable {
    private let modules: Mutex<LRUCache<String, [UInt8]>>
    let archive: (any ProgramArchive)?
    public let capacityBytes: Int
    private let health: StoreHealth

    /// A store on its own: its failures are told to no one.
    public convenience init(archive: (any ProgramArchive)?, capacityBytes: Int) {
        self.init(archive: archive, capacityBytes: capacityBytes, health: StoreHealth(report: nil, probe: nil))
    }

    init(archive: (any ProgramArchive)?, capacityBytes: Int, health: StoreHealth) {
        self.archive = archive
        self.capacityBytes = capacityBytes
        self.health = health
        modules = Mutex(LRUCache(capacity: capacityBytes))
    }

    /// Stores `bytes` under their SHA-256 (hex) and returns it; `created` is false when the id was known.
    public func add(_ bytes: [UInt8]) throws(ArchiveError) -> (id: String, created: Bool) {
        let id = SHA256.hex(bytes)
        if modules.withLock({ $0.get(id) }) != nil { return (id, false) }
        var created = true
        if let archive {
            do {
                created = try archive.saveProgram(id: id, bytes: bytes)
                health.wrote()
            } catch {
                throw health.failure(error, .saveProgram)
            }
        }
        try modules.withLock { (m: inout LRUCache<String, [UInt8]>) throws(ArchiveError) in
            guard m.get(id) == nil else {
                created = false
                return
            }
            if archive == nil, m.totalCost + bytes.count > capacityBytes {
                throw ArchiveError("the programs in memory would exceed \(capacityBytes) bytes "
                                   + "(--spec-memory-bytes) with this one of \(bytes.count) bytes, and the memory "
                                   + "store keeps every program in memory", kind: .specMemoryFull)
            }
            _ = m.insert(id, bytes, cost: bytes.count)
        }
        return (id, created)
    }

    /// Whether the module is in memory (answered without the archive).
    public func isLoaded(id: String) -> Bool { modules.withLock { $0.peek(id) != nil } }

    /// A module's bytes: in memory, or read back from the archive (and kept again); nil for an unknown id.
    public func bytes(id: String) throws(ArchiveError) -> [UInt8]? {
        if let bytes = modules.withLock({ $0.get(id) }) { return bytes }
        guard let archive, LayoutID.isWellFormed(id) else { return nil }
        let loaded: [UInt8]?
        do { loaded = try archive.loadProgram(id: id) } catch { throw health.failure(error, .readProgram) }
        guard let loaded, SHA256.hex(loaded) == id else { return nil }
        modules.withLock { _ = $0.insert(id, loaded, cost: loaded.count) }
        return loaded
    }

    /// Forgets a module (in the archive too); false when the id was unknown. Layouts prepared from it stay: they
    /// are kept as the frames the program computed.
    @discardableResult
    public func remove(id: String) throws(ArchiveError) -> Bool {
        var removed = modules.withLock { $0.remove(id) } != nil
        if let archive {
            do {
                removed = try archive.removeProgram(id: id)
                health.wrote()
            } catch {
                throw health.failure(error, .removeProgram)
            }
        }
        return removed
    }
}
