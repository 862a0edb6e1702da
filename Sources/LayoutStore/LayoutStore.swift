public import LayoutEngine
import LayoutWire
import Synchronization

/// The prepared layouts of the service, shared by every worker thread.
///
/// - Specs are kept by id (so an evicted layout can be prepared again on its next request), and in the `archive`
///   when there is one (saved before `add` returns; a spec not in memory is looked up there), so ids outlive the
///   process.
/// - Prepared layouts live in an LRU bounded by `capacityBytes` (each layout's `byteCount`).
/// - A layout is prepared once even when many requests need it at the same moment (single-flight): the first
///   prepares outside the lock, the others wait for its result.
///
/// Lookups take one short lock; preparing takes none. Prepared layouts are immutable, so queries need no lock.
public final class LayoutStore: Sendable {
    public struct Stats: Sendable, Hashable {
        public var specs = 0
        public var entries = 0
        public var bytes = 0
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var prepares = 0
        /// Layouts too large for the cache's whole budget: served, not kept.
        public var uncacheable = 0
        /// Archive calls that failed (each a 503).
        public var archiveErrors = 0

        public init() {}
    }

    private struct State {
        var specs: [String: LayoutSpec] = [:]
        /// How many changes separate a known spec from a whole one in the archive (0: stored whole).
        var depths: [String: Int] = [:]
        var cache: LRUCache<String, Cached>
        var flights: [String: Flight<any PreparedLayout>] = [:]
        var stats = Stats()
    }

    private let state: Mutex<State>
    public let capacityBytes: Int
    public let archive: (any SpecArchive)?
    /// Told how long each preparation took (for the prepare-duration histogram).
    private let onPrepare: (@Sendable (Duration) -> Void)?

    public init(capacityBytes: Int, archive: (any SpecArchive)? = nil,
                onPrepare: (@Sendable (Duration) -> Void)? = nil) {
        self.capacityBytes = capacityBytes
        self.archive = archive
        self.onPrepare = onPrepare
        state = Mutex(State(cache: LRUCache(capacity: capacityBytes)))
    }

    /// Registers `spec` (already validated and normalized) and returns its prepared layout; `created` is true when
    /// the id was not known before. A new spec is in the archive before this returns.
    public func add(_ spec: LayoutSpec) throws(ArchiveError) -> (id: String, layout: any PreparedLayout, created: Bool) {
        try add(spec, digest: SpecDigest(of: spec), base: nil, change: nil)
    }

    /// Changes stored on top of changes before a spec is stored whole again (loading follows the chain).
    public static let maxChainLength = 16

    /// Registers `spec`, the result of a batch on the layout `base` (the id it was updated from): it matches
    /// `base`'s spec before item `unchangedBefore.item` of section `unchangedBefore.section`
    /// (`UpdatePlan.firstChange`). Its id is hashed from `base`'s digest marks and it is prepared from `base`'s
    /// lines before the change when `base` is still cached: the cost grows with the change, not with the layout.
    /// Same result as `add(spec)`. With an archive, the spec is stored as `change` (the request's body) on top of
    /// `base`'s, not whole (up to `maxChainLength` changes in a row).
    public func add(_ spec: LayoutSpec, derivedFrom base: String, unchangedBefore: (section: Int, item: Int),
                    change: SpecChange? = nil)
        throws(ArchiveError) -> (id: String, layout: any PreparedLayout, created: Bool)
    {
        let cached = state.withLock { $0.cache.peek(base) }
        guard let cached else {
            return try add(spec, digest: SpecDigest(of: spec), base: nil, change: change.map { (base, $0) })
        }
        let digest = cached.digest.flatMap {
            SpecDigest(of: spec, resuming: $0, unchangedBefore: unchangedBefore.section, item: unchangedBefore.item)
        } ?? SpecDigest(of: spec)
        return try add(spec, digest: digest, base: (cached.layout, unchangedBefore.section, unchangedBefore.item),
                       change: change.map { (base, $0) })
    }

    private func add(_ spec: LayoutSpec, digest: SpecDigest, base: (any PreparedLayout, Int, Int)?,
                     change: (base: String, change: SpecChange)?)
        throws(ArchiveError) -> (id: String, layout: any PreparedLayout, created: Bool)
    {
        let id = digest.id
        var depth = 0
        if try self.spec(id: id) == nil, let archive {
            do {
                let baseDepth = change.flatMap { c in state.withLock { $0.depths[c.base] } }
                if let change, let baseDepth, baseDepth + 1 < Self.maxChainLength,
                   try archive.save(id: id, base: change.base, change: change.change.stored)
                {
                    depth = baseDepth + 1
                } else {
                    try archive.save(id: id, canonicalSpec: digest.canonical ?? SpecEncoder.canonical(spec))
                }
            } catch {
                throw failure(error)
            }
        }
        let created = state.withLock { state in
            guard state.specs[id] == nil else { return false }
            state.specs[id] = spec
            state.depths[id] = depth
            state.stats.specs += 1
            return true
        }
        return (id, prepared(id: id, spec: spec, digest: digest, base: base), created)
    }

    /// The prepared layout of a known id (preparing it again if it was evicted, or was accepted by an earlier
    /// process), or nil for an unknown id.
    public func layout(id: String) throws(ArchiveError) -> (any PreparedLayout)? {
        guard let spec = try spec(id: id) else { return nil }
        return prepared(id: id, spec: spec, digest: nil, base: nil)
    }

    /// Whether the id is known (without preparing it).
    public func knows(id: String) throws(ArchiveError) -> Bool { try spec(id: id) != nil }

    /// Forgets a layout (in the archive too). Returns false when the id was unknown.
    @discardableResult
    public func remove(id: String) throws(ArchiveError) -> Bool {
        guard try spec(id: id) != nil else { return false }
        if let archive {
            do { try archive.remove(id: id) } catch { throw failure(error) }
        }
        return state.withLock { state in
            guard state.specs.removeValue(forKey: id) != nil else { return false }
            state.depths[id] = nil
            state.stats.specs -= 1
            state.cache.remove(id)
            return true
        }
    }

    /// The spec of an id: in memory, or read back from the archive (and kept in memory from then on).
    private func spec(id: String) throws(ArchiveError) -> LayoutSpec? {
        try spec(id: id, asBase: false, hops: 0)?.spec
    }

    /// A spec read back from the archive, with its chain length: a whole one decoded, a change applied to its base
    /// (read the same way, even if it was removed: `asBase`) and checked against its id.
    private func spec(id: String, asBase: Bool, hops: Int) throws(ArchiveError) -> (spec: LayoutSpec, depth: Int)? {
        if let known = state.withLock({ state in state.specs[id].map { ($0, state.depths[id] ?? 0) } }) { return known }
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
            guard hops < Self.maxChainLength, let base = try self.spec(id: baseID, asBase: true, hops: hops + 1),
                  let applied = SpecChange(stored: bytes)?.applied(to: base.spec),
                  SpecDigest(of: applied).id == id
            else { throw failure(ArchiveError("the stored change of \(id) on \(baseID) cannot be applied")) }
            (spec, depth) = (applied, base.depth + 1)
        }
        // A removed spec read as a base is not kept: it is not served.
        guard !loaded.removed else { return (spec, depth) }
        return state.withLock { state in
            if state.specs[id] == nil {
                state.specs[id] = spec
                state.depths[id] = depth
                state.stats.specs += 1
            }
            return (state.specs[id]!, state.depths[id] ?? depth)
        }
    }

    /// An archive failure, counted.
    private func failure(_ error: any Error) -> ArchiveError {
        state.withLock { $0.stats.archiveErrors += 1 }
        return error as? ArchiveError ?? ArchiveError("\(error)")
    }

    public var stats: Stats {
        state.withLock { state in
            var s = state.stats
            s.entries = state.cache.count
            s.bytes = state.cache.totalCost
            return s
        }
    }

    /// A cached layout, with its spec's digest marks when it has some.
    struct Cached {
        var layout: any PreparedLayout
        var digest: SpecDigest?
    }

    private enum Lookup {
        case ready(any PreparedLayout)
        case wait(Flight<any PreparedLayout>)
        case lead(Flight<any PreparedLayout>)
    }

    /// The cached layout of `id`, or prepares it (from `base`'s lines when given) and caches it with its digest
    /// marks (kept for flow layouts with size lists: later batches on it resume from them).
    private func prepared(id: String, spec: LayoutSpec, digest: SpecDigest?, base: (any PreparedLayout, Int, Int)?)
        -> any PreparedLayout
    {
        let lookup: Lookup = state.withLock { state in
            if let cached = state.cache.get(id) {
                state.stats.hits += 1
                return .ready(cached.layout)
            }
            if let flight = state.flights[id] {
                state.stats.hits += 1
                return .wait(flight)
            }
            state.stats.misses += 1
            let flight = Flight<any PreparedLayout>()
            state.flights[id] = flight
            return .lead(flight)
        }
        switch lookup {
        case .ready(let layout): return layout
        case .wait(let flight): return flight.wait()
        case .lead(let flight):
            let clock = ContinuousClock()
            let started = clock.now
            let layout = base.map { spec.prepare(reusing: $0.0, unchangedBefore: $0.1, item: $0.2) } ?? spec.prepare()
            onPrepare?(clock.now - started)
            let kept = digest.flatMap { $0.hasMarks ? $0.withoutCanonical : nil }
            state.withLock { state in
                state.flights[id] = nil
                state.stats.prepares += 1
                // A layout deleted while it was being prepared is served to its requesters but not kept.
                guard state.specs[id] != nil else { return }
                let (stored, evicted) = state.cache.insert(id, Cached(layout: layout, digest: kept),
                                                           cost: layout.byteCount + (kept?.byteCount ?? 0))
                if !stored { state.stats.uncacheable += 1 }
                state.stats.evictions += evicted.count
            }
            flight.finish(layout)
            return layout
        }
    }
}
