import LayoutEngine
import TestSupport
import Testing

@Suite struct WaterfallLayoutTests {
    func cells(_ layout: any PreparedLayout) -> [LayoutRect] {
        ElementOracle.all(layout).filter { $0.category == .cell }.map(\.frame)
    }

    @Test func shortestColumnPlacement() {
        // 320 wide, 3 columns, spacing 10: column width (320 - 2 x 10) / 3 = 100, at x 0, 110, 220.
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 320, height: 480), sections: [
            WaterfallSectionSpec(items: .lengths([100, 50, 80, 60, 40])),
        ])
        spec.columnCount = 3
        spec.headerHeight = 30
        let layout = PreparedWaterfallLayout(spec)
        #expect(cells(layout) == [
            LayoutRect(x: 0, y: 30, width: 100, height: 100),  // columns start under the 30 pt header
            LayoutRect(x: 110, y: 30, width: 100, height: 50),
            LayoutRect(x: 220, y: 30, width: 100, height: 80),
            LayoutRect(x: 110, y: 90, width: 100, height: 60),  // shortest: column 1 (ends at 80) + spacing 10
            LayoutRect(x: 220, y: 120, width: 100, height: 40),  // shortest: column 2 (ends at 110) + 10
        ])
        #expect(layout.contentSize == LayoutSize(width: 320, height: 160))  // tallest column: 120 + 40
    }

    @Test func tiesGoLeftAndRoundRobinIgnoresHeights() {
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 210, height: 480), sections: [
            WaterfallSectionSpec(items: .lengths([50, 50, 10, 10])),
        ])
        // Two columns of 100: items 0 and 1 tie at the top (left first), then 2 and 3 tie again at 60.
        #expect(cells(PreparedWaterfallLayout(spec)).map(\.origin) == [
            LayoutPoint(x: 0, y: 0), LayoutPoint(x: 110, y: 0), LayoutPoint(x: 0, y: 60), LayoutPoint(x: 110, y: 60),
        ])
        spec.sections[0].items = .lengths([50, 10, 10, 10])
        spec.placement = .roundRobin
        // Item 2 goes to column 0 although column 1 is shorter.
        #expect(cells(PreparedWaterfallLayout(spec)).map(\.origin) == [
            LayoutPoint(x: 0, y: 0), LayoutPoint(x: 110, y: 0), LayoutPoint(x: 0, y: 60), LayoutPoint(x: 110, y: 20),
        ])
    }

    @Test func sizesScaleToTheColumnWidth() {
        // One column of 300 - 2 x 10 (insets) = 280; a 140 x 70 item keeps its 2:1 aspect: 280 x 140.
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 300, height: 480), sections: [
            WaterfallSectionSpec(items: .sizes([LayoutSize(width: 140, height: 70)])),
        ])
        spec.columnCount = 1
        spec.sectionInset = LayoutEdgeInsets(top: 5, left: 10, bottom: 5, right: 10)
        #expect(cells(PreparedWaterfallLayout(spec)) == [LayoutRect(x: 10, y: 5, width: 280, height: 140)])
        // Horizontal: columns are rows across the 300 pt height... of a 480 tall view here: (480 - 10 - 10) = 460
        // tall, so the item is 920 wide (2:1), starting after the left inset.
        spec.scrollDirection = .horizontal
        spec.sectionInset = LayoutEdgeInsets(top: 10, left: 5, bottom: 10, right: 5)
        #expect(cells(PreparedWaterfallLayout(spec)) == [LayoutRect(x: 5, y: 10, width: 920, height: 460)])
    }

    @Test(arguments: 0..<6)
    func randomWaterfalls(batch: Int) {
        var rng = SeededRandom(seed: UInt64(3000 + batch))
        for _ in 0..<20 {
            let spec = RandomSpecs.waterfall(&rng)
            let layout = PreparedWaterfallLayout(spec)
            let all = ElementOracle.all(layout)
            // Cells of one column never overlap, and everything lies inside the content.
            let vertical = spec.scrollDirection == .vertical
            for s in 0..<layout.numberOfSections {
                let cells = all.filter { $0.category == .cell && $0.indexPath.section == s }
                let byColumn = Dictionary(grouping: cells) { vertical ? $0.frame.x : $0.frame.y }
                for (_, column) in byColumn {
                    let spans = column.map { vertical ? ($0.frame.minY, $0.frame.maxY) : ($0.frame.minX, $0.frame.maxX) }
                        .sorted { $0.0 < $1.0 }
                    for (a, b) in zip(spans, spans.dropFirst()) { #expect(a.1 <= b.0 + 1e-9) }
                }
            }
            for e in all where e.category == .cell {
                #expect(e.frame.minX >= -1e-9 && e.frame.minY >= -1e-9)
                #expect(e.frame.maxX <= layout.contentSize.width + 1e-9 || !vertical)
                #expect(e.frame.maxY <= layout.contentSize.height + 1e-9 || vertical)
            }
            // Rect queries at random offsets against the look-ups.
            for _ in 0..<30 {
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                #expect(ElementOracle.indexed(layout, rect, offset: offset)
                        == ElementOracle.query(layout, rect, offset: offset))
            }
        }
    }
}

extension LayoutRect {
    var origin: LayoutPoint { LayoutPoint(x: x, y: y) }
}
