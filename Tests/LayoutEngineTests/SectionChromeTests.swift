import LayoutEngine
import TestSupport
import Testing

/// Pinned headers and footers, decoration views, alignment and right-to-left, on flow (and waterfall) layouts.
@Suite struct SectionChromeTests {
    func flow(_ sections: [FlowSectionSpec], _ configure: (inout FlowLayoutSpec) -> Void = { _ in }) -> PreparedFlowLayout {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: sections)
        spec.itemSize = LayoutSize(width: 80, height: 50)
        configure(&spec)
        return PreparedFlowLayout(spec)
    }

    @Test func pinnedHeaderSticksThenIsPushedAway() {
        // Two sections, each: header 40, 4 items of 80 x 50 in rows of 3 (2 rows: 50 + 10 + 50), footer 20.
        // Section 0 spans 0..170 (header 0..40, rows 40..150, footer 150..170); section 1 starts at 170.
        let layout = flow([FlowSectionSpec(items: .count(4)), FlowSectionSpec(items: .count(4))]) {
            $0.headerReferenceSize = LayoutSize(width: 0, height: 40)
            $0.footerReferenceSize = LayoutSize(width: 0, height: 20)
            $0.chrome.pinHeaders = true
        }
        func headerY(_ section: Int, _ offsetY: Double) -> Double? {
            layout.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: section, item: 0),
                                                  offset: LayoutPoint(x: 0, y: offsetY))?.frame.y
        }
        #expect(headerY(0, 0) == 0)
        #expect(headerY(0, 60) == 60)  // sticks to the top of the visible bounds
        #expect(headerY(0, 140) == 110)  // pushed up: its section's content ends at 150 (footer start) - 40
        #expect(headerY(1, 60) == 170)  // not reached yet: at its own place
        #expect(headerY(1, 200) == 200)
        #expect(layout.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: 0, item: 0),
                                                      offset: .zero)?.zIndex == 1)
        #expect(layout.isBoundsDependent)
    }

    @Test func pinnedFooterSticksToTheBottom() {
        // One section: 12 items in 4 rows (40 + 3 x 60 = 230 + footer 20 = 250 tall); view 400 tall.
        let layout = flow([FlowSectionSpec(items: .count(12))]) {
            $0.footerReferenceSize = LayoutSize(width: 0, height: 20)
            $0.chrome.pinFooters = true
            $0.collectionView = LayoutSize(width: 300, height: 100)
        }
        func footerY(_ offsetY: Double) -> Double? {
            layout.attributesForSupplementaryView(ofKind: "footer", at: LayoutIndexPath(section: 0, item: 0),
                                                  offset: LayoutPoint(x: 0, y: offsetY))?.frame.y
        }
        #expect(footerY(0) == 80)  // visible bottom 100 - 20
        #expect(footerY(50) == 130)
        #expect(footerY(200) == 230)  // its own place once reached
    }

    /// A pinned header never leaves its section, and follows the offset while it can.
    @Test func pinnedHeadersStayInTheirSections() {
        var rng = SeededRandom(seed: 44)
        for _ in 0..<60 {
            var spec = RandomSpecs.flow(&rng)
            spec.headerReferenceSize = LayoutSize(width: 30, height: 30)
            spec.chrome.pinHeaders = true
            var natural = spec
            natural.chrome.pinHeaders = false
            let pinned = PreparedFlowLayout(spec)
            let fixed = PreparedFlowLayout(natural)
            for _ in 0..<20 {
                let offset = RandomSpecs.offset(&rng, over: pinned.contentSize)
                for s in 0..<pinned.numberOfSections {
                    let path = LayoutIndexPath(section: s, item: 0)
                    guard let h = pinned.attributesForSupplementaryView(ofKind: "header", at: path, offset: offset),
                          let home = fixed.attributesForSupplementaryView(ofKind: "header", at: path, offset: offset)
                    else { continue }
                    let vertical = spec.scrollDirection == .vertical
                    let (start, pos, len, at) = vertical ? (home.frame.y, h.frame.y, h.frame.height, offset.y)
                                                         : (home.frame.x, h.frame.x, h.frame.width, offset.x)
                    let sectionEnd = sectionContentEnd(fixed, s, vertical)
                    #expect(pos >= start - 1e-9)
                    #expect(pos + len <= max(sectionEnd, start + len) + 1e-9)
                    if at >= start && at + len <= sectionEnd { #expect(abs(pos - at) < 1e-9) }
                }
            }
        }
    }

    /// Where a section's footer starts (its content's end), from the footer or the next section.
    func sectionContentEnd(_ layout: PreparedFlowLayout, _ s: Int, _ vertical: Bool) -> Double {
        let path = LayoutIndexPath(section: s, item: 0)
        if let f = layout.attributesForSupplementaryView(ofKind: "footer", at: path, offset: .zero) {
            return vertical ? f.frame.y : f.frame.x
        }
        if s + 1 < layout.numberOfSections,
            let next = layout.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: s + 1, item: 0),
                                                             offset: .zero) {
            return vertical ? next.frame.y : next.frame.x
        }
        return vertical ? layout.contentSize.height : layout.contentSize.width
    }

    @Test func decorationFrames() {
        // Header 0..40; two rows 40..150 with insets top 5 and bottom 5: content 40..160; footer 160..180.
        let layout = flow([FlowSectionSpec(items: .count(4))]) {
            $0.headerReferenceSize = LayoutSize(width: 0, height: 40)
            $0.footerReferenceSize = LayoutSize(width: 0, height: 20)
            $0.sectionInset = LayoutEdgeInsets(top: 5, left: 0, bottom: 5, right: 0)
            $0.chrome.decorations = [
                DecorationSpec(kind: "background", inset: LayoutEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)),
                DecorationSpec(kind: "card", zIndex: 3, includeHeader: true, includeFooter: true),
            ]
        }
        let path = LayoutIndexPath(section: 0, item: 0)
        let background = layout.attributesForDecorationView(ofKind: "background", at: path, offset: .zero)
        #expect(background?.frame == LayoutRect(x: 2, y: 41, width: 294, height: 116))  // 40+1 .. 160-3, 2 .. 300-4
        #expect(background?.zIndex == -1 && background?.category == .decoration)
        #expect(layout.attributesForDecorationView(ofKind: "card", at: path, offset: .zero)?.frame
                == LayoutRect(x: 0, y: 0, width: 300, height: 180))
        #expect(layout.attributesForDecorationView(ofKind: "nope", at: path, offset: .zero) == nil)
        // In a rect answer they come last in their section.
        let answer = ElementOracle.indexed(layout, LayoutRect(x: 0, y: 0, width: 300, height: 400))
        #expect(answer.suffix(2).map(\.kind) == ["background", "card"])
    }

    @Test func rowAlignments() {
        // Items 80 wide, spacing 10, width 300: 3 per row (260), leftover 40.
        func xs(_ lines: LineAlignment, _ last: LastLineAlignment = .auto, sizes: Bool = false) -> [Double] {
            let items: FlowItems = sizes
                ? .sizes([LayoutSize(width: 80, height: 50), LayoutSize(width: 80, height: 50), LayoutSize(width: 80, height: 50),
                          LayoutSize(width: 80, height: 50), LayoutSize(width: 80, height: 40)])
                : .count(5)
            return ElementOracle.all(flow([FlowSectionSpec(items: items)]) {
                $0.alignment = FlowAlignment(lines: lines, lastLine: last)
            }).map(\.frame.x)
        }
        #expect(xs(.justified) == [0, 110, 220, 0, 110])  // UIKit: last row on the grid's columns
        #expect(xs(.leading) == [0, 90, 180, 0, 90])
        #expect(xs(.center) == [20, 110, 200, 65, 155])  // (300 - 260) / 2; last row (300 - 170) / 2
        #expect(xs(.trailing) == [40, 130, 220, 130, 220])
        #expect(xs(.justified, .trailing) == [0, 110, 220, 130, 220])
        #expect(xs(.justified, sizes: true) == [0, 110, 220, 0, 90])  // varied sizes: last row leading (7b)
        #expect(xs(.justified, .center, sizes: true) == [0, 110, 220, 65, 155])
    }

    @Test func itemAlignmentAcrossALine() {
        let items = FlowItems.sizes([LayoutSize(width: 80, height: 50), LayoutSize(width: 80, height: 20)])
        func y(_ a: ItemAlignment) -> Double {
            ElementOracle.all(flow([FlowSectionSpec(items: items)]) { $0.alignment.items = a })[1].frame.y
        }
        #expect(y(.center) == 15)
        #expect(y(.leading) == 0)
        #expect(y(.trailing) == 30)
    }

    /// Right to left is left to right mirrored across the content's width.
    @Test func rightToLeftMirrors() {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<60 {
            var spec = RandomSpecs.flowWithOptions(&rng)
            spec.layoutDirection = .leftToRight
            let ltr = PreparedFlowLayout(spec)
            spec.layoutDirection = .rightToLeft
            let rtl = PreparedFlowLayout(spec)
            let w = ltr.contentSize.width
            let offset = RandomSpecs.offset(&rng, over: ltr.contentSize)
            let mirroredOffset = LayoutPoint(x: w - offset.x - spec.collectionView.width, y: offset.y)
            let expected = ElementOracle.all(ltr, offset: mirroredOffset).map { a -> LayoutAttributes in
                var m = a
                m.frame.x = w - a.frame.x - a.frame.width
                return m
            }
            #expect(ElementOracle.all(rtl, offset: offset) == expected)
        }
    }

    /// Every option together, against the look-ups.
    @Test(arguments: 0..<6)
    func optionsMatchBruteForce(batch: Int) {
        var rng = SeededRandom(seed: UInt64(6000 + batch))
        for _ in 0..<20 {
            let spec = RandomSpecs.flowWithOptions(&rng)
            let layout = PreparedFlowLayout(spec)
            for _ in 0..<30 {
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                #expect(ElementOracle.indexed(layout, rect, offset: offset)
                        == ElementOracle.query(layout, rect, offset: offset))
            }
        }
    }
}
