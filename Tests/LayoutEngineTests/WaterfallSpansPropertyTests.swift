import LayoutEngine
import TestSupport
import Testing

/// Waterfalls with spans, explicit columns, adaptive counts and right-to-left mirroring against a reference written
/// from the rules (docs/specs.md's waterfall section, issue #42's rules 1-4, 6, 7) one item at a time: every window
/// of every section scanned, columns held as plain arrays, frames mirrored afterwards.
@Suite struct WaterfallSpansPropertyTests {
    /// Rule 7: the largest n from 1 to the maximum with n columns of the minimum width and their spacing within
    /// `available` (1 when none fits).
    static func count(_ c: ColumnCount, available: Double, spacing: Double) -> Int {
        switch c {
        case .fixed(let n): return n
        case .adaptive(let w, let maximum):
            var best = 1
            for n in 1...maximum where Double(n) * w + Double(n - 1) * spacing <= available + 1e-9 { best = n }
            return best
        }
    }

    /// The frames of every section's cells and the content's length along the scroll axis.
    static func reference(_ spec: WaterfallLayoutSpec) -> (frames: [[LayoutRect]], length: Double) {
        let vertical = spec.scrollDirection == .vertical
        let viewU = vertical ? spec.collectionView.width : spec.collectionView.height
        var frames: [[LayoutRect]] = []
        var v = 0.0
        for s in spec.sections {
            let spacing = s.columnSpacing ?? spec.columnSpacing
            let itemSpacing = s.itemSpacing ?? spec.itemSpacing
            let inset = s.sectionInset ?? spec.sectionInset
            let (before, after) = vertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
            let (insetBefore, insetAfter) = vertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
            let available = viewU - before - after
            let n = count(s.columnCount ?? spec.columnCount, available: available, spacing: spacing)
            let width = max(0, (available - Double(n - 1) * spacing) / Double(n))
            let top = v + (s.headerHeight ?? spec.headerHeight) + insetBefore
            var bottoms = [Double](repeating: top, count: n)
            var holds = [Bool](repeating: false, count: n)
            var cursor = 0
            var section: [LayoutRect] = []
            for i in 0..<s.items.count {
                // Rule 1: the span, clamped to the count, and its width.
                let span = min(max(s.itemSpans?[i] ?? 1, 1), n)
                let across = Double(span) * width + Double(span - 1) * spacing
                let length: Double
                switch s.items {
                case .lengths(let l): length = l[i]
                case .sizes(let z):
                    length = (vertical ? z[i].height : z[i].width) * across / (vertical ? z[i].width : z[i].height)
                }
                // Rule 4, else rule 3 or rule 2.
                var c = 0
                if let given = s.itemColumns?[i], given >= 0 {
                    c = min(given, n - span)
                } else if spec.placement == .roundRobin {
                    c = cursor + span > n ? 0 : cursor
                    cursor = c + span == n ? 0 : c + span
                } else {
                    var best = Double.infinity
                    for w in 0...(n - span) {
                        let key = bottoms[w..<(w + span)].max()!
                        if key < best { (best, c) = (key, w) }
                    }
                }
                var start = top
                for j in c..<(c + span) where holds[j] { start = max(start, bottoms[j] + itemSpacing) }
                for j in c..<(c + span) {
                    bottoms[j] = start + length
                    holds[j] = true
                }
                let u = before + Double(c) * (width + spacing)
                section.append(vertical ? LayoutRect(x: u, y: start, width: across, height: length)
                                   : LayoutRect(x: start, y: u, width: length, height: across))
            }
            frames.append(section)
            let end = s.items.count > 0 ? bottoms.max()! : top
            v = end + insetAfter + (s.footerHeight ?? spec.footerHeight)
        }
        // Rule 6: mirrored across the content's width.
        if spec.layoutDirection == .rightToLeft {
            let contentWidth = vertical ? spec.collectionView.width : v
            frames = frames.map { $0.map { LayoutRect(x: contentWidth - $0.x - $0.width, y: $0.y, width: $0.width,
                                                      height: $0.height) } }
        }
        return (frames, v)
    }

    /// A random waterfall with spans (some past the count), explicit columns (some past the last), fixed and
    /// adaptive counts (from 1 to 1,100 columns), lengths that tie or are 0, insets, headers, footers, both
    /// directions, placements and layout directions.
    static func random(_ rng: inout SeededRandom) -> WaterfallLayoutSpec {
        func count() -> ColumnCount {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return .fixed(Int.random(in: 1...4, using: &rng))
            case 1: return .fixed(Int.random(in: 5...40, using: &rng))
            case 2: return .fixed([1, 2, 300, 1024].randomElement(using: &rng)!)
            case 3:
                return .adaptive(minimumWidth: [1, 0.5, 7, 33.3, 90, 150, 5000].randomElement(using: &rng)!,
                                 maximum: Bool.random(using: &rng) ? 1024 : Int.random(in: 1...12, using: &rng))
            default: return .adaptive(minimumWidth: Double.random(in: 1...400, using: &rng), maximum: 1024)
            }
        }
        func spans(_ n: Int) -> [Int]? {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: return nil
            case 1: return (0..<n).map { $0 % 10 == 9 ? 2 : 1 }
            // Spans up to 12: window trees (2-8, ColumnBottoms) and the sliding maximum (past 8) alike.
            case 2: return (0..<n).map { _ in Int.random(in: 0..<6, using: &rng) == 0 ? Int.random(in: 1...12, using: &rng) : 1 }
            default: return (0..<n).map { _ in [1, 1, 2, 3, 1000].randomElement(using: &rng)! }
            }
        }
        func columns(_ n: Int) -> [Int]? {
            guard Int.random(in: 0..<3, using: &rng) == 0 else { return nil }
            return (0..<n).map { _ in Int.random(in: 0..<3, using: &rng) == 0 ? Int.random(in: 0...8, using: &rng) : -1 }
        }
        func inset() -> LayoutEdgeInsets {
            LayoutEdgeInsets(top: Double.random(in: 0...20, using: &rng).rounded(), left: Double.random(in: 0...20, using: &rng),
                             bottom: Double.random(in: 0...20, using: &rng), right: Double.random(in: 0...20, using: &rng))
        }
        let sections = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            var s = WaterfallSectionSpec(items: WaterfallPlacementTests.randomItems(&rng, few: 200, most: 1500))
            s.itemSpans = spans(s.items.count)
            s.itemColumns = columns(s.items.count)
            if Bool.random(using: &rng) { s.columnCount = count() }
            if Bool.random(using: &rng) { s.itemSpacing = [0, 4, 10.5][Int.random(in: 0..<3, using: &rng)] }
            if Bool.random(using: &rng) { s.columnSpacing = [0, 1, 3.25][Int.random(in: 0..<3, using: &rng)] }
            if Bool.random(using: &rng) { s.sectionInset = inset() }
            if Bool.random(using: &rng) { s.headerHeight = Double.random(in: 0...60, using: &rng).rounded() }
            if Bool.random(using: &rng) { s.footerHeight = Double.random(in: 0...60, using: &rng) }
            return s
        }
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: Double.random(in: 100...3000, using: &rng),
                                                                  height: Double.random(in: 100...3000, using: &rng)),
                                       sections: sections)
        spec.columnCount = count()
        spec.columnSpacing = [0, 10, 0.5][Int.random(in: 0..<3, using: &rng)]
        spec.itemSpacing = [0, 10, 7.75][Int.random(in: 0..<3, using: &rng)]
        if Bool.random(using: &rng) { spec.sectionInset = inset() }
        if Bool.random(using: &rng) { spec.headerHeight = Double.random(in: 0...60, using: &rng).rounded() }
        if Bool.random(using: &rng) { spec.footerHeight = 12 }
        if Bool.random(using: &rng) { spec.scrollDirection = .horizontal }
        if Int.random(in: 0..<3, using: &rng) == 0 { spec.placement = .roundRobin }
        if Bool.random(using: &rng) { spec.layoutDirection = .rightToLeft }
        if Int.random(in: 0..<3, using: &rng) == 0 {
            spec.chrome.decorations = [DecorationSpec(kind: "background", inset: LayoutEdgeInsets(top: 0, left: 3, bottom: 0, right: 9))]
        }
        return spec
    }

    @Test(arguments: 0..<8)
    func framesAndContentSizeMatchTheRules(batch: Int) {
        var rng = SeededRandom(seed: 0x5ba0_0000 + UInt64(batch))
        for _ in 0..<20 {
            let spec = Self.random(&rng)
            let layout = PreparedWaterfallLayout(spec)
            let (frames, length) = Self.reference(spec)
            let size = layout.contentSize
            #expect((spec.scrollDirection == .vertical ? size.height : size.width) == length)
            for (s, section) in frames.enumerated() {
                #expect(layout.numberOfItems(inSection: s) == section.count)
                let wrong = section.indices.filter {
                    layout.attributesForItem(at: LayoutIndexPath(section: s, item: $0), offset: .zero)?.frame != section[$0]
                }
                let first = wrong.first.map { "item \($0): \(section[$0]) is \(String(describing: layout.attributesForItem(at: LayoutIndexPath(section: s, item: $0), offset: .zero)?.frame))" } ?? ""
                #expect(wrong.isEmpty, "section \(s): \(wrong.count) of \(section.count) frames differ, \(first)")
            }
        }
    }

    /// Every rect query (and the unpinned one tiles make) equals a brute-force scan of every element's frame.
    @Test(arguments: 0..<6)
    func rectQueriesMatchAScanOfEveryFrame(batch: Int) {
        var rng = SeededRandom(seed: 0x5ba1_0000 + UInt64(batch))
        for _ in 0..<12 {
            var spec = Self.random(&rng)
            spec.chrome.pinHeaders = Bool.random(using: &rng)
            let layout = PreparedWaterfallLayout(spec)
            let size = layout.contentSize
            for _ in 0..<40 {
                let x = Double.random(in: -50...(size.width + 50), using: &rng)
                let y = Double.random(in: -50...(size.height + 50), using: &rng)
                let rect = LayoutRect(x: x, y: y, width: Double.random(in: 0...900, using: &rng),
                                      height: Double.random(in: 0...900, using: &rng))
                let offset = RandomSpecs.offset(&rng, over: size)
                let indexed = ElementOracle.indexed(layout, rect, offset: offset)
                let brute = ElementOracle.query(layout, rect, offset: offset)
                #expect(indexed == brute, "\(rect) at \(offset): \(indexed.count) elements, \(brute.count) by a scan")
            }
        }
    }

    /// `placedColumn(at:)` is each item's first column, counted from the leading edge (the right when mirrored).
    @Test func placedColumnsAreTheLeadingColumnsOfTheWindows() {
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 320, height: 480), sections: [
            WaterfallSectionSpec(items: .lengths([100, 50, 80, 60, 40])),
        ])
        spec.columnCount = 3
        spec.sections[0].itemSpans = [1, 1, 1, 2, 1]
        spec.layoutDirection = .rightToLeft
        let layout = PreparedWaterfallLayout(spec)
        #expect((0..<5).map { layout.placedColumn(at: LayoutIndexPath(section: 0, item: $0)) } == [0, 1, 2, 1, 0])
        #expect(layout.placedColumn(at: LayoutIndexPath(section: 0, item: 5)) == nil)
        // Column 0 at the right: x 220; the span of 2 over columns 1 and 2 at the left, 210 wide.
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 0), offset: .zero)?.frame
                == LayoutRect(x: 220, y: 0, width: 100, height: 100))
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 3), offset: .zero)?.frame
                == LayoutRect(x: 0, y: 90, width: 210, height: 60))
    }
}
