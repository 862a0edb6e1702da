import LayoutEngine
import Synchronization

/// The cache of prepared layouts: an LRU bounded by `capacityBytes` (each layout's `byteCount`, plus its digest
/// marks), and single flight: a layout is prepared once even when many requests need it at the same moment (the
/// first prepares outside the lock, the others wait for its result).
///
/// Each call takes the cache's lock once, briefly (twice for the one that prepares: before and after).
final class LayoutCache: Sendable {
    /// A cached layout, with its spec's digest marks when it has some (later batches on it resume from them).
    struct Cached {
        var layout: any PreparedLayout
        var digest: SpecDigest?
    }

    struct Counts {
        var entries = 0
        var bytes = 0
        var hits = 0
        var misses = 0
        var evictions = 0
        var prepares = 0
    }

    private struct State {
        var lru: LRUCache<String, Cached>
        var flights: [String: Flight<any PreparedLayout>] = [:]
        var counts = Counts()
    }

    private let state: Mutex<State>
    let capacityBytes: Int
    /// Told the bytes of the layouts evicted, once they are freed.
    let onFreed: (@Sendable (Int) -> Void)?

    init(capacityBytes: Int, onFreed: (@Sendable (Int) -> Void)? = nil) {
        self.capacityBytes = capacityBytes
        self.onFreed = onFreed
        state = Mutex(State(lru: LRUCache(capacity: capacityBytes)))
    }

    var counts: Counts {
        state.withLock { state in
            var c = state.counts
            c.entries = state.lru.count
            c.bytes = state.lru.totalCost
            return c
        }
    }

    /// The cached layout of `id` (now the most recent), counted as a hit; nil (not counted) when it is not cached.
    func get(_ id: String) -> (any PreparedLayout)? {
        state.withLock { state in
            guard let cached = state.lru.get(id) else { return nil }
            state.counts.hits += 1
            return cached.layout
        }
    }

    /// Whether `id` is cached (the order and the counts stay as they are).
    func contains(_ id: String) -> Bool { state.withLock { $0.lru.peek(id) != nil } }

    /// The cached entry of `id`, leaving the order and the counts as they are.
    func peek(_ id: String) -> Cached? { state.withLock { $0.lru.peek(id) } }

    /// Forgets `id`; its layout is freed (when nothing else holds it) after the lock is released.
    func remove(_ id: String) {
        let removed = state.withLock { $0.lru.remove(id) }
        _ = consume removed
    }

    private enum Lookup {
        case ready(any PreparedLayout)
        case wait(Flight<any PreparedLayout>)
        case lead(Flight<any PreparedLayout>)
    }

    /// The cached layout of `id`, or the one `prepare` makes, cached with `digest` (its marks only) when `keep()`
    /// still holds once it is made (a layout deleted meanwhile is given to its requesters, not kept). Requests for
    /// an id being prepared wait for that preparation. `onPrepare` is told how long preparing took.
    func layout(_ id: String, digest: SpecDigest?, keep: () -> Bool, onPrepare: ((Duration) -> Void)?,
                prepare: () -> any PreparedLayout) -> any PreparedLayout
    {
        let lookup: Lookup = state.withLock { state in
            if let cached = state.lru.get(id) {
                state.counts.hits += 1
                return .ready(cached.layout)
            }
            if let flight = state.flights[id] {
                state.counts.hits += 1
                return .wait(flight)
            }
            state.counts.misses += 1
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
            let layout = prepare()
            onPrepare?(clock.now - started)
            let kept = digest.flatMap { $0.hasMarks ? $0.withoutCanonical : nil }
            let released: [Cached] = state.withLock { state in
                state.flights[id] = nil
                state.counts.prepares += 1
                guard keep() else { return [] }
                let (_, evicted, released) = state.lru.insert(id, Cached(layout: layout, digest: kept),
                                                              cost: layout.byteCount + (kept?.byteCount ?? 0))
                state.counts.evictions += evicted.count
                return released
            }
            // Evicted layouts are freed here, outside the lock: freeing a large one takes a while, and every
            // request for a cached layout would wait for it.
            let freed = released.reduce(0) { $0 + $1.layout.byteCount }
            _ = consume released
            if freed > 0 { onFreed?(freed) }
            flight.finish(layout)
            return layout
        }
    }
}
