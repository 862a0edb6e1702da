import LayoutEngine
import Testing

/// Small hand-checked layouts; the comment beside each number says where it comes from.
@Suite struct FlowLayoutTests {
    func frames(_ layout: any PreparedLayout) -> [LayoutRect] {
        var out: [LayoutAttributes] = []
        _ = layout.elements(in: LayoutRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9), offset: .zero, limit: 100_000,
                            into: &out)
        return out.map(\.frame)
    }

    @Test func justifiedRowsAndALeftAlignedLastRow() {
        // width 300, sizes 80, 100, 60 | 90: avail 300; 80+10+100 = 190, +10+60 = 260 <= 300; +10+90 > 300.
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [
            FlowSectionSpec(items: .sizes([LayoutSize(width: 80, height: 20), LayoutSize(width: 100, height: 40),
                                           LayoutSize(width: 60, height: 30), LayoutSize(width: 90, height: 10)])),
        ])
        spec.minimumInteritemSpacing = 10
        spec.minimumLineSpacing = 5
        let f = frames(PreparedFlowLayout(spec))
        // Leftover 300 - 240 = 60 shared by 2 gaps: gap 30. Row height 40; items centred vertically.
        #expect(f[0] == LayoutRect(x: 0, y: 10, width: 80, height: 20))
        #expect(f[1] == LayoutRect(x: 110, y: 0, width: 100, height: 40))
        #expect(f[2] == LayoutRect(x: 240, y: 5, width: 60, height: 30))
        // Last row (varied sizes): left-aligned at y = 40 + 5.
        #expect(f[3] == LayoutRect(x: 0, y: 45, width: 90, height: 10))
        #expect(PreparedFlowLayout(spec).contentSize == LayoutSize(width: 300, height: 55))
    }

    @Test func horizontalScrollingFillsColumnsTopToBottom() {
        // height 100, items 40x30, spacing 10: a column holds 2 (40+10+40 = 90 <= 100), justified: y 0 and 60.
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 200, height: 100), sections: [
            FlowSectionSpec(items: .count(3)),
        ])
        spec.scrollDirection = .horizontal
        spec.itemSize = LayoutSize(width: 30, height: 40)
        spec.headerReferenceSize = LayoutSize(width: 15, height: 999)  // only the width counts
        let f = frames(PreparedFlowLayout(spec))
        #expect(f[0] == LayoutRect(x: 0, y: 0, width: 15, height: 100))  // header: full height
        #expect(f[1] == LayoutRect(x: 15, y: 0, width: 30, height: 40))
        #expect(f[2] == LayoutRect(x: 15, y: 60, width: 30, height: 40))
        #expect(f[3] == LayoutRect(x: 55, y: 0, width: 30, height: 40))  // 15 + 30 + line spacing 10
        #expect(PreparedFlowLayout(spec).contentSize == LayoutSize(width: 85, height: 100))
    }

    @Test func theLimitStopsALargeQuery() {
        let spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                  sections: [FlowSectionSpec(items: .count(10_000))])
        let layout = PreparedFlowLayout(spec)
        var out: [LayoutAttributes] = []
        #expect(!layout.elements(in: LayoutRect(x: 0, y: 0, width: 390, height: 1e9), offset: .zero, limit: 100,
                                 into: &out))
        #expect(out.count > 100 && out.count < 200)
        out = []
        #expect(layout.elements(in: LayoutRect(x: 0, y: 0, width: 390, height: 844), offset: .zero, limit: 100,
                                into: &out))
    }

    /// The limit holds per element: a million zero-width items all sit on one line (found by schemathesis).
    @Test func theLimitHoldsWithinALine() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            FlowSectionSpec(items: .count(1_000_000), itemSize: LayoutSize(width: 0, height: 10)),
            FlowSectionSpec(items: .sizes((0..<200_000).map { LayoutSize(width: 0, height: Double($0 % 7 + 1)) })),
        ])
        spec.minimumInteritemSpacing = 0
        let layout = PreparedFlowLayout(spec)
        // Section 0: one line of 1M items (y 0...10); section 1: one line of 200k items (y 10...17).
        for rect in [LayoutRect(x: 0, y: 0, width: 390, height: 5), LayoutRect(x: 0, y: 11, width: 390, height: 5)] {
            var out: [LayoutAttributes] = []
            #expect(!layout.elements(in: rect, offset: .zero, limit: 100, into: &out))
            #expect(out.count <= 101)
        }
        // A thin rect that meets none of a line's short items still stops at the limit of items looked at.
        var none: [LayoutAttributes] = []
        #expect(!layout.elements(in: LayoutRect(x: 0, y: 10.2, width: 390, height: 0.1), offset: .zero, limit: 100, into: &none))
    }

    @Test func uniformSectionsStoreNothingPerItem() {
        let small = PreparedFlowLayout(FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                                      sections: [FlowSectionSpec(items: .count(10)),]))
        let large = PreparedFlowLayout(FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                                      sections: [FlowSectionSpec(items: .count(1_000_000))]))
        #expect(small.byteCount == large.byteCount)
        #expect(large.numberOfItems == 1_000_000)
    }

    @Test func validationNamesTheField() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [
            FlowSectionSpec(items: .count(1)),
            FlowSectionSpec(items: .sizes([LayoutSize(width: 1, height: 1), LayoutSize(width: -1, height: 1)])),
        ])
        #expect(throws: LayoutError.invalidValue(path: [.key("sections"), .index(1), .key("itemSizes"), .index(1), .index(0)],
                                                 reason: "must be 0 or more")) {
            try spec.validate(limits: SpecLimits())
        }
        spec.sections[1].items = .count(3)
        #expect(throws: LayoutError.self) { try spec.validate(limits: SpecLimits(maxItems: 3)) }
        spec.minimumLineSpacing = .infinity
        #expect(throws: LayoutError.invalidValue(path: [.key("minimumLineSpacing")], reason: "must be a finite number")) {
            try spec.validate(limits: SpecLimits())
        }
    }

    @Test func degenerateSizesDoNotHang() {
        // Zero-width items with zero spacing all share one line; a negative available width puts each item alone.
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 100, height: 100), sections: [
            FlowSectionSpec(items: .count(1000), itemSize: LayoutSize(width: 0, height: 10)),
            FlowSectionSpec(items: .sizes([LayoutSize(width: 0, height: 1), LayoutSize(width: 0, height: 2)]),
                            sectionInset: LayoutEdgeInsets(top: 0, left: 80, bottom: 0, right: 80)),
        ])
        spec.minimumInteritemSpacing = 0
        let layout = PreparedFlowLayout(spec)
        // Section 0: one line of height 10. Section 1: available 100 - 160 = -60, so each item is alone on its
        // line: 1 + line spacing 10 + 2. Total 23.
        #expect(layout.contentSize.height == 23)
        #expect(frames(layout).count == 1002)
    }
}
