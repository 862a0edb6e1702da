public import LayoutEngine
import LayoutWire

/// The service's layouts, shared by every worker thread: the registry of accepted specs (`SpecRegistry`: by id, in
/// the archive and, within `specMemoryBytes`, in memory) and the cache of their prepared layouts (`LayoutCache`: a
/// bytes-bounded LRU with single-flight preparation). An evicted layout is prepared again from its spec on its
/// next request, and a spec that left memory is read back from the archive. Whether the archive takes writes is
/// `writeFailure` (`StoreHealth`).
///
/// A GET for a cached layout is one cache lookup under one short lock. A miss asks the registry (one short lock,
/// and one archive read when the id is not in memory), then prepares outside any lock. Prepared layouts are
/// immutable, so queries need no lock.
public final class LayoutStore: Sendable {
    public struct Stats: Sendable, Hashable {
        public var specs = 0
        /// The specs' estimated bytes in memory (`--spec-memory-bytes` bounds them), and how many left it.
        public var specBytes = 0
        public var specEvictions = 0
        public var entries = 0
        public var bytes = 0
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var prepares = 0
        /// Archive calls that failed (each a 503).
        public var archiveErrors = 0

        public init() {}
    }

    private let registry: SpecRegistry
    /// Posted layout programs, in the same archive as the specs (when it keeps programs) and within the same
    /// memory budget.
    public let programs: ProgramStore
    private let cache: LayoutCache
    public var capacityBytes: Int { cache.capacityBytes }
    public var archive: (any SpecArchive)? { registry.archive }
    /// Told how long each preparation took (for the prepare-duration histogram).
    private let onPrepare: (@Sendable (Duration) -> Void)?
    /// What measures the text of cells given as content when a layout is prepared; nil: none (the service then
    /// refuses such specs, and one accepted earlier is prepared with its estimates, `LayoutSpec.prepare(measurer:)`).
    public let measurer: (any TextMeasurer)?

    /// `specMemoryBytes` bounds the specs kept in memory: with an archive, the least recently used leave it;
    /// without one, a new spec that does not fit is refused (`ArchiveError.Kind.specMemoryFull`). `onStoreError`
    /// is told of archive failures, at most once a second for each operation, with the count of those not told
    /// since. After a failed write, `probeInterval` apart, a test write is tried until writes work again.
    /// `onFreed` is told the bytes of evicted layouts and of specs that left memory, once they are freed.
    public init(capacityBytes: Int, specMemoryBytes: Int = .max, archive: (any SpecArchive)? = nil,
                onPrepare: (@Sendable (Duration) -> Void)? = nil,
                onStoreError: (@Sendable (_ operation: StoreOperation, _ message: String, _ suppressed: Int) -> Void)? = nil,
                probeInterval: Duration = .seconds(1), onFreed: (@Sendable (Int) -> Void)? = nil,
                measurer: (any TextMeasurer)? = nil)
    {
        self.measurer = measurer
        let health = StoreHealth(report: onStoreError, probe: archive.map(Self.probe), probeInterval: probeInterval)
        registry = SpecRegistry(archive: archive, capacityBytes: specMemoryBytes, health: health, onFreed: onFreed)
        cache = LayoutCache(capacityBytes: capacityBytes, onFreed: onFreed)
        programs = ProgramStore(archive: archive as? any ProgramArchive, capacityBytes: specMemoryBytes, health: health)
        self.onPrepare = onPrepare
    }

    /// The archive's probe, its failures as `ArchiveError`s.
    private static func probe(_ archive: any SpecArchive) -> @Sendable () throws(ArchiveError) -> Void {
        { () throws(ArchiveError) in
            do {
                try archive.probe()
            } catch {
                throw error as? ArchiveError ?? ArchiveError("\(error)")
            }
        }
    }

    /// The bytes of specs kept in memory at most.
    public var specMemoryBytes: Int { registry.capacityBytes }

    /// Why writes to the archive fail, or nil while they work (after a failed write, until a write or a probe
    /// succeeds).
    public var writeFailure: String? { registry.health.failure }

    /// Registers `spec` (already validated and normalized) and returns its prepared layout; `created` is true when
    /// the id was not known before. A new spec is in the archive before this returns.
    public func add(_ spec: LayoutSpec) throws(ArchiveError) -> (id: String, layout: any PreparedLayout, created: Bool) {
        try add(spec, digest: SpecDigest(of: spec), base: nil, change: nil)
    }

    /// Registers `spec` under `id`, the id of the spec it was computed from: a program layout's frames under the id
    /// of its program spec (the SHA-256 of that spec's canonical form), so that the archive keeps the frames and
    /// neither a restart nor a replica runs the program again. Otherwise as `add(spec)`.
    public func add(_ spec: LayoutSpec, as id: String) throws(ArchiveError)
        -> (id: String, layout: any PreparedLayout, created: Bool)
    {
        try add(spec, digest: SpecDigest(of: spec, id: id), base: nil, change: nil)
    }

    /// Changes stored on top of changes before a spec is stored whole again (loading follows the chain).
    public static let maxChainLength = 16

    /// Registers `spec`, the result of a batch on the layout `base` (the id it was updated from): it matches
    /// `base`'s spec before item `unchangedBefore.item` of section `unchangedBefore.section`
    /// (`UpdatePlan.firstChange`). Its id is hashed from `base`'s digest marks and it is prepared from `base`'s
    /// lines before the change when `base` is still cached: the cost grows with the change, not with the layout.
    /// Same result as `add(spec)`. With an archive, the spec is stored as `change` (the request's body) on top of
    /// `base`'s, not whole (up to `maxChainLength` changes in a row). `plan` and `frames`, the batch that made
    /// `spec`, let a frames layout keep `base`'s index.
    public func add(_ spec: LayoutSpec, derivedFrom base: String, unchangedBefore: (section: Int, item: Int),
                    plan: UpdatePlan? = nil, frames: FrameUpdates? = nil, change: SpecChange? = nil)
        throws(ArchiveError) -> (id: String, layout: any PreparedLayout, created: Bool)
    {
        guard let cached = cache.peek(base) else {
            return try add(spec, digest: SpecDigest(of: spec), base: nil, change: change.map { (base, $0) })
        }
        let digest = cached.digest.flatMap {
            SpecDigest(of: spec, resuming: $0, unchangedBefore: unchangedBefore.section, item: unchangedBefore.item)
        } ?? SpecDigest(of: spec)
        return try add(spec, digest: digest,
                       base: (layout: cached.layout, section: unchangedBefore.section, item: unchangedBefore.item,
                              plan: plan, frames: frames),
                       change: change.map { (base, $0) })
    }

    /// What a derived spec is prepared from: the cached layout it was updated from, where it first differs from it
    /// (`unchangedBefore`), and the batch that made it.
    private typealias Base = (
        layout: any PreparedLayout, section: Int, item: Int, plan: UpdatePlan?, frames: FrameUpdates?
    )

    private func add(_ spec: LayoutSpec, digest: SpecDigest,
                     base: Base?,
                     change: (base: String, change: SpecChange)?)
        throws(ArchiveError) -> (id: String, layout: any PreparedLayout, created: Bool)
    {
        let id = digest.id
        var depth = 0
        // Known before: in memory, or in the archive (read back, unannounced). A POST of the same spec that stored
        // it a moment ago makes it look known to this one: the registry's announcement, not this check, decides
        // which of the two says `created`.
        var knownBefore = registry.isLoaded(id)
        if !knownBefore, archive != nil, try registry.spec(id: id) != nil { knownBefore = true }
        if !knownBefore, let archive {
            do {
                let baseDepth = change.flatMap { registry.depth(of: $0.base) }
                if let change, let baseDepth, baseDepth + 1 < Self.maxChainLength,
                   try archive.save(id: id, base: change.base, change: change.change.stored)
                {
                    depth = baseDepth + 1
                } else {
                    try archive.save(id: id, canonicalSpec: digest.canonical ?? SpecEncoder.canonical(spec))
                }
            } catch {
                throw registry.health.failure(error, .save)
            }
            registry.health.wrote()
        }
        let mark = registry.removalMark
        let created = try registry.insert(id, spec: spec, depth: depth, announce: !knownBefore)
        let layout = cache.layout(id, digest: digest, keep: { registry.mayKeep(id, since: mark) }, onPrepare: onPrepare) {
            base.map {
                spec.prepare(reusing: $0.layout, unchangedBefore: $0.section, item: $0.item, plan: $0.plan,
                             frames: $0.frames, measurer: measurer)
            }
                ?? spec.prepare(measurer: measurer)
        }
        return (id, layout, created)
    }

    /// The prepared layout of a known id (preparing it again if it was evicted, or was accepted by an earlier
    /// process), or nil for an unknown id. A cached layout costs one lookup under one short lock.
    public func layout(id: String) throws(ArchiveError) -> (any PreparedLayout)? {
        if let layout = cache.get(id) { return layout }
        let mark = registry.removalMark
        guard let spec = try registry.spec(id: id) else { return nil }
        return cache.layout(id, digest: nil, keep: { registry.mayKeep(id, since: mark) }, onPrepare: onPrepare) {
            spec.prepare(measurer: measurer)
        }
    }

    /// The layout of `id` when it is prepared and cached (one lookup under one short lock), else nil: whether the
    /// id is known, and preparing it, are `layout(id:)`'s, which may wait (for a preparation, an archive read).
    public func cachedLayout(id: String) -> (any PreparedLayout)? { cache.get(id) }

    /// Whether the id's spec or its layout is in memory: `knows(id:)` answers without reading the archive.
    public func isLoaded(id: String) -> Bool { registry.isLoaded(id) || cache.contains(id) }

    /// Whether the id is known (without preparing it).
    public func knows(id: String) throws(ArchiveError) -> Bool {
        if isLoaded(id: id) { return true }
        return try registry.spec(id: id) != nil
    }

    /// Forgets a layout (in the archive too). Returns false when the id was unknown.
    @discardableResult
    public func remove(id: String) throws(ArchiveError) -> Bool {
        guard try registry.spec(id: id) != nil else { return false }
        if let archive {
            do { try archive.remove(id: id) } catch { throw registry.health.failure(error, .remove) }
            registry.health.wrote()
        }
        // The registry first: a preparation finishing meanwhile no longer keeps its layout (see `mayKeep`). With an
        // archive the id was removed there, whether or not its spec was still in memory.
        guard registry.forget(id) || archive != nil else { return false }
        cache.remove(id)
        return true
    }

    /// The figures operations watch, by metric name: gauges (now) and counters (totals since the start).
    public var figures: [(name: String, isCounter: Bool, value: Int)] {
        let s = stats
        return [
            ("layout_cache_entries", false, s.entries), ("layout_cache_bytes", false, s.bytes),
            ("layout_specs", false, s.specs), ("layout_spec_bytes", false, s.specBytes),
            ("layout_spec_evictions_total", true, s.specEvictions),
            ("layout_store_writes_failing", false, writeFailure == nil ? 0 : 1), ("layout_cache_hits_total", true, s.hits),
            ("layout_cache_misses_total", true, s.misses), ("layout_cache_evictions_total", true, s.evictions),
            ("layout_prepares_total", true, s.prepares), ("layout_store_errors_total", true, s.archiveErrors),
        ]
    }

    public var stats: Stats {
        let c = cache.counts
        let r = registry.counts
        var s = Stats()
        s.specs = r.specs
        s.specBytes = r.bytes
        s.specEvictions = r.evictions
        s.archiveErrors = registry.health.archiveErrors
        s.entries = c.entries
        s.bytes = c.bytes
        s.hits = c.hits
        s.misses = c.misses
        s.evictions = c.evictions
        s.prepares = c.prepares
        return s
    }
}
