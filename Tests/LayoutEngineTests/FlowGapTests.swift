import LayoutEngine
import TestSupport
import Testing

/// Flow layouts queried by thin rects across every line, in the gaps between items: uniform sections at every
/// place along the lines (between columns, on their edges, past the insets), with each last-line alignment, both
/// directions and right to left, equal the elements looked up one by one (`ElementOracle`; a rect no full line's
/// column meets looks at the last line alone); lines of varied items that a rect crosses without meeting any count
/// as looked at (`limit`).
@Suite struct FlowGapTests {
    @Test func stripsAcrossEveryLineEqualTheLookUps() {
        for lastLine in LastLineAlignment.allCases {
            for lines in LineAlignment.allCases {
                for (direction, layoutDirection) in [(ScrollDirection.vertical, LayoutDirection.leftToRight),
                                                     (.horizontal, .leftToRight), (.vertical, .rightToLeft)] {
                    var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 390),
                                              sections: [FlowSectionSpec(items: .count(3 * 40 + 1)),
                                                         FlowSectionSpec(items: .count(2))])
                    spec.itemSize = LayoutSize(width: 100, height: 30)
                    spec.minimumInteritemSpacing = 20
                    spec.sectionInset = LayoutEdgeInsets(top: 5, left: 15, bottom: 5, right: 15)
                    spec.alignment = FlowAlignment(lines: lines, lastLine: lastLine)
                    spec.scrollDirection = direction
                    spec.layoutDirection = layoutDirection
                    let layout = PreparedFlowLayout(spec)
                    let reference = ElementOracle.all(layout)
                    let across = direction == .vertical ? layout.contentSize.width : layout.contentSize.height
                    let along = direction == .vertical ? layout.contentSize.height : layout.contentSize.width
                    for u in stride(from: -5.0, through: across + 5, by: 2.5) {
                        for width in [0.0, 1, 4] {
                            let rect = direction == .vertical
                                ? LayoutRect(x: u, y: 0, width: width, height: along)
                                : LayoutRect(x: 0, y: u, width: along, height: width)
                            var found: [LayoutAttributes] = []
                            #expect(layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &found))
                            let expected = reference.filter { $0.frame.intersects(rect) }
                            #expect(found == expected, "\(lines) \(lastLine) \(direction) \(layoutDirection) \(rect)")
                        }
                    }
                }
            }
        }
    }

    /// 3,000 items of varied sizes, each alone on its line (centred), and a strip beside them all: the query looks
    /// at the lines it crosses, stops past its limit, and gives every item the strip meets when it reaches them.
    @Test func linesCrossedWithoutAnItemCountAsLookedAt() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            FlowSectionSpec(items: .sizes((0..<3000).map { LayoutSize(width: Double(200 + $0 % 2), height: 10) })),
        ])
        spec.minimumInteritemSpacing = 10
        let layout = PreparedFlowLayout(spec)
        let strip = LayoutRect(x: 320, y: 0, width: 60, height: layout.contentSize.height)
        var out: [LayoutAttributes] = []
        #expect(!layout.elements(in: strip, offset: .zero, limit: 100, into: &out) && out.isEmpty)
        #expect(layout.elements(in: strip, offset: .zero, limit: 3000, into: &out) && out.isEmpty)
        // A strip through every item: an item a line, each looked at.
        let through = LayoutRect(x: 150, y: 0, width: 1, height: layout.contentSize.height)
        #expect(!layout.elements(in: through, offset: .zero, limit: 100, into: &out) && out.count == 100)
        out = []
        #expect(layout.elements(in: through, offset: .zero, limit: 3000, into: &out))
        #expect(out.map(\.indexPath.item) == Array(0..<3000))
    }
}
