import LayoutEngine
import LayoutWire
import Synchronization

/// The registry of accepted specs: every known id's spec, in memory, and in the `archive` when there is one (an
/// id not in memory is looked up there and kept in memory from then on), so ids outlive the process.
///
/// Each call takes the registry's lock once, briefly; archive calls run outside it.
final class SpecRegistry: Sendable {
    private struct Entry {
        var spec: LayoutSpec
        /// How many stored changes separate the spec from a whole one in the archive (0: stored whole).
        var depth: Int
        /// Whether a POST has answered `created` for it (specs read back from the archive are not).
        var announced = false
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var archiveErrors = 0
    }

    private let state = Mutex(State())
    let archive: (any SpecArchive)?

    init(archive: (any SpecArchive)?) { self.archive = archive }

    /// Specs known in memory, and archive calls that failed.
    var counts: (specs: Int, archiveErrors: Int) { state.withLock { ($0.entries.count, $0.archiveErrors) } }

    /// Whether the id is in memory (no archive call).
    func isLoaded(_ id: String) -> Bool { state.withLock { $0.entries[id] != nil } }

    /// The chain depth of an id in memory.
    func depth(of id: String) -> Int? { state.withLock { $0.entries[id]?.depth } }

    /// Keeps `spec` under `id` unless the id is known already. With `announce` (the POST found the id unknown),
    /// true for the one call that announces it first: of POSTs of one new spec at the same moment, exactly one
    /// answers `created`, even when another one's archive check read it back meanwhile.
    func insert(_ id: String, spec: LayoutSpec, depth: Int, announce: Bool) -> Bool {
        state.withLock { state in
            guard var entry = state.entries[id] else {
                state.entries[id] = Entry(spec: spec, depth: depth, announced: announce)
                return announce
            }
            guard announce, !entry.announced else { return false }
            entry.announced = true
            state.entries[id] = entry
            return true
        }
    }

    /// Forgets an id in memory; true when it was there.
    func forget(_ id: String) -> Bool { state.withLock { $0.entries.removeValue(forKey: id) != nil } }

    /// The spec of an id: in memory, or read back from the archive (one archive read; nil when it is not there).
    func spec(id: String) throws(ArchiveError) -> LayoutSpec? {
        try spec(id: id, asBase: false, hops: 0)?.spec
    }

    /// A spec read back from the archive, with its chain length: a whole one decoded, a change applied to its base
    /// (read the same way, even if it was removed: `asBase`) and checked against its id.
    private func spec(id: String, asBase: Bool, hops: Int) throws(ArchiveError) -> (spec: LayoutSpec, depth: Int)? {
        if let known = state.withLock({ $0.entries[id] }) { return (known.spec, known.depth) }
        guard let archive, LayoutID.isWellFormed(id) else { return nil }
        let loaded: (spec: StoredSpec, removed: Bool)?
        do { loaded = try archive.load(id: id) } catch { throw failure(error) }
        guard let loaded, !loaded.removed || asBase else { return nil }
        let spec: LayoutSpec
        let depth: Int
        switch loaded.spec {
        case .whole(let bytes):
            // It was validated when accepted; the limits of today do not apply to what was accepted then.
            guard let decoded = try? SpecDecoder.decode(bytes, limits: SpecLimits(maxItems: .max, maxSections: .max)) else {
                throw failure(ArchiveError("the stored spec of \(id) cannot be read"))
            }
            (spec, depth) = (decoded, 0)
        case .derived(let baseID, let bytes):
            guard hops < LayoutStore.maxChainLength, let base = try self.spec(id: baseID, asBase: true, hops: hops + 1),
                  let applied = SpecChange(stored: bytes)?.applied(to: base.spec),
                  SpecDigest(of: applied).id == id
            else { throw failure(ArchiveError("the stored change of \(id) on \(baseID) cannot be applied")) }
            (spec, depth) = (applied, base.depth + 1)
        }
        // A removed spec read as a base is not kept: it is not served.
        guard !loaded.removed else { return (spec, depth) }
        return state.withLock { state in
            let kept = state.entries[id] ?? Entry(spec: spec, depth: depth)
            state.entries[id] = kept
            return (kept.spec, kept.depth)
        }
    }

    /// An archive failure, counted.
    func failure(_ error: any Error) -> ArchiveError {
        state.withLock { $0.archiveErrors += 1 }
        return error as? ArchiveError ?? ArchiveError("\(error)")
    }
}
