import LayoutEngine

extension SpecEncoder {
    static func writeWaterfall(_ s: WaterfallLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        collectionView(s.collectionView, s.contentInset, &w)
        w.key("columnCount"); w.int(s.columnCount); w.raw(",")
        w.key("columnSpacing"); w.number(s.columnSpacing); w.raw(",")
        contentAnchor(s.contentAnchor, &w)
        if !s.chrome.decorations.isEmpty { decorations(s.chrome.decorations, &w) }
        w.key("footerHeight"); w.number(s.footerHeight); w.raw(",")
        w.key("headerHeight"); w.number(s.headerHeight); w.raw(",")
        w.key("itemSpacing"); w.number(s.itemSpacing); w.raw(",")
        w.key("layout"); w.raw("\"waterfall\",")
        w.key("placement"); w.string(s.placement.rawValue); w.raw(",")
        w.key("scrollDirection"); w.string(s.scrollDirection.rawValue); w.raw(",")
        scrollEffects(s.scrollEffects, &w)
        scrollTarget(s.scrollTargetBehavior, &w)
        pins(s.chrome, &w)
        w.key("sectionInset"); insets(s.sectionInset, &w); w.raw(",")
        sections(s.sections, &w, styles: s.textStyles, waterfallSection)
    }

    /// Keys in sorted order: columnCount, columnSpacing, contents, decorations, footerHeight, headerHeight,
    /// itemHeights | itemSizes, itemSpacing, sectionInset.
    static func waterfallSection(_ s: WaterfallSectionSpec, _ w: inout JSONWriter) {
        w.raw("{")
        if let v = s.columnCount { w.key("columnCount"); w.int(v); w.raw(",") }
        if let v = s.columnSpacing { w.key("columnSpacing"); w.number(v); w.raw(",") }
        if let c = s.contents { contents(c, &w); w.raw(",") }
        if let v = s.decorations { decorations(v, &w) }
        if let v = s.footerHeight { w.key("footerHeight"); w.number(v); w.raw(",") }
        if let v = s.headerHeight { w.key("headerHeight"); w.number(v); w.raw(",") }
        switch s.items {
        case .lengths where s.contents != nil: w.dropTrailingComma()
        case .lengths(let lengths):
            w.key("itemHeights")
            w.raw("[")
            for (i, l) in lengths.enumerated() {
                if i > 0 { w.raw(",") }
                w.number(l)
            }
            w.raw("]")
        case .sizes(let sizes):
            w.key("itemSizes")
            sizePairs(sizes, &w)
        }
        if let v = s.itemSpacing { w.raw(","); w.key("itemSpacing"); w.number(v) }
        if let v = s.sectionInset { w.raw(","); w.key("sectionInset"); insets(v, &w) }
        w.raw("}")
    }
}
