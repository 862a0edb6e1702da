import LayoutEngine
import TestSupport
import Testing

/// Rule 5 of waterfalls: in random batches, `itemSpans` and `itemColumns` move with their items (against the
/// item-by-item reference plan, each item's values looked up where it came from); `keepColumns` keeps every old
/// item's first column, so that a size report moves items only along their columns.
@Suite struct KeptColumnsTests {
    static func waterfall(_ counts: [Int], _ rng: inout SeededRandom, columns: Int? = nil) -> WaterfallLayoutSpec {
        var spec = WaterfallLayoutSpec(
            collectionView: LayoutSize(width: 390, height: 600),
            sections: counts.map { n in
                var s = WaterfallSectionSpec(items: .lengths((0..<n).map { _ in Double(Int.random(in: 10...200, using: &rng)) }))
                if Bool.random(using: &rng) { s.itemSpans = (0..<n).map { _ in Int.random(in: 1...5, using: &rng) } }
                if Bool.random(using: &rng) { s.itemColumns = (0..<n).map { _ in Int.random(in: -1...4, using: &rng) } }
                if Int.random(in: 0...3, using: &rng) == 0 { s.columnCount = .fixed(Int.random(in: 1...5, using: &rng)) }
                return s
            })
        spec.columnCount = .fixed(columns ?? Int.random(in: 1...5, using: &rng))
        spec.columnSpacing = Double(Int.random(in: 0...8, using: &rng))
        spec.itemSpacing = Double(Int.random(in: 0...8, using: &rng))
        spec.placement = Bool.random(using: &rng) ? .shortestColumn : .roundRobin
        if Bool.random(using: &rng) { spec.scrollDirection = .horizontal }
        return spec
    }

    /// Spans and columns given to the inserted items of `ops`, at random (some items given none).
    static func placements(_ ops: [BatchOperation], _ rng: inout SeededRandom) -> ItemPlacements {
        var given = ItemPlacements()
        for case .insertItems(let paths, _) in ops {
            for p in paths {
                if Bool.random(using: &rng) { given.spans[p] = Int.random(in: 1...4, using: &rng) }
                if Bool.random(using: &rng) { given.columns[p] = Int.random(in: -1...4, using: &rng) }
            }
        }
        return given
    }

    @Test func spansAndColumnsMoveWithTheirItems() throws {
        var rng = SeededRandom(seed: 20261206)
        var planned = 0
        for _ in 0..<3000 {
            let counts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...6, using: &rng) }
            let spec = Self.waterfall(counts, &rng)
            let ops = UpdatePlanRunTests.randomBatch(counts, &rng)
            let given = Self.placements(ops, &rng)
            guard let reference = try? ReferenceUpdatePlan.make(oldCounts: counts, operations: ops) else { continue }
            let plan = try UpdatePlan.make(oldCounts: counts, operations: ops)
            guard case .waterfall(let out) = try LayoutSpec.waterfall(spec).applying(plan, placements: given) else {
                Issue.record("not a waterfall")
                return
            }
            planned += 1
            for (k, section) in reference.sections.enumerated() {
                func expected(_ list: (WaterfallSectionSpec) -> [Int]?, _ new: [LayoutIndexPath: Int], _ d: Int) -> [Int] {
                    section.items.enumerated().map { j, source in
                        switch source {
                        case .old(let p), .reloaded(let p, _): list(spec.sections[p.section])?[p.item] ?? d
                        case .inserted: new[LayoutIndexPath(section: k, item: j)] ?? d
                        }
                    }
                }
                let spans = expected(\.itemSpans, given.spans, 1)
                let columns = expected(\.itemColumns, given.columns, -1)
                #expect(out.sections[k].itemSpans ?? spans.map { _ in 1 } == spans, "\(counts) \(ops)")
                #expect(out.sections[k].itemColumns ?? columns.map { _ in -1 } == columns, "\(counts) \(ops)")
                // A list of defaults only is left out, as the canonical form leaves it out.
                #expect(out.sections[k].itemSpans == nil || spans.contains { $0 != 1 })
                #expect(out.sections[k].itemColumns == nil || columns.contains { $0 != -1 })
            }
        }
        #expect(planned > 800)
    }

    @Test func givenPlacementsAreForWaterfallsOnly() throws {
        let flow = LayoutSpec.flow(FlowLayoutSpec(collectionView: LayoutSize(width: 100, height: 100),
                                                  sections: [FlowSectionSpec(items: .count(2))]))
        let p = LayoutIndexPath(section: 0, item: 0)
        let plan = try UpdatePlan.make(oldCounts: [2], operations: [.insertItems([p], sizes: nil)])
        #expect(throws: BatchError.self) { try flow.applying(plan, placements: ItemPlacements(spans: [p: 2])) }
    }

    /// Each item's frame across the scroll axis: where it starts and how wide it is.
    static func across(_ layout: any PreparedLayout, _ path: LayoutIndexPath, vertical: Bool) -> [Double] {
        let f = layout.attributesForItem(at: path, offset: .zero)!.frame
        return vertical ? [f.x, f.width] : [f.y, f.height]
    }

    @Test func aSizeReportWithKeptColumnsMovesItemsOnlyAlongTheirColumns() throws {
        var rng = SeededRandom(seed: 5)
        var moved = 0
        for _ in 0..<300 {
            let counts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...40, using: &rng) }
            let spec = Self.waterfall(counts, &rng)
            try spec.validate(limits: SpecLimits())
            let old = LayoutSpec.waterfall(spec).prepare()
            let vertical = spec.scrollDirection == .vertical
            var reports: [(LayoutIndexPath, LayoutSize)] = []
            for (s, n) in counts.enumerated() where n > 0 {
                for _ in 0..<Int.random(in: 0...4, using: &rng) {
                    let item = Int.random(in: 0..<n, using: &rng)
                    guard !reports.contains(where: { $0.0 == LayoutIndexPath(section: s, item: item) }) else { continue }
                    let length = Double(Int.random(in: 1...300, using: &rng))
                    reports.append((LayoutIndexPath(section: s, item: item),
                                    vertical ? LayoutSize(width: 50, height: length) : LayoutSize(width: length, height: 50)))
                }
            }
            let plan = try UpdatePlan.make(oldCounts: counts, operations: SelfSizing.batch(reports))
            let resized = try LayoutSpec.waterfall(spec).applying(plan)
            let (kept, first) = try #require(resized.keepingColumns(of: old, plan: plan))
            try kept.validate(limits: SpecLimits())
            let new = kept.prepare()
            guard case .waterfall(let keptSpec) = kept else { return }
            var wrong: [LayoutIndexPath] = []
            for (s, n) in counts.enumerated() {
                for i in 0..<n {
                    let p = LayoutIndexPath(section: s, item: i)
                    let before = try #require((old as? PreparedWaterfallLayout)?.placedColumn(at: p))
                    if (new as? PreparedWaterfallLayout)?.placedColumn(at: p) != before
                        || keptSpec.sections[s].itemColumns?[i] ?? -1 != before
                        || Self.across(new, p, vertical: vertical) != Self.across(old, p, vertical: vertical)
                    {
                        wrong.append(p)
                    }
                    if old.attributesForItem(at: p, offset: .zero)!.frame != new.attributesForItem(at: p, offset: .zero)!.frame {
                        moved += 1
                    }
                }
            }
            #expect(wrong.isEmpty, "items out of their columns: \(wrong.prefix(5)) in \(spec), after \(reports)")
            if !wrong.isEmpty { break }
            // The columns written are those the layout had: nothing changes in a section they already said.
            if let first { #expect(keptSpec.sections[first].itemColumns != spec.sections[first].itemColumns) }
        }
        #expect(moved > 1000)
    }

    @Test func aBatchWithKeptColumnsKeepsEveryOldItemsColumn() throws {
        var rng = SeededRandom(seed: 11)
        var checked = 0
        for _ in 0..<2000 {
            let counts = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Int.random(in: 0...8, using: &rng) }
            let spec = Self.waterfall(counts, &rng)
            let ops = UpdatePlanRunTests.randomBatch(counts, &rng)
            let given = Self.placements(ops, &rng)
            guard let reference = try? ReferenceUpdatePlan.make(oldCounts: counts, operations: ops) else { continue }
            let plan = try UpdatePlan.make(oldCounts: counts, operations: ops)
            let old = try #require(LayoutSpec.waterfall(spec).prepare() as? PreparedWaterfallLayout)
            let applied = try LayoutSpec.waterfall(spec).applying(plan, placements: given)
            let (kept, _) = try #require(applied.keepingColumns(of: old, plan: plan))
            guard case .waterfall(let out) = kept, (try? kept.validate(limits: SpecLimits())) != nil else { continue }
            let new = try #require(kept.prepare() as? PreparedWaterfallLayout)
            var wrong: [String] = []
            defer { #expect(wrong.isEmpty, "\(wrong.prefix(5)): \(counts) \(ops) on \(spec)") }
            for (k, section) in reference.sections.enumerated() {
                guard case .fixed(let count) = out.sections[k].columnCount ?? out.columnCount else { return }
                for (j, source) in section.items.enumerated() {
                    let here = LayoutIndexPath(section: k, item: j)
                    let column = out.sections[k].itemColumns?[j] ?? -1
                    switch source {
                    case .old(let p) where !section.reloaded, .reloaded(let p, _) where !section.reloaded:
                        let was = try #require(old.placedColumn(at: p))
                        // Clamped so that its window fits, in a section of fewer columns.
                        let span = min(out.sections[k].itemSpans?[j] ?? 1, count)
                        if column != was { wrong.append("\(here) written \(column), was \(was)") }
                        if new.placedColumn(at: here) != min(was, count - span) {
                            wrong.append("\(here) placed in \(new.placedColumn(at: here) ?? -9), was \(was)")
                        }
                        checked += 1
                    case .inserted:
                        if column != given.columns[here] ?? -1 { wrong.append("\(here) inserted, column \(column)") }
                    default:
                        // A reloaded section's items take -1.
                        if column != -1 { wrong.append("\(here) of reloaded section \(k) keeps column \(column)") }
                    }
                }
            }
            if !wrong.isEmpty { break }
        }
        #expect(checked > 3000)
    }
}

/// A bounds change keeps a section's `itemColumns` while its column count stays, and resets them to -1 (the rule
/// places its items again) when an adaptive count changes.
@Suite struct BoundsResetColumnsTests {
    @Test(arguments: [(330.0, true), (250.0, false), (440.0, false), (320.0, true)])
    func columnsResetOnlyWhenTheCountChanges(_ width: Double, _ kept: Bool) {
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 320, height: 600), sections: [
            WaterfallSectionSpec(items: .lengths([100, 60, 50])),
            WaterfallSectionSpec(items: .lengths([10, 20]), columnCount: .fixed(2)),
        ])
        spec.columnCount = .adaptive(minimumWidth: 100, maximum: WaterfallLayoutSpec.maxColumns)
        spec.sections[0].itemColumns = [2, 1, 0]
        spec.sections[1].itemColumns = [1, 0]
        let resized = LayoutSpec.waterfall(spec).withViewport(Viewport(size: LayoutSize(width: width, height: 600)))
        guard case .waterfall(let out) = resized else { return }
        // 3 columns of at least 100 (10 apart) fit 320 and 330; 2 fit 250, 4 fit 440.
        #expect((out.sections[0].itemColumns != nil) == kept)
        #expect(out.sections[1].itemColumns == [1, 0])  // a fixed count never changes
    }
}
