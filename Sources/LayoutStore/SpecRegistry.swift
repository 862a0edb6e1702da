import LayoutEngine
import LayoutWire
import Synchronization

/// The registry of accepted specs: their specs in memory, within `capacityBytes` (`SpecMemory`'s estimate), and in
/// the `archive` when there is one, so ids outlive the process. With an archive, the least recently used specs
/// leave memory past the budget, and an id not in memory is read back from the archive (and kept again). Without
/// one, memory is the only copy: a new spec that does not fit is refused (`ArchiveError.Kind.specMemoryFull`).
///
/// Each call takes the registry's lock once, briefly; archive calls run outside it, and specs that leave memory
/// are freed after it.
final class SpecRegistry: Sendable {
    private struct Entry {
        var spec: LayoutSpec
        /// How many stored changes separate the spec from a whole one in the archive (0: stored whole).
        var depth: Int
        /// Whether a POST has answered `created` for it (specs read back from the archive are not).
        var announced = false
    }

    private struct State {
        var entries: LRUCache<String, Entry>
        var evictions = 0
        /// Ids forgotten so far (see `removalMark`).
        var removals = 0
    }

    private let state: Mutex<State>
    let archive: (any SpecArchive)?
    let capacityBytes: Int

    let health: StoreHealth
    /// Told the estimated bytes of the specs that left memory, once they are freed.
    let onFreed: (@Sendable (Int) -> Void)?

    init(archive: (any SpecArchive)?, capacityBytes: Int = .max, health: StoreHealth,
         onFreed: (@Sendable (Int) -> Void)? = nil) {
        self.archive = archive
        self.onFreed = onFreed
        self.capacityBytes = capacityBytes
        self.health = health
        state = Mutex(State(entries: LRUCache(capacity: capacityBytes)))
    }

    struct Counts {
        var specs = 0
        var bytes = 0
        var evictions = 0
    }

    /// Specs in memory and their estimated bytes, and specs that left memory for the budget.
    var counts: Counts {
        state.withLock { Counts(specs: $0.entries.count, bytes: $0.entries.totalCost, evictions: $0.evictions) }
    }

    /// Whether the id is in memory (no archive call).
    func isLoaded(_ id: String) -> Bool { state.withLock { $0.entries.peek(id) != nil } }

    /// How many ids were forgotten so far: an id no longer in memory while this has not changed was not removed
    /// (it left memory for the budget, or never was there), so its layout may be kept.
    var removalMark: Int { state.withLock { $0.removals } }

    /// Whether the layout of `id`, prepared since `mark` (`removalMark`), may be kept: the id was not removed
    /// meanwhile.
    func mayKeep(_ id: String, since mark: Int) -> Bool {
        state.withLock { $0.entries.peek(id) != nil || $0.removals == mark }
    }

    /// The chain depth of an id in memory.
    func depth(of id: String) -> Int? { state.withLock { $0.entries.peek(id)?.depth } }

    /// Keeps `spec` under `id` unless the id is known already. With `announce` (the POST found the id unknown),
    /// true for the one call that announces it first: of POSTs of one new spec at the same moment, exactly one
    /// answers `created`, even when another one's archive check read it back meanwhile. Without an archive, a
    /// spec that does not fit the budget is refused.
    func insert(_ id: String, spec: LayoutSpec, depth: Int, announce: Bool) throws(ArchiveError) -> Bool {
        let (created, released) = try state.withLock { state throws(ArchiveError) -> (Bool, [Entry]) in
            guard var entry = state.entries.get(id) else {
                let cost = SpecMemory.bytes(of: spec)
                if archive == nil, state.entries.totalCost + cost > capacityBytes {
                    throw self.memoryFull(cost)
                }
                let (_, evicted, released) = state.entries.insert(
                    id, Entry(spec: spec, depth: depth, announced: announce), cost: cost)
                state.evictions += evicted.count
                return (announce, released)
            }
            guard announce, !entry.announced else { return (false, []) }
            entry.announced = true
            _ = state.entries.insert(id, entry, cost: SpecMemory.bytes(of: entry.spec))
            return (true, [])
        }
        freed(consume released)
        return created
    }

    /// Frees specs that left memory (outside the lock), and tells `onFreed`.
    private func freed(_ entries: consuming [Entry]) {
        let bytes = entries.reduce(0) { $0 + SpecMemory.bytes(of: $1.spec) }
        _ = consume entries
        if bytes > 0 { onFreed?(bytes) }
    }

    /// The refusal of a spec that does not fit memory, without an archive to leave it in.
    private func memoryFull(_ cost: Int) -> ArchiveError {
        ArchiveError("the specs in memory would exceed \(capacityBytes) bytes (--spec-memory-bytes) with this one "
                     + "of about \(cost) bytes, and the memory store keeps every spec in memory",
                     kind: .specMemoryFull)
    }

    /// Forgets an id in memory; true when it was there.
    func forget(_ id: String) -> Bool {
        let removed = state.withLock { state in
            state.removals += 1
            return state.entries.remove(id)
        }
        return removed != nil
    }

    /// The spec of an id: in memory, or read back from the archive (one archive read; nil when it is not there).
    func spec(id: String) throws(ArchiveError) -> LayoutSpec? {
        try spec(id: id, asBase: false, hops: 0)?.spec
    }

    /// A spec read back from the archive, with its chain length: a whole one decoded, a change applied to its base
    /// (read the same way, even if it was removed: `asBase`) and checked against its id.
    private func spec(id: String, asBase: Bool, hops: Int) throws(ArchiveError) -> (spec: LayoutSpec, depth: Int)? {
        if let known = state.withLock({ $0.entries.get(id) }) { return (known.spec, known.depth) }
        guard let archive, LayoutID.isWellFormed(id) else { return nil }
        let loaded: (spec: StoredSpec, removed: Bool)?
        do { loaded = try archive.load(id: id) } catch { throw health.failure(error, .read) }
        guard let loaded, !loaded.removed || asBase else { return nil }
        let spec: LayoutSpec
        let depth: Int
        switch loaded.spec {
        case .whole(let bytes):
            // It was validated when accepted; the limits of today do not apply to what was accepted then.
            guard let decoded = try? SpecDecoder.decode(bytes, limits: SpecLimits(maxItems: .max, maxSections: .max, maxTextLength: .max)) else {
                throw health.failure(ArchiveError("the stored spec of \(id) cannot be decoded"), .read)
            }
            (spec, depth) = (decoded, 0)
        case .derived(let baseID, let bytes):
            guard hops < LayoutStore.maxChainLength, let base = try self.spec(id: baseID, asBase: true, hops: hops + 1),
                  let applied = SpecChange(stored: bytes)?.applied(to: base.spec),
                  SpecDigest(of: applied).id == id
            else { throw health.failure(ArchiveError("the stored change of \(id) on \(baseID) cannot be applied"), .read) }
            (spec, depth) = (applied, base.depth + 1)
        }
        // A removed spec read as a base is not kept: it is not served.
        guard !loaded.removed else { return (spec, depth) }
        let released = state.withLock { state -> [Entry] in
            guard state.entries.get(id) == nil else { return [] }
            let (_, evicted, released) = state.entries.insert(id, Entry(spec: spec, depth: depth),
                                                              cost: SpecMemory.bytes(of: spec))
            state.evictions += evicted.count
            return released
        }
        freed(consume released)
        return (spec, depth)
    }
}
