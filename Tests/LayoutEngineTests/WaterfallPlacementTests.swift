import LayoutEngine
import TestSupport
import Testing

/// Waterfall placement against a plain one: every column scanned for each item, the first strictly shortest kept.
@Suite struct WaterfallPlacementTests {
    /// The frames of every section's cells and the content's length in the scroll direction, placed one by one.
    static func reference(_ spec: WaterfallLayoutSpec) -> (frames: [[LayoutRect]], length: Double) {
        let vertical = spec.scrollDirection == .vertical
        let viewU = vertical ? spec.collectionView.width : spec.collectionView.height
        var frames: [[LayoutRect]] = []
        var v = 0.0
        for s in spec.sections {
            guard case .fixed(let columns) = s.columnCount ?? spec.columnCount else { preconditionFailure("the reference takes fixed counts") }
            let spacing = s.columnSpacing ?? spec.columnSpacing
            let itemSpacing = s.itemSpacing ?? spec.itemSpacing
            let inset = s.sectionInset ?? spec.sectionInset
            let (before, after) = vertical ? (inset.left, inset.right) : (inset.top, inset.bottom)
            let (insetBefore, insetAfter) = vertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
            let width = max(0, (viewU - before - after - Double(columns - 1) * spacing) / Double(columns))
            let top = v + (s.headerHeight ?? spec.headerHeight) + insetBefore
            var bottoms = [Double](repeating: top, count: columns)
            var filled = [Bool](repeating: false, count: columns)
            var section: [LayoutRect] = []
            for i in 0..<s.items.count {
                let length: Double
                switch s.items {
                case .lengths(let l): length = l[i]
                case .sizes(let z):
                    length = (vertical ? z[i].height : z[i].width) * width / (vertical ? z[i].width : z[i].height)
                }
                var column = 0
                if spec.placement == .roundRobin {
                    column = i % columns
                } else {
                    for c in 0..<columns where bottoms[c] < bottoms[column] { column = c }
                }
                let start = bottoms[column] + (filled[column] ? itemSpacing : 0)
                bottoms[column] = start + length
                filled[column] = true
                let u = before + Double(column) * (width + spacing)
                section.append(vertical ? LayoutRect(x: u, y: start, width: width, height: length)
                                   : LayoutRect(x: start, y: u, width: length, height: width))
            }
            frames.append(section)
            let end = s.items.count > 0 ? bottoms.max()! : top
            v = end + insetAfter + (s.footerHeight ?? spec.footerHeight)
        }
        return (frames, v)
    }

    /// A random waterfall: 1 to 2,000 columns (past the spec limit: placement does not depend on it), lengths
    /// from a few values (many equal, so columns tie) or random, insets, headers, footers, sections overriding the
    /// layout's fields, both directions and placements.
    static func random(_ rng: inout SeededRandom) -> WaterfallLayoutSpec {
        func columns() -> Int {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: Int.random(in: 1...3, using: &rng)
            case 1: Int.random(in: 4...40, using: &rng)
            case 2: Int.random(in: 41...2000, using: &rng)
            default: [1, 2, 1023, 1024, 2000].randomElement(using: &rng)!
            }
        }
        func inset() -> LayoutEdgeInsets {
            LayoutEdgeInsets(top: Double.random(in: 0...20, using: &rng).rounded(), left: Double.random(in: 0...20, using: &rng),
                             bottom: Double.random(in: 0...20, using: &rng), right: Double.random(in: 0...20, using: &rng))
        }
        let sections = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
            var s = WaterfallSectionSpec(items: Self.randomItems(&rng, few: 300, most: 3000))
            if Bool.random(using: &rng) { s.columnCount = .fixed(columns()) }
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
        spec.columnCount = .fixed(columns())
        spec.columnSpacing = [0, 10, 0.5][Int.random(in: 0..<3, using: &rng)]
        spec.itemSpacing = [0, 10, 7.75][Int.random(in: 0..<3, using: &rng)]
        if Bool.random(using: &rng) { spec.sectionInset = inset() }
        if Bool.random(using: &rng) { spec.headerHeight = Double.random(in: 0...60, using: &rng).rounded() }
        if Bool.random(using: &rng) { spec.footerHeight = 12 }
        if Bool.random(using: &rng) { spec.scrollDirection = .horizontal }
        if Int.random(in: 0..<4, using: &rng) == 0 { spec.placement = .roundRobin }
        return spec
    }

    @Test(arguments: 0..<6)
    func placementMatchesAScanOfEveryColumn(batch: Int) {
        var rng = SeededRandom(seed: 0x3a7e_0000 + UInt64(batch))
        for _ in 0..<25 {
            let spec = Self.random(&rng)
            let layout = PreparedWaterfallLayout(spec)
            let (frames, length) = Self.reference(spec)
            let size = layout.contentSize
            #expect((spec.scrollDirection == .vertical ? size.height : size.width) == length, "\(spec.sections.count)")
            for (s, section) in frames.enumerated() {
                #expect(layout.numberOfItems(inSection: s) == section.count)
                let wrong = section.indices.filter {
                    layout.attributesForItem(at: LayoutIndexPath(section: s, item: $0), offset: .zero)?.frame != section[$0]
                }
                let first = wrong.first.map { "item \($0): \(section[$0])" } ?? ""
                let columns = spec.sections[s].columnCount ?? spec.columnCount
                #expect(wrong.isEmpty, "section \(s): \(wrong.count) of \(section.count) frames differ, \(first), \(columns) columns")
            }
        }
    }

    /// Equal lengths in many columns: every row of items ties across all of them, and goes left to right.
    @Test func equalLengthsFillRowsLeftToRight() {
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 1024 * 11 - 1, height: 800), sections: [
            WaterfallSectionSpec(items: .lengths(Array(repeating: 20, count: 3000))),
        ])
        spec.columnCount = 1024
        spec.columnSpacing = 1
        let layout = PreparedWaterfallLayout(spec)
        for i in [0, 1, 1023, 1024, 2047, 2048, 2999] {
            let f = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: i), offset: .zero)?.frame
            #expect(f == LayoutRect(x: Double(i % 1024) * 11, y: Double(i / 1024) * 30, width: 10, height: 20), "\(i)")
        }
        #expect(layout.contentSize.height == 3 * 20 + 2 * 10)
    }
}

extension WaterfallPlacementTests {
    /// The items of a random waterfall section: none, one, five, up to `few`, or `few` to `most`; of one length, of a
    /// few lengths, of any length, or of aspect ratios (sizes).
    static func randomItems(_ rng: inout SeededRandom, few: Int, most: Int) -> WaterfallItems {
        let n = [0, 1, 5, Int.random(in: 0...few, using: &rng), Int.random(in: few...most, using: &rng)]
            .randomElement(using: &rng)!
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .lengths(Array(repeating: [0, 10, 44][Int.random(in: 0..<3, using: &rng)], count: n))
        case 1: return .lengths((0..<n).map { _ in [0, 10, 20, 30][Int.random(in: 0..<4, using: &rng)] })
        case 2: return .lengths((0..<n).map { _ in Double.random(in: 0...300, using: &rng) })
        default:
            return .sizes((0..<n).map { _ in
                LayoutSize(width: Double.random(in: 1...200, using: &rng).rounded(),
                           height: Double.random(in: 1...300, using: &rng).rounded())
            })
        }
    }
}
