import LayoutEngine
import TestSupport
import Testing

/// The run-based plan against the item-by-item reference, on random batches: the same sources for every item,
/// the same error (operation and reason) for every inconsistent batch, and the same updated spec.
@Suite struct UpdatePlanRunTests {
    static func randomBatch(_ counts: [Int], _ rng: inout SeededRandom) -> [BatchOperation] {
        let sections = counts.count
        func section(_ extra: Int = 1) -> Int { Int.random(in: -1...(sections + extra), using: &rng) }
        func path(_ slack: Int = 1) -> LayoutIndexPath {
            let s = Int.random(in: 0...max(0, sections - 1), using: &rng)
            let n = s < counts.count ? counts[s] : 0
            return LayoutIndexPath(section: Int.random(in: 0...9, using: &rng) == 0 ? section() : s,
                             item: Int.random(in: (Int.random(in: 0...9, using: &rng) == 0 ? -1 : 0)...(n + slack), using: &rng))
        }
        func size() -> LayoutSize { LayoutSize(width: Double(Int.random(in: 1...4, using: &rng) * 10), height: 10) }
        var ops: [BatchOperation] = []
        for _ in 0..<Int.random(in: 0...5, using: &rng) {
            switch Int.random(in: 0...9, using: &rng) {
            case 0, 1:
                let paths = (0..<Int.random(in: 1...3, using: &rng)).map { _ in path(0) }
                ops.append(.deleteItems(paths))
            case 2, 3:
                let paths = (0..<Int.random(in: 1...3, using: &rng)).map { _ in path(2) }
                ops.append(.insertItems(paths, sizes: Bool.random(using: &rng) ? paths.map { _ in size() } : nil))
            case 4: ops.append(.moveItem(from: path(0), to: path(1)))
            case 5:
                let paths = (0..<Int.random(in: 1...2, using: &rng)).map { _ in path(0) }
                ops.append(.reloadItems(paths, sizes: Bool.random(using: &rng) ? paths.map { _ in size() } : nil))
            case 6: ops.append(.insertSections([section()], content: nil))
            case 7: ops.append(.deleteSections([section(0)]))
            case 8: ops.append(.reloadSections([section(0)], content: nil))
            default: ops.append(.moveSection(from: section(0), to: section(0)))
            }
        }
        return ops
    }

    /// The updated flow spec built item by item from the reference plan (the first implementation's rules).
    static func referenceApply(_ spec: FlowLayoutSpec, _ plan: ReferenceUpdatePlan) -> FlowLayoutSpec {
        var out = spec
        out.sections = plan.sections.map { p in
            var section = p.oldSection.map { spec.sections[$0] } ?? FlowSectionSpec(items: .count(0))
            let itemSize = section.itemSize ?? spec.defaultItemSize
            func oldSize(_ path: LayoutIndexPath) -> LayoutSize {
                if case .sizes(let list) = spec.sections[path.section].items { return list[path.item] }
                return spec.sections[path.section].itemSize ?? spec.defaultItemSize
            }
            let sizes = p.items.map { source -> LayoutSize in
                switch source {
                case .old(let path): oldSize(path)
                case .reloaded(let path, let size): size ?? oldSize(path)
                case .inserted(let size): size ?? itemSize
                }
            }
            section.items = sizes.allSatisfy { $0 == itemSize } ? .count(sizes.count) : .sizes(sizes)
            return section
        }
        return out
    }

    @Test func runsMatchTheItemByItemReference() throws {
        var rng = SeededRandom(seed: 20261122)
        var planned = 0
        var refused = 0
        for _ in 0..<4000 {
            let counts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...6, using: &rng) }
            let ops = Self.randomBatch(counts, &rng)
            let reference: Result<ReferenceUpdatePlan, BatchError> = Result { () throws(BatchError) in
                try ReferenceUpdatePlan.make(oldCounts: counts, operations: ops)
            }
            let runs: Result<UpdatePlan, BatchError> = Result { () throws(BatchError) in
                try UpdatePlan.make(oldCounts: counts, operations: ops)
            }
            switch (reference, runs) {
            case (.success(let r), .success(let p)):
                planned += 1
                #expect(p.sections.map(\.items) == r.sections.map(\.items), "\(counts) \(ops)")
                #expect(p.sections.map(\.oldSection) == r.sections.map(\.oldSection))
                #expect(p.sections.map(\.reloaded) == r.sections.map(\.reloaded))
                // Where old items went, both ways.
                let index = p.oldItemIndex
                for (s, section) in r.sections.enumerated() {
                    for (i, source) in section.items.enumerated() {
                        let here = LayoutIndexPath(section: s, item: i)
                        if case .old(let o) = source {
                            #expect(index.newPath(ofOld: o) == here)
                            #expect(p.oldPath(ofNew: here) == o)
                        } else {
                            #expect(p.oldPath(ofNew: here) == nil)
                        }
                    }
                }
                // The updated spec, from sections of counts and of sizes.
                var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 100, height: 100),
                                          sections: counts.enumerated().map { s, n in
                                              FlowSectionSpec(items: s % 2 == 0 ? .count(n)
                                                  : .sizes((0..<n).map { LayoutSize(width: Double(10 + $0 % 3 * 10), height: 10) }))
                                          })
                spec.itemSize = LayoutSize(width: 10, height: 10)
                let updated = try LayoutSpec.flow(spec).applying(p)
                #expect(updated == .flow(Self.referenceApply(spec, r)), "\(counts) \(ops)")
            case (.failure(let a), .failure(let b)):
                refused += 1
                #expect(a == b, "\(counts) \(ops)")
            default:
                Issue.record("one refused, the other not: \(counts) \(ops): \(reference) vs \(runs)")
            }
        }
        #expect(planned > 500 && refused > 500)  // both kinds of batches were tried, many times
    }

    @Test func aBatchOnAMillionItemsIsAFewRuns() throws {
        let plan = try UpdatePlan.make(oldCounts: [1_000_000], operations: [
            .insertItems([LayoutIndexPath(section: 0, item: 999_990)], sizes: nil),
            .deleteItems([LayoutIndexPath(section: 0, item: 5)]),
            .reloadItems([LayoutIndexPath(section: 0, item: 7)], sizes: [LayoutSize(width: 1, height: 2)]),
        ])
        #expect(plan.sections[0].count == 1_000_000)
        #expect(plan.sections[0].runs == [
            .old(section: 0, items: 0..<5), .old(section: 0, items: 6..<7),
            .reloaded(section: 0, items: 7..<8, size: LayoutSize(width: 1, height: 2)),
            .old(section: 0, items: 8..<999_991), .inserted(count: 1, size: nil), .old(section: 0, items: 999_991..<1_000_000),
        ])
    }
}
