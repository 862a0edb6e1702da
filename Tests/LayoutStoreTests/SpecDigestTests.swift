import LayoutEngine
import LayoutStore
import LayoutWire
import TestSupport
import Testing

/// Resumed digests against whole ones: after random batches on large flow layouts, the id computed from the old
/// layout's marks is the SHA-256 of the new spec's canonical bytes, always.
@Suite struct SpecDigestTests {
    static func flow(_ sections: [FlowItems]) -> LayoutSpec {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                  sections: sections.map { FlowSectionSpec(items: $0) })
        spec.itemSize = LayoutSize(width: 40, height: 40)
        return .flow(spec.normalized())
    }

    @Test func resumedDigestsAreWholeDigests() throws {
        var rng = SeededRandom(seed: 7)
        func sizes(_ n: Int) -> FlowItems {
            .sizes((0..<n).map { _ in LayoutSize(width: Double(Int.random(in: 20...90, using: &rng)), height: 40.5) })
        }
        var resumed = 0
        for round in 0..<40 {
            let counts = [Int.random(in: 0...20_000, using: &rng), Int.random(in: 5_000...30_000, using: &rng), 7]
            let old = Self.flow([sizes(counts[0]), sizes(counts[1]), .count(counts[2])])
            let base = SpecDigest(of: old)
            #expect(base.id == SHA256.hex(SpecEncoder.canonical(old)))
            // One change somewhere: an insert, a delete, a size report, an append, a new last section.
            let section = Int.random(in: 0...2, using: &rng)
            let n = counts[section]
            let at = Int.random(in: 0...max(0, n - 1), using: &rng)
            let ops: [BatchOperation] = switch round % 5 {
            case 0: [.insertItems([LayoutIndexPath(section: section, item: at)], sizes: [LayoutSize(width: 33, height: 44)])]
            case 1: n > 0 ? [.deleteItems([LayoutIndexPath(section: section, item: at)])] : []
            case 2: n > 0 ? [.reloadItems([LayoutIndexPath(section: section, item: at)], sizes: [LayoutSize(width: 1, height: 2)])] : []
            case 3: [.insertItems((0..<100).map { LayoutIndexPath(section: section, item: n + $0) }, sizes: nil)]
            default: [.insertSections([3], content: nil)]
            }
            let plan = try UpdatePlan.make(oldCounts: old.sectionCounts, operations: ops)
            let new = try old.applying(plan).normalized()
            let whole = SHA256.hex(SpecEncoder.canonical(new))
            guard let (s, i) = plan.firstChange(oldCounts: old.sectionCounts) else {
                #expect(whole == base.id)
                continue
            }
            if let digest = SpecDigest(of: new, resuming: base, unchangedBefore: s, item: i) {
                resumed += 1
                #expect(digest.id == whole, "round \(round): \(ops)")
                // And the resumed digest's own marks serve the next change.
                let more = try UpdatePlan.make(oldCounts: new.sectionCounts,
                                               operations: [.insertItems([LayoutIndexPath(section: 1, item: 0)], sizes: nil)])
                let newer = try new.applying(more).normalized()
                let (s2, i2) = try #require(more.firstChange(oldCounts: new.sectionCounts))
                let again = SpecDigest(of: newer, resuming: digest, unchangedBefore: s2, item: i2)
                #expect((again?.id ?? SHA256.hex(SpecEncoder.canonical(newer))) == SHA256.hex(SpecEncoder.canonical(newer)))
            }
        }
        #expect(resumed > 15)
    }

    @Test func firstChangeOfPlans() throws {
        func first(_ counts: [Int], _ ops: [BatchOperation]) throws -> [Int]? {
            try UpdatePlan.make(oldCounts: counts, operations: ops).firstChange(oldCounts: counts).map { [$0.section, $0.item] }
        }
        #expect(try first([10], []) == nil)
        #expect(try first([10], [.insertItems([LayoutIndexPath(section: 0, item: 4)], sizes: nil)]) == [0, 4])
        #expect(try first([10], [.deleteItems([LayoutIndexPath(section: 0, item: 9)])]) == [0, 9])
        #expect(try first([10, 5], [.insertItems([LayoutIndexPath(section: 1, item: 5)], sizes: nil)]) == [1, 5])
        #expect(try first([10, 5], [.insertSections([2], content: nil)]) == [2, 0])
        #expect(try first([10, 5], [.reloadSections([1], content: nil)]) == [1, 0])
        #expect(try first([10, 5], [.moveSection(from: 1, to: 0)]) == [0, 0])
        #expect(try first([10], [.moveItem(from: LayoutIndexPath(section: 0, item: 2), to: LayoutIndexPath(section: 0, item: 7))]) == [0, 2])
    }
}
