import Dispatch
import Synchronization
import LayoutEngine
import LayoutStore
import Testing

@Suite struct LayoutStoreTests {
    func spec(items: Int) -> LayoutSpec {
        .flow(FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                             sections: [FlowSectionSpec(items: .sizes(Array(repeating: LayoutSize(width: 10, height: 10),
                                                                                count: items) + [LayoutSize(width: 1, height: 1)]))]))
    }

    @Test func theSameSpecIsAddedOnceAndPreparedOnce() throws {
        let store = LayoutStore(capacityBytes: 1 << 30)
        let a = try store.add(spec(items: 10))
        let b = try store.add(spec(items: 10))
        #expect(a.created && !b.created)
        #expect(a.id == b.id)
        #expect(store.stats.prepares == 1)
        #expect(try store.layout(id: a.id)?.numberOfItems == 11)
        #expect(try store.layout(id: String(repeating: "0", count: 64)) == nil)
    }

    @Test func anEvictedLayoutIsPreparedAgainFromItsSpec() throws {
        let one = spec(items: 1000)
        let cost = one.prepare().byteCount
        let store = LayoutStore(capacityBytes: cost * 2 + cost / 2)  // room for two
        let ids = try (0..<3).map { try store.add(spec(items: 1000 + $0)).id }
        #expect(store.stats.evictions == 1)
        #expect(store.stats.entries == 2)
        #expect(try store.layout(id: ids[0])?.numberOfItems == 1001)  // evicted, prepared again
        #expect(store.stats.prepares == 4)
        #expect(store.stats.bytes <= store.capacityBytes)
    }

    @Test func deleteForgetsTheLayout() throws {
        let store = LayoutStore(capacityBytes: 1 << 30)
        let id = try store.add(spec(items: 5)).id
        #expect(try store.remove(id: id))
        #expect(try !store.remove(id: id))
        #expect(try store.layout(id: id) == nil)
        #expect(try store.add(spec(items: 5)).created)
    }

    @Test func concurrentIdenticalAddsPrepareOnce() {
        let store = LayoutStore(capacityBytes: 1 << 30)
        let big = spec(items: 300_000)
        let created = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            if (try? store.add(big))?.created == true { created.add(1, ordering: .relaxed) }
        }
        #expect(store.stats.prepares == 1)
        #expect(created.load(ordering: .relaxed) == 1)
    }
}
