/// A cost-bounded least-recently-used map. Entries sit in a doubly linked list threaded through an array of
/// slots (no allocation per access); the most recent is at `head`.
///
/// - Complexity: lookup, insert and remove O(1) amortized; an insert evicts from the tail until the total cost
///   fits the capacity again.
struct LRUCache<Key: Hashable, Value> {
    struct Slot {
        var key: Key?
        var value: Value?
        var cost: Int
        var prev: Int
        var next: Int
    }

    let capacity: Int
    private(set) var slots: [Slot] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private(set) var head = -1
    private var tail = -1
    private(set) var totalCost = 0

    init(capacity: Int) { self.capacity = capacity }

    var count: Int { index.count }

    /// The value for `key`, which becomes the most recent.
    mutating func get(_ key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        unlink(i)
        pushFront(i)
        return slots[i].value
    }

    /// The value for `key`, leaving the order as it is.
    func peek(_ key: Key) -> Value? { index[key].flatMap { slots[$0].value } }

    /// Inserts (or replaces) `key` as the most recent and evicts least recent entries until the total cost fits.
    /// A value that alone costs more than the capacity is not kept. Returns the evicted keys.
    @discardableResult
    mutating func insert(_ key: Key, _ value: Value, cost: Int) -> (kept: Bool, evicted: [Key]) {
        remove(key)
        guard cost <= capacity else { return (false, []) }
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
            remove(victim)
            evicted.append(victim)
        }
        return (true, evicted)
    }

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

    private mutating func unlink(_ i: Int) {
        let (p, n) = (slots[i].prev, slots[i].next)
        if p != -1 { slots[p].next = n } else { head = n }
        if n != -1 { slots[n].prev = p } else { tail = p }
        slots[i].prev = -1
        slots[i].next = -1
    }

    private mutating func pushFront(_ i: Int) {
        slots[i].next = head
        slots[i].prev = -1
        if head != -1 { slots[head].prev = i }
        head = i
        if tail == -1 { tail = i }
    }
}
