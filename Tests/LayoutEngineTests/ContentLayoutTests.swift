import LayoutEngine
import TestSupport
import Testing

/// Cells given as content, per kind, with a stand-in measurer whose lines are known (`FixedWidthMeasurer`: each
/// character 1 point wide). Frames are literal.
@Suite struct ContentLayoutTests {
    static let styles = [
        "title": TextStyle(family: "Inter", weight: 700, size: 17, lineHeight: 22),
        "body": TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20),
    ]

    /// A cell of one body block of `n` characters.
    static func body(_ n: Int, padding: LayoutEdgeInsets = .zero) -> CellContent {
        CellContent(padding: padding, blocks: [TextBlock(style: "body", text: String(repeating: "x", count: n))])
    }

    func cells(_ layout: any PreparedLayout) -> [LayoutRect] {
        var out: [LayoutAttributes] = []
        _ = layout.elements(in: LayoutRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), offset: .zero, limit: 100_000,
                            into: &out)
        return out.filter { $0.category == .cell }.map(\.frame)
    }

    func prepared(_ spec: LayoutSpec) throws -> any PreparedLayout {
        try spec.validate(limits: SpecLimits())
        return spec.prepare(measurer: FixedWidthMeasurer())
    }

    @Test func waterfallCellsAreTheColumnsWidth() throws {
        // Columns (390 - 10) / 2 = 190 wide.
        let media = CellContent(mediaAspectRatio: 1.9, spacing: 4,
                                blocks: [TextBlock(style: "title", text: String(repeating: "t", count: 10))])
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            WaterfallSectionSpec(items: .lengths([0, 0, 0]))
        ])
        spec.sections[0].contents = [Self.body(380), media, Self.body(190)]
        spec.textStyles = Self.styles
        let layout = try prepared(.waterfall(spec))
        #expect(cells(layout) == [
            LayoutRect(x: 0, y: 0, width: 190, height: 40),  // 380 characters: 2 lines of 20
            LayoutRect(x: 200, y: 0, width: 190, height: 126),  // media 190 / 1.9 = 100, spacing 4, 1 title line 22
            LayoutRect(x: 0, y: 50, width: 190, height: 20),  // under the shorter column: 40 + spacing 10
        ])
        #expect(layout.contentSize == LayoutSize(width: 390, height: 126))
        #expect(layout.spec == .waterfall(spec))  // the spec as given: updates start from it
    }

    @Test func spanningWaterfallCellsAreMeasuredAtTheirSpansWidth() throws {
        // Three columns (390 - 2 x 10) / 3 wide: 123.33...; a span of 2 is 2 x 123.33 + 10 = 256.67 wide, a span
        // past the count the full 390.
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            WaterfallSectionSpec(items: .lengths([0, 0, 0]))
        ])
        spec.columnCount = 3
        spec.sections[0].contents = [Self.body(390), Self.body(390), Self.body(390)]
        spec.sections[0].itemSpans = [1, 2, 7]
        spec.textStyles = Self.styles
        let layout = try prepared(.waterfall(spec))
        let column = (390.0 - 20) / 3
        #expect(cells(layout) == [
            LayoutRect(x: 0, y: 0, width: column, height: 80),  // 390 characters at 123.33: 4 lines
            LayoutRect(x: column + 10, y: 0, width: 2 * column + 10, height: 40),  // at 256.67: 2 lines
            LayoutRect(x: 0, y: 90, width: 390, height: 20),  // at 390: 1 line, under the tallest column
        ])
    }

    @Test func flowCellsAreTheItemWidthOrTheLines() throws {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            FlowSectionSpec(items: .count(2)), FlowSectionSpec(items: .count(1)),
        ])
        spec.sections[0].contents = [Self.body(360), Self.body(180)]
        spec.sections[0].itemWidth = 180
        spec.sections[1].contents = [Self.body(780, padding: LayoutEdgeInsets(top: 5, left: 0, bottom: 5, right: 0))]
        spec.sectionInset = LayoutEdgeInsets(top: 0, left: 0, bottom: 10, right: 0)
        spec.textStyles = Self.styles
        let layout = try prepared(.flow(spec))
        #expect(cells(layout) == [
            LayoutRect(x: 0, y: 0, width: 180, height: 40),  // 360 characters at 180: 2 lines
            LayoutRect(x: 180 + 10, y: 10, width: 180, height: 20),  // centred on the 40 line; spacing 10
            LayoutRect(x: 0, y: 50, width: 390, height: 50),  // the line's width: 780 / 390 = 2 lines + padding 10
        ])
        #expect(layout.spec == .flow(spec))
    }

    @Test func listRowsAreTheRowsWidth() throws {
        var list = ListConfiguration(collectionView: LayoutSize(width: 390, height: 844), sections: [.count(2)])
        let padding = LayoutEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        list.contents = [[Self.body(740, padding: padding), Self.body(370, padding: padding)]]
        list.textStyles = Self.styles
        let layout = try prepared(.compositional(list.compositional()))
        #expect(cells(layout) == [
            LayoutRect(x: 0, y: 0, width: 390, height: 60),  // a 370 box: 2 lines of 20, padding 20
            LayoutRect(x: 0, y: 60, width: 390, height: 40),  // 1 line, padding 20
        ])
    }

    @Test func compositionalItemsTakeTheirContentsHeightAtTheirWidth() throws {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(0.5), height: .estimated(50)),
                                     contentInsets: DirectionalInsets(top: 2, leading: 0, bottom: 3, trailing: 5))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(50)),
                                       subitems: [.item(item)])
        var spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            CompositionalSectionSpec(items: .count(3), contents: [Self.body(190), Self.body(380), Self.body(570)])
        ], defaultSection: CompositionalSection(group: group))
        spec.textStyles = Self.styles
        let layout = try prepared(.compositional(spec))
        // Items 195 wide, cells inside their insets 190 wide.
        #expect(cells(layout) == [
            LayoutRect(x: 0, y: 2, width: 190, height: 20),  // 1 line
            LayoutRect(x: 195, y: 2, width: 190, height: 40),  // 2 lines; the group is 2 + 40 + 3 = 45 tall
            LayoutRect(x: 0, y: 45 + 2, width: 190, height: 60),  // 3 lines
        ])
        #expect(layout.contentSize.height == 45 + 65)
    }

    /// A group of `count` items sets their widths (each 390 / 2 = 195 here, whatever the item's own width says):
    /// the content is measured at that width.
    @Test func compositionalItemsOfACountedGroupTakeTheirContentsHeightAtTheGroupsWidth() throws {
        let item = CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(50)))
        let group = CompositionalGroup(axis: .horizontal,
                                       size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(50)),
                                       subitems: [.item(item)], count: 2)
        var spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            CompositionalSectionSpec(items: .count(2), contents: [Self.body(390), Self.body(195)])
        ], defaultSection: CompositionalSection(group: group))
        spec.textStyles = Self.styles
        let layout = try prepared(.compositional(spec))
        #expect(cells(layout) == [
            LayoutRect(x: 0, y: 0, width: 195, height: 40),  // 2 lines
            LayoutRect(x: 195, y: 0, width: 195, height: 20),  // 1 line
        ])
    }

    @Test func withoutAMeasurerContentKeepsTheEstimates() throws {
        var list = ListConfiguration(collectionView: LayoutSize(width: 390, height: 844), sections: [.count(1)])
        list.contents = [[Self.body(740)]]
        list.textStyles = Self.styles
        let spec = LayoutSpec.compositional(list.compositional())
        #expect(cells(spec.prepare(measurer: nil)) == [LayoutRect(x: 0, y: 0, width: 390, height: 44)])
    }
}
