public import LayoutEngine

/// Seeded random flow specs covering both directions, overrides, varied and uniform sections, exact fits,
/// items wider than a line, empty sections, headers and footers.
public enum RandomSpecs {
    public static func flow(_ rng: inout SeededRandom, maxSections: Int = 5, maxItems: Int = 60) -> FlowLayoutSpec {
        let view = LayoutSize(width: rng.length(120...500), height: rng.length(200...900))
        var sections: [FlowSectionSpec] = []
        for _ in 0..<Int.random(in: 1...maxSections, using: &rng) {
            let n = Int.random(in: 0...maxItems, using: &rng)
            var section: FlowSectionSpec
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: section = FlowSectionSpec(items: .count(n))
            case 1:
                let s = LayoutSize(width: rng.length(5...160), height: rng.length(5...120))
                section = FlowSectionSpec(items: .sizes(Array(repeating: s, count: n)))
            default:
                section = FlowSectionSpec(items: .sizes((0..<n).map { _ in
                    LayoutSize(width: rng.length(1...(Bool.random(using: &rng) ? 200 : 600)), height: rng.length(1...150))
                }))
            }
            if Bool.random(using: &rng) { section.itemSize = LayoutSize(width: rng.length(1...200), height: rng.length(1...150)) }
            if Bool.random(using: &rng) { section.minimumLineSpacing = rng.length(0...30) }
            if Bool.random(using: &rng) { section.minimumInteritemSpacing = rng.length(0...30) }
            if Bool.random(using: &rng) {
                section.sectionInset = LayoutEdgeInsets(top: rng.length(0...40), left: rng.length(0...40),
                                                  bottom: rng.length(0...40), right: rng.length(0...40))
            }
            if Bool.random(using: &rng) { section.headerReferenceSize = LayoutSize(width: rng.length(0...80), height: rng.length(0...80)) }
            if Bool.random(using: &rng) { section.footerReferenceSize = LayoutSize(width: rng.length(0...80), height: rng.length(0...80)) }
            sections.append(section)
        }
        var spec = FlowLayoutSpec(collectionView: view, sections: sections)
        spec.scrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
        spec.itemSize = LayoutSize(width: rng.length(1...200), height: rng.length(1...150))
        spec.minimumLineSpacing = rng.length(0...20)
        spec.minimumInteritemSpacing = rng.length(0...20)
        if Bool.random(using: &rng) {
            spec.sectionInset = LayoutEdgeInsets(top: rng.length(0...30), left: rng.length(0...30),
                                           bottom: rng.length(0...30), right: rng.length(0...30))
        }
        if Bool.random(using: &rng) { spec.headerReferenceSize = LayoutSize(width: rng.length(0...60), height: rng.length(0...60)) }
        if Bool.random(using: &rng) { spec.footerReferenceSize = LayoutSize(width: rng.length(0...60), height: rng.length(0...60)) }
        return spec
    }

    /// A rect somewhere over (and sometimes beyond) `content`, from tiny to larger than the content.
    public static func rect(_ rng: inout SeededRandom, over content: LayoutSize) -> LayoutRect {
        let w = Double.random(in: 0...(max(content.width, 1) * 1.2), using: &rng)
        let h = Double.random(in: 0...(max(content.height, 1) * (Bool.random(using: &rng) ? 0.3 : 1.2)), using: &rng)
        return LayoutRect(x: Double.random(in: -50...(content.width + 50), using: &rng) - w / 2,
                    y: Double.random(in: -50...(content.height + 50), using: &rng) - h / 2,
                    width: w, height: h)
    }

    /// Every element of a prepared layout, via one unbounded rect query.
    public static func allElements(_ layout: any PreparedLayout) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        _ = layout.elements(in: LayoutRect(x: -1e12, y: -1e12, width: 4e12, height: 4e12), offset: .zero,
                            limit: .max - 1, into: &out)
        return out
    }
}

extension RandomSpecs {
    public static func decorations(_ rng: inout SeededRandom) -> [DecorationSpec] {
        var list: [DecorationSpec] = []
        if Bool.random(using: &rng) {
            list.append(DecorationSpec(kind: "background",
                                       inset: LayoutEdgeInsets(top: rng.length(0...10), left: rng.length(0...10),
                                                         bottom: rng.length(0...10), right: rng.length(0...10)),
                                       zIndex: -1, includeHeader: Bool.random(using: &rng),
                                       includeFooter: Bool.random(using: &rng)))
        }
        if Bool.random(using: &rng) { list.append(DecorationSpec(kind: "outline", zIndex: 2)) }
        return list
    }

    public static func chrome(_ rng: inout SeededRandom) -> SectionChromeSpec {
        SectionChromeSpec(pinHeaders: Bool.random(using: &rng), pinFooters: Bool.random(using: &rng),
                          decorations: decorations(&rng))
    }

    /// A flow spec with the options beyond UIKit switched on at random.
    public static func flowWithOptions(_ rng: inout SeededRandom) -> FlowLayoutSpec {
        var spec = flow(&rng)
        spec.alignment = FlowAlignment(lines: LineAlignment.allCases.randomElement(using: &rng)!,
                                       lastLine: LastLineAlignment.allCases.randomElement(using: &rng)!,
                                       items: ItemAlignment.allCases.randomElement(using: &rng)!)
        spec.layoutDirection = Bool.random(using: &rng) ? .rightToLeft : .leftToRight
        spec.chrome = chrome(&rng)
        for i in spec.sections.indices where Int.random(in: 0..<4, using: &rng) == 0 {
            spec.sections[i].decorations = decorations(&rng)
        }
        return spec
    }

    public static func waterfall(_ rng: inout SeededRandom, maxItems: Int = 80) -> WaterfallLayoutSpec {
        var sections: [WaterfallSectionSpec] = []
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            let n = Int.random(in: 0...maxItems, using: &rng)
            var s = WaterfallSectionSpec(items: Bool.random(using: &rng)
                ? .lengths((0..<n).map { _ in rng.length(0...200) })
                : .sizes((0..<n).map { _ in LayoutSize(width: rng.length(1...300), height: rng.length(1...300)) }))
            if Bool.random(using: &rng) { s.columnCount = .fixed(Int.random(in: 1...6, using: &rng)) }
            if Bool.random(using: &rng) { s.itemSpacing = rng.length(0...20) }
            if Bool.random(using: &rng) { s.headerHeight = rng.length(0...60) }
            if Bool.random(using: &rng) { s.footerHeight = rng.length(0...60) }
            if Bool.random(using: &rng) {
                s.sectionInset = LayoutEdgeInsets(top: rng.length(0...30), left: rng.length(0...30),
                                            bottom: rng.length(0...30), right: rng.length(0...30))
            }
            if Int.random(in: 0..<4, using: &rng) == 0 { s.decorations = decorations(&rng) }
            sections.append(s)
        }
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: rng.length(150...500), height: rng.length(200...900)),
                                       sections: sections)
        spec.scrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
        spec.columnCount = .fixed(Int.random(in: 1...5, using: &rng))
        spec.columnSpacing = rng.length(0...20)
        spec.itemSpacing = rng.length(0...20)
        spec.headerHeight = rng.length(0...50)
        spec.footerHeight = rng.length(0...50)
        spec.placement = Bool.random(using: &rng) ? .shortestColumn : .roundRobin
        spec.chrome = chrome(&rng)
        return spec
    }

    /// A content offset somewhere over the content (and a little beyond).
    public static func offset(_ rng: inout SeededRandom, over content: LayoutSize) -> LayoutPoint {
        LayoutPoint(x: Double.random(in: -100...(content.width + 100), using: &rng),
              y: Double.random(in: -100...(content.height + 100), using: &rng))
    }
}
