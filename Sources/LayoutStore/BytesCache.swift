import Synchronization

/// A thread-safe least-recently-used map bounded by the bytes of its values (each value's cost is given with
/// it), with its counts: the service's cache of encoded tiles. Each call takes its lock once, briefly.
public final class BytesCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    public struct Counts: Sendable, Hashable {
        public var entries = 0
        public var bytes = 0
        public var hits = 0
        public var misses = 0
        public var evictions = 0
    }

    private struct State: @unchecked Sendable {  // Value is Sendable; LRUCache holds it in plain arrays
        var lru: LRUCache<Key, Value>
        var counts = Counts()
    }

    private let state: Mutex<State>
    public let capacityBytes: Int

    public init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
        state = Mutex(State(lru: LRUCache(capacity: capacityBytes)))
    }

    /// The value for `key` (now the most recent), counted as a hit or a miss.
    public func get(_ key: Key) -> Value? {
        state.withLock { state in
            guard let value = state.lru.get(key) else {
                state.counts.misses += 1
                return nil
            }
            state.counts.hits += 1
            return value
        }
    }

    /// Keeps `value` as the most recent, evicting the least recent until the bytes fit (a value larger than the
    /// whole capacity is not kept).
    public func insert(_ key: Key, _ value: Value, bytes: Int) {
        state.withLock { state in
            let (_, evicted) = state.lru.insert(key, value, cost: bytes)
            state.counts.evictions += evicted.count
        }
    }

    public var counts: Counts {
        state.withLock { state in
            var c = state.counts
            c.entries = state.lru.count
            c.bytes = state.lru.totalCost
            return c
        }
    }
}
