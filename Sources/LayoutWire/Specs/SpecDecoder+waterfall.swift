import LayoutEngine

extension SpecDecoder {
    static let waterfallKeys = [
        "layout", "collectionView", "scrollDirection", "columnCount", "columnSpacing", "itemSpacing", "sectionInset",
        "headerHeight", "footerHeight", "placement", "scrollTargetBehavior", "sections", "contentAnchor", "textStyles",
        "scrollEffects",
    ] + chromeKeys
    static let waterfallSectionKeys = [
        "itemHeights", "itemSizes", "columnCount", "columnSpacing", "itemSpacing", "sectionInset", "headerHeight",
        "footerHeight", "decorations", "contents",
    ]

    static func decodeWaterfall(_ root: SpecReader, limits: SpecLimits) throws(SpecError) -> WaterfallLayoutSpec {
        let m = try root.object(allowed: waterfallKeys, required: ["collectionView", "sections"])
        let sections = try sectionList(m["sections"]!, limits: limits, decodeWaterfallSection)
        let viewport = try m["collectionView"]!.viewport()
        var spec = WaterfallLayoutSpec(collectionView: viewport.size, sections: sections)
        spec.contentInset = viewport.contentInset
        if let r = m["contentAnchor"] { spec.contentAnchor = try r.oneOf(ContentAnchor.self) }
        if let r = m["scrollDirection"] { spec.scrollDirection = try r.oneOf(ScrollDirection.self) }
        if let r = m["columnCount"] { spec.columnCount = try r.count() }
        if let r = m["columnSpacing"] { spec.columnSpacing = try r.number() }
        if let r = m["itemSpacing"] { spec.itemSpacing = try r.number() }
        if let r = m["sectionInset"] { spec.sectionInset = try r.insets() }
        if let r = m["headerHeight"] { spec.headerHeight = try r.number() }
        if let r = m["footerHeight"] { spec.footerHeight = try r.number() }
        if let r = m["placement"] { spec.placement = try r.oneOf(WaterfallPlacement.self) }
        if let r = m["scrollTargetBehavior"] { spec.scrollTargetBehavior = try r.oneOf(ScrollTargetBehavior.self) }
        spec.chrome = try chrome(m)
        if let r = m["textStyles"] { spec.textStyles = try textStyles(r) }
        if let r = m["scrollEffects"] { spec.scrollEffects = try scrollEffects(r) }
        return spec
    }

    static func decodeWaterfallSection(_ reader: SpecReader) throws(SpecError) -> WaterfallSectionSpec {
        let m = try reader.object(allowed: waterfallSectionKeys)
        let items: WaterfallItems
        let contents = try itemContents(reader, m, others: ["itemHeights", "itemSizes"])
        switch (m["itemHeights"], m["itemSizes"]) {
        case (nil, nil) where contents != nil: items = .lengths(Array(repeating: 0, count: contents!.count))
        case (let heights?, nil): items = .lengths(try heights.numbers())
        case (nil, let sizes?): items = .sizes(try sizes.sizePairs())
        case (.some, .some):
            throw SpecError(path: reader.path + [.key("itemSizes")], reason: "give either itemHeights or itemSizes, not both")
        case (nil, nil):
            throw SpecError(path: reader.path + [.key("itemHeights")], reason: "is required (or itemSizes)")
        }
        var section = WaterfallSectionSpec(items: items)
        section.contents = contents
        if let r = m["columnCount"] { section.columnCount = try r.count() }
        if let r = m["columnSpacing"] { section.columnSpacing = try r.number() }
        if let r = m["itemSpacing"] { section.itemSpacing = try r.number() }
        if let r = m["sectionInset"] { section.sectionInset = try r.insets() }
        if let r = m["headerHeight"] { section.headerHeight = try r.number() }
        if let r = m["footerHeight"] { section.footerHeight = try r.number() }
        if let r = m["decorations"] { section.decorations = try decorations(r) }
        return section
    }
}
