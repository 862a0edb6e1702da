import LayoutEngine

extension SpecDecoder {
    static let flowSectionKeys = [
        "items", "itemSizes", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
        "headerReferenceSize", "footerReferenceSize", "decorations", "contents", "itemWidth",
    ]
    static let flowKeys = [
        "layout", "collectionView", "scrollDirection", "itemSize", "estimatedItemSize", "minimumLineSpacing",
        "minimumInteritemSpacing",
        "sectionInset", "headerReferenceSize", "footerReferenceSize", "sections", "rowAlignment", "lastRowAlignment",
        "itemAlignment", "layoutDirection", "scrollTargetBehavior", "contentAnchor", "textStyles", "collapsingHeader",
        "scrollEffects",
    ] + chromeKeys

    static func decodeFlow(_ root: SpecReader, limits: SpecLimits) throws(SpecError) -> FlowLayoutSpec {
        let m = try root.object(allowed: flowKeys, required: ["collectionView", "sections"])
        let sections = try sectionList(m["sections"]!, limits: limits, decodeFlowSection)
        let viewport = try m["collectionView"]!.viewport()
        var spec = FlowLayoutSpec(collectionView: viewport.size, sections: sections)
        spec.contentInset = viewport.contentInset
        if let r = m["contentAnchor"] { spec.contentAnchor = try r.oneOf(ContentAnchor.self) }
        if let r = m["scrollDirection"] { spec.scrollDirection = try r.oneOf(ScrollDirection.self) }
        if let r = m["itemSize"] {
            if let a = try adaptiveItemSize(r) { spec.adaptiveItemSize = a } else { spec.itemSize = try r.size() }
        }
        if let r = m["estimatedItemSize"] { spec.estimatedItemSize = try r.size() }
        if let r = m["minimumLineSpacing"] { spec.minimumLineSpacing = try r.number() }
        if let r = m["minimumInteritemSpacing"] { spec.minimumInteritemSpacing = try r.number() }
        if let r = m["sectionInset"] { spec.sectionInset = try r.insets() }
        if let r = m["headerReferenceSize"] { spec.headerReferenceSize = try r.size() }
        if let r = m["footerReferenceSize"] { spec.footerReferenceSize = try r.size() }
        if let r = m["rowAlignment"] { spec.alignment.lines = try r.oneOf(LineAlignment.self) }
        if let r = m["lastRowAlignment"] { spec.alignment.lastLine = try r.oneOf(LastLineAlignment.self) }
        if let r = m["itemAlignment"] { spec.alignment.items = try itemAlignment(r) }
        if let r = m["layoutDirection"] { spec.layoutDirection = try r.oneOf(LayoutDirection.self) }
        if let r = m["scrollTargetBehavior"] { spec.scrollTargetBehavior = try r.oneOf(ScrollTargetBehavior.self) }
        spec.chrome = try chrome(m)
        if let r = m["textStyles"] { spec.textStyles = try textStyles(r) }
        if let r = m["collapsingHeader"] { spec.collapsingHeader = try collapsingHeader(r) }
        if let r = m["scrollEffects"] { spec.scrollEffects = try scrollEffects(r) }
        return spec
    }

    /// Rule 7's `{"minimumWidth": w, "height": h}` or `{"minimumWidth": w, "aspectRatio": r}`; nil for an object
    /// without `minimumWidth` (a `{"width", "height"}` size).
    static func adaptiveItemSize(_ r: SpecReader) throws(SpecError) -> AdaptiveItemSize? {
        guard r.value.kind == .object, r.value.members.contains(where: { $0.key == "minimumWidth" }) else { return nil }
        let m = try r.object(allowed: ["minimumWidth", "height", "aspectRatio"], required: ["minimumWidth"])
        let height: AdaptiveItemSize.Height
        switch (m["height"], m["aspectRatio"]) {
        case (let h?, nil): height = .fixed(try h.number())
        case (nil, let a?): height = .aspectRatio(try a.number())
        case (.some, .some):
            throw SpecError(path: r.path + [.key("aspectRatio")], reason: "give either height or aspectRatio, not both")
        case (nil, nil):
            throw SpecError(path: r.path + [.key("height")], reason: "is required (or aspectRatio)")
        }
        return AdaptiveItemSize(minimumWidth: try m["minimumWidth"]!.number(), height: height)
    }

    /// `center`, `leading` (or `top`), `trailing` (or `bottom`).
    static func itemAlignment(_ r: SpecReader) throws(SpecError) -> ItemAlignment {
        switch try r.string() {
        case "top": return .leading
        case "bottom": return .trailing
        default: return try r.oneOf(ItemAlignment.self)
        }
    }

    static func decodeFlowSection(_ reader: SpecReader) throws(SpecError) -> FlowSectionSpec {
        let m = try reader.object(allowed: flowSectionKeys)
        let items: FlowItems
        let contents = try itemContents(reader, m, others: ["items", "itemSizes"])
        switch (m["items"], m["itemSizes"]) {
        case (nil, nil) where contents != nil: items = .count(contents!.count)
        case (let count?, nil): items = .count(try count.count())
        case (nil, let sizes?): items = .sizes(try sizes.sizePairs())
        case (.some, .some):
            throw SpecError(path: reader.path + [.key("itemSizes")], reason: "give either items or itemSizes, not both")
        case (nil, nil):
            throw SpecError(path: reader.path + [.key("items")], reason: "is required (or itemSizes)")
        }
        var section = FlowSectionSpec(items: items)
        section.contents = contents
        if let r = m["itemWidth"] { section.itemWidth = try r.number() }
        if let r = m["itemSize"] {
            if let a = try adaptiveItemSize(r) { section.adaptiveItemSize = a } else { section.itemSize = try r.size() }
        }
        if let r = m["minimumLineSpacing"] { section.minimumLineSpacing = try r.number() }
        if let r = m["minimumInteritemSpacing"] { section.minimumInteritemSpacing = try r.number() }
        if let r = m["sectionInset"] { section.sectionInset = try r.insets() }
        if let r = m["headerReferenceSize"] { section.headerReferenceSize = try r.size() }
        if let r = m["footerReferenceSize"] { section.footerReferenceSize = try r.size() }
        if let r = m["decorations"] { section.decorations = try decorations(r) }
        return section
    }
}
