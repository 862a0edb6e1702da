import LayoutEngine
import Testing
@testable import LayoutStore

/// A flow layout of `items` items with a size each (16 bytes an item in memory), distinct by `width`.
func flowSpec(items: Int, width: Double = 390) -> LayoutSpec {
    .flow(FlowLayoutSpec(collectionView: LayoutSize(width: width, height: 844),
                         sections: [FlowSectionSpec(items: .sizes(Array(repeating: LayoutSize(width: 10, height: 10),
                                                                            count: items)))]))
}

@Suite struct SpecMemoryTests {
    @Test func theEstimateCountsEveryItemSize() {
        let small = SpecMemory.bytes(of: flowSpec(items: 10))
        let large = SpecMemory.bytes(of: flowSpec(items: 10_010))
        #expect(large - small == 10_000 * 16)
        #expect(small > 10 * 16)
    }

    @Test func specsPastTheBudgetLeaveMemoryAndAreReadBackFromTheArchive() throws {
        let cost = SpecMemory.bytes(of: flowSpec(items: 1000))
        // Room for two specs, and a cache too small for any layout: every query needs the spec.
        let store = LayoutStore(capacityBytes: 1, specMemoryBytes: cost * 2 + cost / 2, archive: SwitchableArchive())
        let ids = try (0..<5).map { try store.add(flowSpec(items: 1000, width: 300 + Double($0))).id }
        #expect(store.stats.specs == 2)
        #expect(store.stats.specEvictions == 3)
        #expect(store.stats.specBytes <= store.specMemoryBytes)
        for (n, id) in ids.enumerated() {
            let layout = try #require(try store.layout(id: id))
            #expect(layout.numberOfItems == 1000)
            #expect(layout.spec == flowSpec(items: 1000, width: 300 + Double(n)))
            #expect(store.stats.specBytes <= store.specMemoryBytes)
        }
        // A spec that left memory is still known, is posted again as known (200), and is removed for good.
        #expect(try store.knows(id: ids[0]))
        #expect(try !store.add(flowSpec(items: 1000, width: 300)).created)
        #expect(try store.remove(id: ids[1]))
        #expect(try store.layout(id: ids[1]) == nil)
    }

    @Test func theMemoryStoreRefusesASpecPastItsBudget() throws {
        let cost = SpecMemory.bytes(of: flowSpec(items: 1000))
        let store = LayoutStore(capacityBytes: 1 << 30, specMemoryBytes: cost * 2 + cost / 2)
        let kept = try (0..<2).map { try store.add(flowSpec(items: 1000, width: 300 + Double($0))).id }
        #expect(throws: ArchiveError.self) { try store.add(flowSpec(items: 1000, width: 400)) }
        do {
            _ = try store.add(flowSpec(items: 1000, width: 400))
        } catch {
            #expect(error.kind == .specMemoryFull)
            #expect(error.message.contains("--spec-memory-bytes"))
        }
        #expect(store.stats.specs == 2)
        #expect(store.stats.archiveErrors == 0)
        #expect(store.writeFailure == nil)
        for id in kept { #expect(try store.layout(id: id)?.numberOfItems == 1000) }
        // Known specs are still posted (200), and a removed one makes room.
        #expect(try !store.add(flowSpec(items: 1000, width: 300)).created)
        #expect(try store.remove(id: kept[0]))
        #expect(try store.add(flowSpec(items: 1000, width: 400)).created)
    }

}
