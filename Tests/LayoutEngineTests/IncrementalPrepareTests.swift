import LayoutEngine
import TestSupport
import Testing

/// Incremental preparation against preparing from scratch: after seeded random batches on random and large flow
/// layouts (options, alignments, both directions, right to left), the layout prepared from the old one's prefix
/// answers exactly what the new spec prepared whole answers: content size, every element, the line table.
@Suite struct IncrementalPrepareTests {
    static func batch(_ counts: [Int], _ rng: inout SeededRandom) -> [BatchOperation] {
        let s = Int.random(in: 0..<counts.count, using: &rng)
        let n = counts[s]
        func at(_ slack: Int) -> Int { Int.random(in: 0...max(0, n - 1 + slack), using: &rng) }
        func size() -> LayoutSize { LayoutSize(width: Double(Int.random(in: 1...240, using: &rng)), height: Double(Int.random(in: 1...90, using: &rng))) }
        switch Int.random(in: 0...5, using: &rng) {
        case 0: return [.insertItems([LayoutIndexPath(section: s, item: at(1))], sizes: [size()])]
        case 1: return n > 0 ? [.deleteItems([LayoutIndexPath(section: s, item: at(0))])] : []
        case 2:
            let items = Set((0..<Int.random(in: 1...5, using: &rng)).map { _ in at(0) }).sorted()
            return n > 0 ? [.reloadItems(items.map { LayoutIndexPath(section: s, item: $0) }, sizes: items.map { _ in size() })] : []
        case 3:
            let k = Int.random(in: 1...40, using: &rng)
            return [.insertItems((0..<k).map { LayoutIndexPath(section: s, item: n + $0) }, sizes: (0..<k).map { _ in size() })]
        case 4: return n > 1 ? [.moveItem(from: LayoutIndexPath(section: s, item: at(0)), to: LayoutIndexPath(section: s, item: at(0)))] : []
        default: return [.insertSections([counts.count], content: nil)]
        }
    }

    func check(_ spec: FlowLayoutSpec, _ rng: inout SeededRandom, rounds: Int) throws -> Int {
        var spec = spec.normalized()
        var layout = PreparedFlowLayout(spec)
        var resumed = 0
        for _ in 0..<rounds {
            let counts = spec.sections.map(\.items.count)
            let plan = try UpdatePlan.make(oldCounts: counts, operations: Self.batch(counts, &rng))
            guard case .flow(let next) = try LayoutSpec.flow(spec).applying(plan).normalized() else { return resumed }
            let whole = PreparedFlowLayout(next)
            let (s, i) = plan.firstChange(oldCounts: counts) ?? (next.sections.count, 0)
            let incremental = PreparedFlowLayout(next, reusing: layout, unchangedBefore: s, item: i)
            if i > 0 { resumed += 1 }
            let context = "change at \(s)/\(i), counts \(counts) -> \(next.sections.map(\.items.count))"
            #expect(incremental.contentSize == whole.contentSize, "\(context)")
            let a = ElementOracle.all(incremental)
            let b = ElementOracle.all(whole)
            if let k = a.indices.first(where: { $0 >= b.count || a[$0] != b[$0] }) ?? (a.count == b.count ? nil : a.count) {
                Issue.record("\(context): element \(k) differs: \(k < a.count ? "\(a[k].indexPath) \(a[k].frame)" : "-") vs \(k < b.count ? "\(b[k].indexPath) \(b[k].frame)" : "-")")
                return resumed
            }
            let everything = LayoutRect(x: -10, y: -10, width: whole.contentSize.width + 20, height: whole.contentSize.height + 20)
            #expect(ElementOracle.indexed(incremental, everything) == ElementOracle.indexed(whole, everything), "\(context)")
            #expect(incremental.byteCount == whole.byteCount, "\(context)")  // no stray lines kept
            (spec, layout) = (next, incremental)  // the next round goes on from the incremental one
        }
        return resumed
    }

    @Test func randomLayoutsAndBatches() throws {
        var rng = SeededRandom(seed: 4242)
        var resumed = 0
        for _ in 0..<150 {
            var spec = RandomSpecs.flow(&rng, maxSections: 4, maxItems: 80)
            if Bool.random(using: &rng) { spec.layoutDirection = .rightToLeft }
            spec.alignment.lines = [.justified, .leading, .center, .trailing].randomElement(using: &rng)!
            spec.alignment.lastLine = [.auto, .leading, .center, .trailing, .justified].randomElement(using: &rng)!
            spec.alignment.items = ItemAlignment.allCases.randomElement(using: &rng)!
            resumed += try check(spec, &rng, rounds: 6)
        }
        #expect(resumed > 200)
    }

    /// Chat layouts: content anchored at the end (short content moves down by the room left; a resumed
    /// preparation must not keep lines of another room), insets too.
    @Test func endAnchoredLayouts() throws {
        var rng = SeededRandom(seed: 777)
        for _ in 0..<120 {
            var spec = RandomSpecs.flow(&rng, maxSections: 3, maxItems: 30)
            spec.contentAnchor = .end
            spec.contentInset = RandomSpecs.contentInset(&rng)
            if Bool.random(using: &rng) {  // often shorter than the view
                if spec.scrollDirection == .vertical { spec.collectionView.height *= 4 } else { spec.collectionView.width *= 4 }
            }
            _ = try check(spec, &rng, rounds: 6)
        }
    }

    @Test func largeLayouts() throws {
        var rng = SeededRandom(seed: 99)
        let sizes = (0..<30_000).map { _ in LayoutSize(width: Double(Int.random(in: 30...200, using: &rng)), height: Double(Int.random(in: 30...90, using: &rng))) }
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                  sections: [FlowSectionSpec(items: .sizes(sizes)), FlowSectionSpec(items: .count(500)),
                                             FlowSectionSpec(items: .sizes(Array(sizes.prefix(3000))))])
        spec.headerReferenceSize = LayoutSize(width: 0, height: 30)
        #expect(try check(spec, &rng, rounds: 25) > 10)
    }
}

@Suite struct IncrementalValidationTests {
    @Test func sizesBeforeTheChangeAreNotScannedAgain() throws {
        var sizes = Array(repeating: LayoutSize(width: 10, height: 10), count: 100)
        sizes[5] = LayoutSize(width: -1, height: 10)  // only a spec built by hand has this: accepted specs were checked
        let spec = LayoutSpec.flow(FlowLayoutSpec(collectionView: LayoutSize(width: 100, height: 100),
                                                  sections: [FlowSectionSpec(items: .sizes(sizes))]))
        #expect(throws: LayoutError.self) { try spec.validate(limits: SpecLimits()) }
        try spec.validate(limits: SpecLimits(), unchangedBefore: (0, 50))  // the prefix is trusted
        #expect(throws: LayoutError.self) { try spec.validate(limits: SpecLimits(), unchangedBefore: (0, 5)) }
    }
}
