import LayoutEngine

extension SpecEncoder {
    static func writeWaterfall(_ s: WaterfallLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        collapsingHeader(s.collapsingHeader, &w)
        collectionView(s.collectionView, s.contentInset, &w)
        w.key("columnCount"); columnCount(s.columnCount, &w); w.raw(",")
        w.key("columnSpacing"); w.number(s.columnSpacing); w.raw(",")
        contentAnchor(s.contentAnchor, &w)
        if !s.chrome.decorations.isEmpty { decorations(s.chrome.decorations, &w) }
        w.key("footerHeight"); w.number(s.footerHeight); w.raw(",")
        w.key("headerHeight"); w.number(s.headerHeight); w.raw(",")
        w.key("itemSpacing"); w.number(s.itemSpacing); w.raw(",")
        w.key("layout"); w.raw("\"waterfall\",")
        if s.layoutDirection != .leftToRight {
            w.key("layoutDirection"); w.string(s.layoutDirection.rawValue); w.raw(",")
        }
        w.key("placement"); w.string(s.placement.rawValue); w.raw(",")
        w.key("scrollDirection"); w.string(s.scrollDirection.rawValue); w.raw(",")
        scrollEffects(s.scrollEffects, &w)
        scrollTarget(s.scrollTargetBehavior, &w)
        pins(s.chrome, &w)
        w.key("sectionInset"); insets(s.sectionInset, &w); w.raw(",")
        sections(s.sections, &w, styles: s.textStyles, waterfallSection)
    }

    /// Keys in sorted order: columnCount, columnSpacing, contents, decorations, footerHeight, headerHeight,
    /// itemColumns, itemHeights | itemSizes, itemSpacing, itemSpans, sectionInset.
    static func waterfallSection(_ s: WaterfallSectionSpec, _ w: inout JSONWriter) {
        w.raw("{")
        if let v = s.columnCount { w.key("columnCount"); columnCount(v, &w); w.raw(",") }
        if let v = s.columnSpacing { w.key("columnSpacing"); w.number(v); w.raw(",") }
        if let c = s.contents { contents(c, &w); w.raw(",") }
        if let v = s.decorations { decorations(v, &w) }
        if let v = s.footerHeight { w.key("footerHeight"); w.number(v); w.raw(",") }
        if let v = s.headerHeight { w.key("headerHeight"); w.number(v); w.raw(",") }
        if let v = s.itemColumns { w.key("itemColumns"); ints(v, &w); w.raw(",") }
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
        if let v = s.itemSpans { w.raw(","); w.key("itemSpans"); ints(v, &w) }
        if let v = s.sectionInset { w.raw(","); w.key("sectionInset"); insets(v, &w) }
        w.raw("}")
    }

    /// A whole number, or `{"maximum": m, "minimumWidth": w}`.
    static func columnCount(_ c: ColumnCount, _ w: inout JSONWriter) {
        switch c {
        case .fixed(let n): w.int(n)
        case .adaptive(let width, let maximum):
            w.raw("{"); w.key("maximum"); w.int(maximum); w.raw(","); w.key("minimumWidth"); w.number(width); w.raw("}")
        }
    }

    static func ints(_ values: [Int], _ w: inout JSONWriter) {
        w.raw("[")
        for (i, v) in values.enumerated() {
            if i > 0 { w.raw(",") }
            w.int(v)
        }
        w.raw("]")
    }
}
