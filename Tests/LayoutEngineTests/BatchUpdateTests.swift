import LayoutEngine
import TestSupport
import Testing

/// UIKit's index rules for batch updates, on tricky batches, and the animations they produce.
@Suite struct BatchUpdateTests {
    func p(_ s: Int, _ i: Int) -> LayoutIndexPath { LayoutIndexPath(section: s, item: i) }

    /// Where each new item comes from, as "s/i" for old items, "+" for inserted, "~s/i" for reloaded.
    func sources(_ plan: UpdatePlan) -> [[String]] {
        plan.sections.map { section in
            section.items.map { source in
                switch source {
                case .old(let q): "\(q.section)/\(q.item)"
                case .reloaded(let q, _): "~\(q.section)/\(q.item)"
                case .inserted: "+"
                }
            }
        }
    }

    func plan(_ counts: [Int], _ ops: [BatchOperation]) throws(BatchError) -> UpdatePlan {
        try UpdatePlan.make(oldCounts: counts, operations: ops)
    }

    @Test func deleteAndInsertAtTheSameIndex() throws {
        // Delete 0/1 (old) and insert 0/1 (new): the new item takes the deleted one's place.
        let result = try plan([3], [.deleteItems([p(0, 1)]), .insertItems([p(0, 1)], sizes: nil)])
        #expect(sources(result) == [["0/0", "+", "0/2"]])
    }

    @Test func movesAcrossSections() throws {
        // 0/0 moves to the end of section 1 (2 items after: 1/1 kept, 0/0 in); 1/0 to the front of section 0.
        let result = try plan([2, 2], [.moveItem(from: p(0, 0), to: p(1, 1)), .moveItem(from: p(1, 0), to: p(0, 0))])
        #expect(sources(result) == [["1/0", "0/1"], ["1/1", "0/0"]])
    }

    @Test func sectionDeletesAndInsertsShiftIndexes() throws {
        // Delete section 0, insert a new section at 1 (new index): old section 1 becomes 0, the new one is 1.
        let result = try plan([1, 2, 1], [.deleteSections([0]), .insertSections([1], content: nil)])
        #expect(sources(result) == [["1/0", "1/1"], [], ["2/0"]])
        #expect(result.sections.map(\.oldSection) == [1, nil, 2])
    }

    @Test func movingSectionsAndItemsTogether() throws {
        // Section 2 moves to the front; item 0/0 moves into it (new index: section 0 is the moved one).
        let result = try plan([2, 1, 1], [.moveSection(from: 2, to: 0), .moveItem(from: p(0, 0), to: p(0, 1))])
        #expect(sources(result) == [["2/0", "0/0"], ["0/1"], ["1/0"]])
    }

    @Test func reloadsKeepTheirPlace() throws {
        let result = try plan([3], [.reloadItems([p(0, 1)], sizes: [LayoutSize(width: 5, height: 5)]), .deleteItems([p(0, 0)])])
        #expect(sources(result) == [["~0/1", "0/2"]])
        let sections = try plan([1, 2], [.reloadSections([1], content: nil)])
        #expect(sources(sections) == [["0/0"], ["~1/0", "~1/1"]])
    }

    @Test(arguments: [
        ([BatchOperation.deleteItems([LayoutIndexPath(section: 0, item: 3)])], 0, "does not exist"),
        ([.deleteItems([LayoutIndexPath(section: 0, item: 1)]), .moveItem(from: LayoutIndexPath(section: 0, item: 1), to: LayoutIndexPath(section: 0, item: 0))], 1, "already deleted"),
        ([.insertItems([LayoutIndexPath(section: 0, item: 5)], sizes: nil)], 0, "out of range after the batch"),
        ([.insertItems([LayoutIndexPath(section: 0, item: 0)], sizes: [])], 0, "0 sizes for 1 items"),
        ([.deleteSections([0]), .deleteItems([LayoutIndexPath(section: 0, item: 0)])], 1, "deleted or reloaded"),
        ([.deleteSections([0]), .moveItem(from: LayoutIndexPath(section: 0, item: 0), to: LayoutIndexPath(section: 0, item: 0))], 1, "moves out of a section"),
        ([.insertSections([0], content: nil), .insertItems([LayoutIndexPath(section: 0, item: 0)], sizes: nil)], 1, "its own content"),
        ([.insertSections([3], content: nil)], 0, "out of range after the batch"),
        ([.moveSection(from: 0, to: 1), .moveSection(from: 1, to: 1)], 1, "two sections go to index 1"),
        ([.deleteSections([1]), .deleteSections([1])], 1, "already deleted"),
        ([.insertItems([LayoutIndexPath(section: 4, item: 0)], sizes: nil)], 0, "out of range after the batch"),
    ])
    func inconsistentBatchesNameTheOperation(_ ops: [BatchOperation], _ operation: Int, _ reason: String) {
        do {
            _ = try plan([3, 2], ops)
            Issue.record("accepted")
        } catch {
            #expect(error.operation == operation, "\(error)")
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    @Test func theUpdatedSpecCarriesSizes() throws {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [
            FlowSectionSpec(items: .count(3)),
            FlowSectionSpec(items: .sizes([LayoutSize(width: 10, height: 10), LayoutSize(width: 20, height: 20)])),
        ])
        spec.itemSize = LayoutSize(width: 50, height: 50)
        let ops: [BatchOperation] = [
            .insertItems([p(0, 0)], sizes: nil),  // the section's item size: still a count
            .moveItem(from: p(1, 1), to: p(0, 4)),  // carries its 20 x 20
            .reloadItems([p(1, 0)], sizes: [LayoutSize(width: 30, height: 30)]),
        ]
        let result = try LayoutSpec.flow(spec).applying(try plan([3, 2], ops))
        guard case .flow(let updated) = result else { Issue.record("not flow"); return }
        #expect(updated.sections[0].items == .sizes([LayoutSize(width: 50, height: 50), LayoutSize(width: 50, height: 50),
                                                     LayoutSize(width: 50, height: 50), LayoutSize(width: 50, height: 50),
                                                     LayoutSize(width: 20, height: 20)]))
        #expect(updated.sections[1].items == .sizes([LayoutSize(width: 30, height: 30)]))
        let plain = try LayoutSpec.flow(spec).applying(try plan([3, 2], [.insertItems([p(0, 3)], sizes: nil)]))
        guard case .flow(let counted) = plain else { return }
        #expect(counted.sections[0].items == .count(4))
    }

    @Test func animationPairs() throws {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [FlowSectionSpec(items: .count(4))])
        spec.itemSize = LayoutSize(width: 100, height: 100)
        spec.minimumInteritemSpacing = 0
        let old = PreparedFlowLayout(spec)  // items at x 0, 100, 200 (row 0) and 0 (row 1, y 110)
        let ops: [BatchOperation] = [.deleteItems([p(0, 0)]), .insertItems([p(0, 3)], sizes: nil)]
        let updatePlan = try plan([4], ops)
        let new = try LayoutSpec.flow(spec).applying(updatePlan).prepare()
        let a = try #require(UpdateAnimations.make(old: old, new: new, plan: updatePlan,
                                                   rect: LayoutRect(x: 0, y: 0, width: 300, height: 400), offset: .zero, limit: 100))
        // Deleted 0/0 fades out where it was.
        let deleted = try #require(a.animations.first { $0.after.alpha == 0 })
        #expect(deleted.before.indexPath == p(0, 0) && deleted.after.frame == LayoutRect(x: 0, y: 0, width: 100, height: 100))
        // 0/1 moves to 0/0: (100, 0) -> (0, 0).
        let moved = try #require(a.animations.first { $0.before.indexPath == p(0, 1) })
        #expect(moved.after.indexPath == p(0, 0) && moved.after.frame.x == 0 && moved.before.frame.x == 100)
        // 0/3 (old) becomes 0/2: (0, 110) -> (200, 0).
        let wrapped = try #require(a.animations.first { $0.before.indexPath == p(0, 3) && $0.before.alpha == 1 })
        #expect(wrapped.after.indexPath == p(0, 2) && wrapped.after.frame.origin == LayoutPoint(x: 200, y: 0))
        // Inserted 0/3 appears at its final frame from alpha 0.
        let inserted = try #require(a.animations.first { $0.before.alpha == 0 })
        #expect(inserted.after.indexPath == p(0, 3) && inserted.before.frame == inserted.after.frame)
        #expect(a.animations.count == 5)
    }
}

@Suite struct SelfSizingTests {
    @Test func reportedSizesAboveTheViewportMoveTheOffset() throws {
        // One 300 x 100 (estimated) item per row, 10 apart: item i at y = 110 i. At offset 330, item 3 is first.
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [FlowSectionSpec(items: .count(10))])
        spec.estimatedItemSize = LayoutSize(width: 300, height: 100)
        let old = PreparedFlowLayout(spec)
        #expect(old.attributesForItem(at: LayoutIndexPath(section: 0, item: 3), offset: .zero)?.frame.y == 330)
        let reports = [(LayoutIndexPath(section: 0, item: 0), LayoutSize(width: 300, height: 150)),
                       (LayoutIndexPath(section: 0, item: 1), LayoutSize(width: 300, height: 150)),
                       (LayoutIndexPath(section: 0, item: 9), LayoutSize(width: 300, height: 40))]
        let plan = try UpdatePlan.make(oldCounts: [10], operations: SelfSizing.batch(reports))
        let new = try LayoutSpec.flow(spec).applying(plan).prepare()
        // Items 0 and 1 grew by 50 each: item 3 is now at 430; the offset follows. Item 9 is below: no effect.
        let adjustment = SelfSizing.offsetAdjustment(old: old, new: new, offset: LayoutPoint(x: 0, y: 330), direction: .vertical)
        #expect(adjustment == LayoutPoint(x: 0, y: 100))
        #expect(SelfSizing.offsetAdjustment(old: old, new: new, offset: LayoutPoint(x: 0, y: 5000), direction: .vertical) == .zero)
        guard case .flow(let resized) = new.spec else { return }
        #expect(resized.sections[0].items.count == 10)
    }
}
