/// A cost-bounded least-recently-used map. Entries sit in a doubly linked list threaded through an array of
/// slots (no allocation per access); the most recent is at `head`.
///
/// - Complexity: lookup, insert and remove O(1) amortized; an insert evicts from the tail until the total cost
///   fits the capacity again.
///
/// Inlinable, as `BytesCache` is: specialized in the modules that use them, so a lookup costs its hash and compare
/// (generic code called across modules looks up type metadata at run time instead).
@usableFromInline
struct LRUCache<Key: Hashable, Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var key: Key?
        @usableFromInline var value: Value?
        @usableFromInline var cost: Int
        @usableFromInline var prev: Int
        @usableFromInline var next: Int

        @inlinable
        init(key: Key?, value: Value?, cost: Int, prev: Int, next: Int) {
            self.key = key
            self.value = value
            self.cost = cost
            self.prev = prev
            self.next = next
        }
    }

    @usableFromInline let capacity: Int
    @usableFromInline var slots: [Slot] = []
    @usableFromInline var free: [Int] = []
    @usableFromInline var index: [Key: Int] = [:]
    @usableFromInline var head = -1
    @usableFromInline var tail = -1
    @usableFromInline var totalCost = 0

    @inlinable
    init(capacity: Int) { self.capacity = capacity }

    @inlinable
    var count: Int { index.count }

    /// The value for `key`, which becomes the most recent.
    @inlinable
    mutating func get(_ key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        unlink(i)
        pushFront(i)
        return slots[i].value
    }

    /// The value for `key`, leaving the order as it is.
    @inlinable
    func peek(_ key: Key) -> Value? { index[key].flatMap { slots[$0].value } }

    /// Inserts (or replaces) `key` as the most recent and evicts least recent entries until the total cost fits.
    /// A value that alone costs more than the capacity is not kept. Returns the evicted keys, and every value taken
    /// out (evicted or replaced): a caller holding a lock drops them after releasing it, since freeing a large value
    /// (a prepared layout) takes time.
    @inlinable
    @discardableResult
    mutating func insert(_ key: Key, _ value: Value, cost: Int) -> (kept: Bool, evicted: [Key], released: [Value]) {
        var released: [Value] = []
        if let replaced = remove(key) { released.append(replaced) }
        guard cost <= capacity else { return (false, [], released) }
        let i: Int
        let slot = Slot(key: key, value: value, cost: cost, prev: -1, next: -1)
        if let reused = free.popLast() {
            i = reused
            slots[i] = slot
        } else {
            i = slots.count
            slots.append(slot)
        }
        index[key] = i
        pushFront(i)
        totalCost += cost
        var evicted: [Key] = []
        while totalCost > capacity, tail != -1, tail != i {
            let victim = slots[tail].key!
            if let value = remove(victim) { released.append(value) }
            evicted.append(victim)
        }
        return (true, evicted, released)
    }

    @inlinable
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let i = index.removeValue(forKey: key) else { return nil }
        unlink(i)
        let value = slots[i].value
        totalCost -= slots[i].cost
        slots[i] = Slot(key: nil, value: nil, cost: 0, prev: -1, next: -1)
        free.append(i)
        return value
    }

    @inlinable
    mutating func unlink(_ i: Int) {
        let (p, n) = (slots[i].prev, slots[i].next)
        if p != -1 { slots[p].next = n } else { head = n }
        if n != -1 { slots[n].prev = p } else { tail = p }
        slots[i].prev = -1
        slots[i].next = -1
    }

    @inlinable
    mutating func pushFront(_ i: Int) {
        slots[i].next = head
        slots[i].prev = -1
        if head != -1 { slots[head].prev = i }
        head = i
        if tail == -1 { tail = i }
    }
}
