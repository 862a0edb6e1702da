public import Synchronization  // public: the inlinable methods use Mutex

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

    @usableFromInline
    struct State: @unchecked Sendable {  // Value is Sendable; LRUCache holds it in plain arrays
        @usableFromInline var lru: LRUCache<Key, Value>
        @usableFromInline var counts = Counts()

        @usableFromInline
        init(lru: LRUCache<Key, Value>) { self.lru = lru }
    }

    /// Inlinable (with `LRUCache`): specialized for the caller's types (see `LRUCache`).
    @usableFromInline let state: Mutex<State>
    public let capacityBytes: Int

    public init(capacityBytes: Int) {
        self.capacityBytes = capacityBytes
        state = Mutex(State(lru: LRUCache(capacity: capacityBytes)))
    }

    /// The value for `key` (now the most recent), counted as a hit or a miss (a miss only when `countingMiss`:
    /// a caller that looks again after a miss counts it then).
    @inlinable
    public func get(_ key: Key, countingMiss: Bool = true) -> Value? {
        state.withLock { state in
            guard let value = state.lru.get(key) else {
                if countingMiss { state.counts.misses += 1 }
                return nil
            }
            state.counts.hits += 1
            return value
        }
    }

    /// Keeps `value` as the most recent, evicting the least recent until the bytes fit (a value larger than the
    /// whole capacity is not kept).
    @inlinable
    public func insert(_ key: Key, _ value: Value, bytes: Int) {
        let released = state.withLock { state in
            let (_, evicted, released) = state.lru.insert(key, value, cost: bytes)
            state.counts.evictions += evicted.count
            return released
        }
        _ = consume released  // freed here, outside the lock
    }

    /// Forgets every entry whose key matches (a deleted layout's tiles); returns how many. Looks at every key:
    /// for rare calls.
    @discardableResult
    public func removeAll(where matches: (Key) -> Bool) -> Int {
        let released = state.withLock { state in
            let keys = state.lru.index.keys.filter(matches)
            return keys.compactMap { state.lru.remove($0) }
        }
        return released.count  // the values are freed when `released` goes, outside the lock
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
