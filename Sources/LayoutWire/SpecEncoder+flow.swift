import LayoutEngine

extension SpecEncoder {
    static func writeFlow(_ s: FlowLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        w.key("collectionView"); size(s.collectionView, &w); w.raw(",")
        if !s.chrome.decorations.isEmpty { decorations(s.chrome.decorations, &w) }
        if let e = s.estimatedItemSize { w.key("estimatedItemSize"); size(e, &w); w.raw(",") }
        w.key("footerReferenceSize"); size(s.footerReferenceSize, &w); w.raw(",")
        w.key("headerReferenceSize"); size(s.headerReferenceSize, &w); w.raw(",")
        if s.alignment.items != .center { w.key("itemAlignment"); w.string(s.alignment.items.rawValue); w.raw(",") }
        w.key("itemSize"); size(s.itemSize, &w); w.raw(",")
        if s.alignment.lastLine != .auto {
            w.key("lastRowAlignment"); w.string(s.alignment.lastLine.rawValue); w.raw(",")
        }
        w.key("layout"); w.raw("\"flow\",")
        if s.layoutDirection != .leftToRight {
            w.key("layoutDirection"); w.string(s.layoutDirection.rawValue); w.raw(",")
        }
        w.key("minimumInteritemSpacing"); w.number(s.minimumInteritemSpacing); w.raw(",")
        w.key("minimumLineSpacing"); w.number(s.minimumLineSpacing); w.raw(",")
        if s.alignment.lines != .justified { w.key("rowAlignment"); w.string(s.alignment.lines.rawValue); w.raw(",") }
        w.key("scrollDirection"); w.string(s.scrollDirection.rawValue); w.raw(",")
        scrollTarget(s.scrollTargetBehavior, &w)
        pins(s.chrome, &w)
        w.key("sectionInset"); insets(s.sectionInset, &w); w.raw(",")
        sections(s.sections, &w, flowSection)
    }

    /// Keys in sorted order: decorations, footerReferenceSize, headerReferenceSize, itemSize, itemSizes | items,
    /// minimumInteritemSpacing, minimumLineSpacing, sectionInset.
    static func flowSection(_ s: FlowSectionSpec, _ w: inout JSONWriter) {
        w.raw("{")
        if let v = s.decorations { decorations(v, &w) }
        if let v = s.footerReferenceSize { w.key("footerReferenceSize"); size(v, &w); w.raw(",") }
        if let v = s.headerReferenceSize { w.key("headerReferenceSize"); size(v, &w); w.raw(",") }
        if let v = s.itemSize { w.key("itemSize"); size(v, &w); w.raw(",") }
        switch s.items {
        case .sizes(let sizes):
            w.key("itemSizes")
            sizePairs(sizes, &w)
        case .count(let n):
            w.key("items")
            w.int(n)
        }
        if let v = s.minimumInteritemSpacing { w.raw(","); w.key("minimumInteritemSpacing"); w.number(v) }
        if let v = s.minimumLineSpacing { w.raw(","); w.key("minimumLineSpacing"); w.number(v) }
        if let v = s.sectionInset { w.raw(","); w.key("sectionInset"); insets(v, &w) }
        w.raw("}")
    }
}
