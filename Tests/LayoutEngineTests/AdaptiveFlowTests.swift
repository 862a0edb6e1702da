import LayoutEngine
import TestSupport
import Testing

/// Rule 7 for flow (an adaptive `itemSize`): literal frames, and random specs against an independent reference
/// that counts the columns one by one and places item i at row i / n, column i mod n.
@Suite struct AdaptiveFlowTests {
    func cells(_ layout: any PreparedLayout) -> [LayoutAttributes] {
        RandomSpecs.allElements(layout).filter { $0.category == .cell }
    }

    func adaptive(_ w: Double, height h: Double) -> AdaptiveItemSize { AdaptiveItemSize(minimumWidth: w, height: .fixed(h)) }

    @Test func anExactFitHoldsThreeItems() {
        // 3 × 100 + 2 × 10 = 320: three columns exactly, each (320 − 20) / 3 = 100 wide.
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 320, height: 480),
                                  sections: [FlowSectionSpec(items: .count(7))])
        spec.adaptiveItemSize = adaptive(100, height: 40)
        spec.minimumInteritemSpacing = 10
        spec.minimumLineSpacing = 5
        let layout = PreparedFlowLayout(spec)
        let f = cells(layout).map(\.frame)
        #expect(f.count == 7)
        #expect(f[0] == LayoutRect(x: 0, y: 0, width: 100, height: 40))
        #expect(f[1] == LayoutRect(x: 110, y: 0, width: 100, height: 40))
        #expect(f[2] == LayoutRect(x: 220, y: 0, width: 100, height: 40))
        #expect(f[3] == LayoutRect(x: 0, y: 45, width: 100, height: 40))
        // The last row keeps the grid's columns (UIKit's rule for a uniform section).
        #expect(f[6] == LayoutRect(x: 0, y: 90, width: 100, height: 40))
        #expect(layout.contentSize == LayoutSize(width: 320, height: 130))
    }

    @Test func wideViewsShareTheirWidthAndAnAspectRatioGivesTheHeight() {
        // available 390 − 2 × 15 = 360; 150 + 8 + 150 = 308 ≤ 360 < 466: two columns, (360 − 8) / 2 = 176 wide,
        // 176 / 1.6 = 110 high.
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                  sections: [FlowSectionSpec(items: .count(3))])
        spec.adaptiveItemSize = AdaptiveItemSize(minimumWidth: 150, height: .aspectRatio(1.6))
        spec.minimumInteritemSpacing = 8
        spec.minimumLineSpacing = 8
        spec.sectionInset = LayoutEdgeInsets(top: 0, left: 15, bottom: 0, right: 15)
        let f = cells(PreparedFlowLayout(spec)).map(\.frame)
        #expect(f == [LayoutRect(x: 15, y: 0, width: 176, height: 110), LayoutRect(x: 199, y: 0, width: 176, height: 110),
                      LayoutRect(x: 15, y: 118, width: 176, height: 110)])
        // 1024 wide: (1024 − 30 + 8) / 158 = 6.34: six columns, (994 − 40) / 6 = 159 wide.
        spec.collectionView = LayoutSize(width: 1024, height: 768)
        let wide = cells(PreparedFlowLayout(spec)).map(\.frame)
        #expect(wide[0] == LayoutRect(x: 15, y: 0, width: 159, height: 159 / 1.6))
        #expect(wide[2] == LayoutRect(x: 15 + 2 * 167, y: 0, width: 159, height: 159 / 1.6))
    }

    @Test func aViewNarrowerThanOneItemHoldsOneAsWideAsTheLine() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 90, height: 400),
                                  sections: [FlowSectionSpec(items: .count(2))])
        spec.adaptiveItemSize = adaptive(120, height: 30)
        let f = cells(PreparedFlowLayout(spec)).map(\.frame)
        #expect(f == [LayoutRect(x: 0, y: 0, width: 90, height: 30), LayoutRect(x: 0, y: 40, width: 90, height: 30)])
    }

    @Test func eachSectionCountsWithItsOwnInsetsSpacingAndSize() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 400, height: 400), sections: [
            FlowSectionSpec(items: .count(4)),
            FlowSectionSpec(items: .count(4), minimumInteritemSpacing: 0,
                            sectionInset: LayoutEdgeInsets(top: 0, left: 50, bottom: 0, right: 50)),
            FlowSectionSpec(items: .count(1), itemSize: LayoutSize(width: 30, height: 30)),
        ])
        spec.adaptiveItemSize = adaptive(100, height: 20)
        spec.sections[1].adaptiveItemSize = adaptive(60, height: 10)
        spec.minimumLineSpacing = 0
        let f = cells(PreparedFlowLayout(spec)).map(\.frame)
        // Section 0: 3 × 100 + 2 × 10 = 320 ≤ 400 < 430: three, (400 − 20) / 3 wide.
        #expect(abs(f[1].x - ((400 - 20) / 3 + 10)) < 1e-9)
        #expect(f[1].size == LayoutSize(width: (400 - 20) / 3, height: 20))
        #expect(f[3].y == 20)
        // Section 1: 300 / 60 = 5 columns of 60, from x = 50, below section 0's two rows.
        #expect(f[4] == LayoutRect(x: 50, y: 40, width: 60, height: 10))
        #expect(f[7] == LayoutRect(x: 230, y: 40, width: 60, height: 10))
        // Section 2: its own fixed size, on the first column of the grid a full line of them would make (rule 7a).
        #expect(f[8] == LayoutRect(x: 0, y: 50, width: 30, height: 30))
    }

    @Test func countsAreTheLargestThatFit() {
        func count(_ w: Double, _ available: Double, _ spacing: Double, maximum: Int = WaterfallLayoutSpec.maxColumns) -> Int {
            ColumnCount.fitting(minimumWidth: w, maximum: maximum, available: available, spacing: spacing)
        }
        #expect(count(100, 320, 10) == 3)
        #expect(count(100, 319.99, 10) == 2)
        #expect(count(0.1, 0.3, 0) == 3)  // 3 × 0.1 ≠ 0.3 in binary: within 1e-9
        #expect(count(1, 1e9, 0) == 1024)
        #expect(count(1, 1e9, 0, maximum: 5) == 5)
        #expect(count(50, -40, 10) == 1)
    }

    // MARK: Batches

    func applying(_ spec: FlowLayoutSpec, _ ops: [BatchOperation]) throws(BatchError) -> FlowLayoutSpec {
        let plan = try UpdatePlan.make(oldCounts: spec.sections.map(\.items.count), operations: ops)
        guard case .flow(let out) = try LayoutSpec.flow(spec).applying(plan) else { preconditionFailure() }
        return out
    }

    @Test func batchesKeepAdaptiveSectionsCountsAndRefuseSizesOfTheirOwn() throws {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 320, height: 480), sections: [
            FlowSectionSpec(items: .count(5)), FlowSectionSpec(items: .count(2), itemSize: LayoutSize(width: 40, height: 40)),
        ])
        spec.adaptiveItemSize = adaptive(100, height: 40)
        let p = { (s: Int, i: Int) in LayoutIndexPath(section: s, item: i) }
        // Inserted, deleted and moved within the section: still a count of the adaptive size.
        let moved = try applying(spec, [.insertItems([p(0, 0), p(0, 5)], sizes: nil), .deleteItems([p(0, 4)])])
        #expect(moved.sections[0].items == .count(6) && moved.sections[0].adaptiveItemSize == nil)
        #expect(moved.sections[1] == spec.sections[1])
        // A size of its own (a size report, an insert with a size, an item of a fixed size moved in), or a move into
        // a fixed section: refused (moved items keep their sizes).
        #expect(throws: BatchError.self) { try applying(spec, [.reloadItems([p(0, 1)], sizes: [LayoutSize(width: 9, height: 9)])]) }
        #expect(throws: BatchError.self) { try applying(spec, [.insertItems([p(0, 1)], sizes: [LayoutSize(width: 9, height: 9)])]) }
        #expect(throws: BatchError.self) { try applying(spec, [.moveItem(from: p(0, 0), to: p(1, 0))]) }
        #expect(throws: BatchError.self) { try applying(spec, [.moveItem(from: p(1, 0), to: p(0, 0))]) }
    }

    // MARK: Against a reference

    /// Cell frames by rule 7 computed directly: n counted one by one, item i at row i / n and column i mod n.
    static func reference(_ spec: FlowLayoutSpec) -> (cells: [LayoutRect], height: Double) {
        var out: [LayoutRect] = []
        var v = 0.0
        for s in spec.sections {
            let inset = s.sectionInset ?? spec.sectionInset
            let spacing = s.minimumInteritemSpacing ?? spec.minimumInteritemSpacing
            let lineSpacing = s.minimumLineSpacing ?? spec.minimumLineSpacing
            let header = (s.headerReferenceSize ?? spec.headerReferenceSize).height
            let footer = (s.footerReferenceSize ?? spec.footerReferenceSize).height
            let a = s.adaptiveItemSize ?? spec.adaptiveItemSize!
            let available = spec.collectionView.width - inset.left - inset.right
            var n = 1
            for k in 1...1024 where Double(k) * a.minimumWidth + Double(k - 1) * spacing <= available + 1e-9 { n = k }
            let width = max(0, (available - Double(n - 1) * spacing) / Double(n))
            let height: Double
            switch a.height {
            case .fixed(let h): height = h
            case .aspectRatio(let r): height = width / r
            }
            let top = v + header + inset.top
            let count = s.items.count
            for i in 0..<count {
                out.append(LayoutRect(x: inset.left + Double(i % n) * (width + spacing),
                                      y: top + Double(i / n) * (height + lineSpacing), width: width, height: height))
            }
            let rows = (count + n - 1) / n
            let end = rows == 0 ? top : top + Double(rows - 1) * (height + lineSpacing) + height
            v = end + inset.bottom + footer
        }
        return (out, v)
    }

    static func randomAdaptive(_ rng: inout SeededRandom) -> AdaptiveItemSize {
        let w = [0.5, 1, 33, 50, 100, 100.5, 120, 1000].randomElement(using: &rng)! * (Bool.random(using: &rng) ? 1 : 1.07)
        return Bool.random(using: &rng) ? AdaptiveItemSize(minimumWidth: w, height: .fixed(rng.length(0...120)))
            : AdaptiveItemSize(minimumWidth: w, height: .aspectRatio([0.5, 1, 1.5, 16.0 / 9].randomElement(using: &rng)!))
    }

    /// A random vertical spec of adaptive sections; a third of the views are an exact fit of their first section
    /// (n × w + (n − 1) × spacing, the sum in binary as the engine computes it).
    static func randomSpec(_ rng: inout SeededRandom) -> FlowLayoutSpec {
        let spacings: [Double] = [0, 1, 8, 10, 0.1, 12.5]
        var sections: [FlowSectionSpec] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            var s = FlowSectionSpec(items: .count(Int.random(in: 0...40, using: &rng)))
            if Bool.random(using: &rng) { s.adaptiveItemSize = randomAdaptive(&rng) }
            if Bool.random(using: &rng) { s.minimumInteritemSpacing = spacings.randomElement(using: &rng)! }
            if Bool.random(using: &rng) {
                s.sectionInset = LayoutEdgeInsets(top: rng.length(0...20), left: rng.length(0...40),
                                                  bottom: rng.length(0...20), right: rng.length(0...40))
            }
            if Bool.random(using: &rng) { s.headerReferenceSize = LayoutSize(width: 0, height: rng.length(0...30)) }
            sections.append(s)
        }
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: rng.length(40...1400), height: 800),
                                  sections: sections)
        spec.adaptiveItemSize = randomAdaptive(&rng)
        spec.minimumInteritemSpacing = spacings.randomElement(using: &rng)!
        spec.minimumLineSpacing = spacings.randomElement(using: &rng)!
        spec.footerReferenceSize = LayoutSize(width: 0, height: rng.length(0...10))
        if Int.random(in: 0..<3, using: &rng) == 0 {
            let s = spec.sections[0]
            let a = s.adaptiveItemSize ?? spec.adaptiveItemSize!
            let spacing = s.minimumInteritemSpacing ?? spec.minimumInteritemSpacing
            let inset = s.sectionInset ?? spec.sectionInset
            let n = Double(Int.random(in: 1...12, using: &rng))
            spec.collectionView.width = n * a.minimumWidth + (n - 1) * spacing + inset.left + inset.right
        }
        return spec
    }

    @Test(arguments: 0..<6)
    func matchesTheReference(batch: Int) {
        var rng = SeededRandom(seed: UInt64(4200 + batch))
        for _ in 0..<60 {
            let spec = Self.randomSpec(&rng)
            let layout = PreparedFlowLayout(spec)
            let (expected, height) = Self.reference(spec)
            let got = cells(layout)
            #expect(got.count == expected.count)
            for (a, b) in zip(got, expected) {
                #expect(FlowPropertyTests().close(a.frame, b), "\(a.indexPath): \(a.frame) != \(b) in \(spec)")
            }
            #expect(abs(layout.contentSize.height - height) <= 1e-6 * max(1, height))
            // Every full row of a section holds exactly n items, all of one width.
            var first = 0
            for (index, s) in spec.sections.enumerated() {
                let own = got[first..<first + s.items.count]
                first += s.items.count
                guard let head = own.first else { continue }
                let n = own.prefix { $0.frame.y == head.frame.y }.count
                let rows = Dictionary(grouping: own, by: { $0.frame.y }).values.map(\.count).sorted(by: >)
                #expect(rows.dropLast().allSatisfy { $0 == n }, "section \(index): rows \(rows)")
                #expect(own.allSatisfy { $0.frame.width == head.frame.width })
            }
        }
    }

    /// A new width counts again (the spec at the new width prepared afresh: what `POST .../bounds` registers), and
    /// the offset that keeps an item keeps its distance to the visible area's top unless the scroll range clamps it.
    @Test func aNewWidthCountsAgainAndKeepsTheAnchor() {
        var rng = SeededRandom(seed: 4400)
        var recounted = 0
        for _ in 0..<80 {
            let spec = Self.randomSpec(&rng)
            guard spec.numberOfItems > 0 else { continue }
            var wider = spec
            wider.collectionView.width = spec.collectionView.width * Double.random(in: 0.4...2.5, using: &rng)
            let old = PreparedFlowLayout(spec)
            let new = PreparedFlowLayout(wider)
            let (expected, _) = Self.reference(wider)
            #expect(zip(cells(new), expected).allSatisfy { FlowPropertyTests().close($0.frame, $1) })
            if cells(new).map(\.frame.width) != cells(old).map(\.frame.width) { recounted += 1 }
            let section = spec.sections.indices.filter { spec.sections[$0].items.count > 0 }.randomElement(using: &rng)!
            let path = LayoutIndexPath(section: section, item: Int.random(in: 0..<spec.sections[section].items.count,
                                                                              using: &rng))
            let offset = LayoutPoint(x: 0, y: rng.length(0...max(0, old.contentSize.height - spec.collectionView.height)))
            guard let placement = old.placement(of: .item(path), at: offset) else {
                Issue.record("no placement of \(path)")
                continue
            }
            let moved = new.contentOffset(keeping: placement, from: old)
            let before = old.attributesForItem(at: path, offset: .zero)!.frame.y - offset.y
            let after = new.attributesForItem(at: path, offset: .zero)!.frame.y - moved.y
            let end = max(0, new.contentSize.height - wider.collectionView.height)
            #expect(abs(after - before) < 1e-6 || moved.y == 0 || moved.y == end, "\(path): \(before) then \(after)")
        }
        #expect(recounted > 20)
    }

    /// The rect index of an adaptive section answers what a scan of the reference's frames finds.
    @Test func rectQueriesMatchAScan() {
        var rng = SeededRandom(seed: 4300)
        for _ in 0..<30 {
            let spec = Self.randomSpec(&rng)
            let layout = PreparedFlowLayout(spec)
            let (expected, height) = Self.reference(spec)
            for _ in 0..<40 {
                let rect = LayoutRect(x: rng.length(-50...spec.collectionView.width), y: rng.length(-50...max(height, 1)),
                                      width: rng.length(0...300), height: rng.length(0...400))
                var out: [LayoutAttributes] = []
                _ = layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &out)
                let got = out.filter { $0.category == .cell }.map { $0.indexPath }
                var want: [LayoutIndexPath] = []
                var index = 0
                for (s, section) in spec.sections.enumerated() {
                    for i in 0..<section.items.count {
                        if expected[index].intersects(rect) { want.append(LayoutIndexPath(section: s, item: i)) }
                        index += 1
                    }
                }
                #expect(got == want, "\(rect)")
            }
        }
    }
}
