@testable import LayoutStore
import TestSupport
import Testing

@Suite struct LRUCacheTests {
    @Test func evictsTheLeastRecentlyUsedFirst() {
        var cache = LRUCache<String, Int>(capacity: 10)
        cache.insert("a", 1, cost: 4)
        cache.insert("b", 2, cost: 4)
        #expect(cache.get("a") == 1)  // a is now the most recent
        let (kept, evicted, released) = cache.insert("c", 3, cost: 4)
        #expect(kept && evicted == ["b"] && released == [2])
        #expect(cache.keysByRecency == ["c", "a"])
        #expect(cache.totalCost == 8)
    }

    /// The values taken out, evicted or replaced, come back to the caller (which frees them outside its lock).
    @Test func replacedAndEvictedValuesAreHandedBack() {
        var cache = LRUCache<String, Int>(capacity: 10)
        cache.insert("a", 1, cost: 4)
        cache.insert("b", 2, cost: 4)
        let replaced = cache.insert("a", 3, cost: 4)
        #expect(replaced.kept && replaced.evicted.isEmpty && replaced.released == [1])
        let both = cache.insert("b", 4, cost: 8)
        #expect(both.kept && both.evicted == ["a"] && both.released == [2, 3])
        #expect(cache.keysByRecency == ["b"] && cache.totalCost == 8)
    }

    @Test func keepsNothingLargerThanTheCapacity() {
        var cache = LRUCache<String, Int>(capacity: 10)
        cache.insert("a", 1, cost: 4)
        let (kept, evicted, released) = cache.insert("huge", 2, cost: 11)
        #expect(!kept && evicted.isEmpty && released.isEmpty)
        #expect(cache.get("a") == 1 && cache.get("huge") == nil)
    }

    /// Random operations against a model (an array ordered by recency).
    @Test func matchesAModel() {
        var rng = SeededRandom(seed: 11)
        var cache = LRUCache<Int, Int>(capacity: 50)
        var model: [(key: Int, cost: Int)] = []  // most recent first
        for step in 0..<20_000 {
            let key = Int.random(in: 0..<30, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0:
                let cost = Int.random(in: 0...20, using: &rng)
                cache.insert(key, step, cost: cost)
                model.removeAll { $0.key == key }
                model.insert((key, cost), at: 0)
                while model.map(\.cost).reduce(0, +) > 50, model.count > 1 { model.removeLast() }
            case 1:
                let hit = cache.get(key) != nil
                if let i = model.firstIndex(where: { $0.key == key }) {
                    #expect(hit)
                    model.insert(model.remove(at: i), at: 0)
                } else {
                    #expect(!hit)
                }
            default:
                cache.remove(key)
                model.removeAll { $0.key == key }
            }
            #expect(cache.keysByRecency == model.map(\.key))
            #expect(cache.totalCost == model.map(\.cost).reduce(0, +))
        }
    }
}

extension LRUCache {
    /// Keys from most to least recent: the list the cache threads through its slots, walked from its head.
    var keysByRecency: [Key] {
        var out: [Key] = []
        var i = head
        while i != -1 {
            out.append(slots[i].key!)
            i = slots[i].next
        }
        return out
    }
}
