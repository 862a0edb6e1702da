/// A least-recently-used map whose entries each cost some bytes, kept within a budget: adding or growing an entry
/// evicts the least recently used others until the total fits (the entry just used stays even when it alone is
/// over). Not thread-safe: its owner locks it.
struct ByteBoundedLRU<Key: Hashable, Value> {
    private struct Node {
        var key: Key
        var value: Value
        var bytes: Int
        var older: Int  // index of the next less recently used node, or -1
        var newer: Int  // index of the next more recently used node, or -1
    }

    let budget: Int
    private(set) var bytes = 0
    private var nodes: [Node?] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var newest = -1
    private var oldest = -1

    init(budget: Int) { self.budget = budget }

    var count: Int { index.count }

    /// The value of `key`, made the most recently used.
    mutating func get(_ key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        touch(i)
        return nodes[i]!.value
    }

    /// Adds `value` under `key` (absent), the most recently used, and returns the entries evicted for it (with the
    /// bytes each was counted for).
    mutating func insert(_ key: Key, _ value: Value, bytes cost: Int) -> [(value: Value, bytes: Int)] {
        let node = Node(key: key, value: value, bytes: cost, older: newest, newer: -1)
        let i: Int
        if let reused = free.popLast() {
            nodes[reused] = node
            i = reused
        } else {
            nodes.append(node)
            i = nodes.count - 1
        }
        if newest >= 0 { nodes[newest]!.newer = i }
        newest = i
        if oldest < 0 { oldest = i }
        index[key] = i
        bytes += cost
        return evict(keeping: i)
    }

    /// Counts `delta` more bytes for `key` (present), made the most recently used; returns the entries evicted.
    mutating func grow(_ key: Key, by delta: Int) -> [(value: Value, bytes: Int)] {
        guard let i = index[key] else { return [] }
        touch(i)
        nodes[i]!.bytes += delta
        bytes += delta
        return evict(keeping: i)
    }

    /// The bytes counted for `key`, if present.
    func bytes(of key: Key) -> Int? { index[key].map { nodes[$0]!.bytes } }

    /// Removes every entry; returns them.
    mutating func removeAll() -> [(value: Value, bytes: Int)] {
        let values = nodes.compactMap { $0.map { ($0.value, $0.bytes) } }
        self = ByteBoundedLRU(budget: budget)
        return values
    }

    private mutating func evict(keeping kept: Int) -> [(value: Value, bytes: Int)] {
        var evicted: [(value: Value, bytes: Int)] = []
        while bytes > budget, oldest >= 0, oldest != kept {
            evicted.append(remove(oldest))
        }
        return evicted
    }

    private mutating func remove(_ i: Int) -> (value: Value, bytes: Int) {
        let node = nodes[i]!
        unlink(i)
        nodes[i] = nil
        free.append(i)
        index[node.key] = nil
        bytes -= node.bytes
        return (node.value, node.bytes)
    }

    private mutating func unlink(_ i: Int) {
        let node = nodes[i]!
        if node.older >= 0 { nodes[node.older]!.newer = node.newer } else { oldest = node.newer }
        if node.newer >= 0 { nodes[node.newer]!.older = node.older } else { newest = node.older }
    }

    private mutating func touch(_ i: Int) {
        guard newest != i else { return }
        unlink(i)
        nodes[i]!.older = newest
        nodes[i]!.newer = -1
        if newest >= 0 { nodes[newest]!.newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }
}
