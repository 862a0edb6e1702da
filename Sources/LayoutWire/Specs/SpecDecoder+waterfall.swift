import LayoutEngine

extension SpecDecoder {
    static let waterfallKeys = [
        "layout", "collectionView", "scrollDirection", "columnCount", "columnSpacing", "itemSpacing", "sectionInset",
        "headerHeight", "footerHeight", "placement", "scrollTargetBehavior", "sections", "contentAnchor", "textStyles",
        "layoutDirection", "collapsingHeader", "scrollEffects",
    ] + chromeKeys
    static let waterfallSectionKeys = [
        "itemHeights", "itemSizes", "columnCount", "columnSpacing", "itemSpacing", "sectionInset", "headerHeight",
        "footerHeight", "decorations", "contents", "itemSpans", "itemColumns",
    ]

    static func decodeWaterfall(_ root: SpecReader, limits: SpecLimits) throws(SpecError) -> WaterfallLayoutSpec {
        let m = try root.object(allowed: waterfallKeys, required: ["collectionView", "sections"])
        let sections = try sectionList(m["sections"]!, limits: limits, decodeWaterfallSection)
        let viewport = try m["collectionView"]!.viewport()
        var spec = WaterfallLayoutSpec(collectionView: viewport.size, sections: sections)
        spec.contentInset = viewport.contentInset
        if let r = m["contentAnchor"] { spec.contentAnchor = try r.oneOf(ContentAnchor.self) }
        if let r = m["scrollDirection"] { spec.scrollDirection = try r.oneOf(ScrollDirection.self) }
        if let r = m["columnCount"] { spec.columnCount = try columnCount(r) }
        if let r = m["layoutDirection"] { spec.layoutDirection = try r.oneOf(LayoutDirection.self) }
        if let r = m["columnSpacing"] { spec.columnSpacing = try r.number() }
        if let r = m["itemSpacing"] { spec.itemSpacing = try r.number() }
        if let r = m["sectionInset"] { spec.sectionInset = try r.insets() }
        if let r = m["headerHeight"] { spec.headerHeight = try r.number() }
        if let r = m["footerHeight"] { spec.footerHeight = try r.number() }
        if let r = m["placement"] { spec.placement = try r.oneOf(WaterfallPlacement.self) }
        if let r = m["scrollTargetBehavior"] { spec.scrollTargetBehavior = try r.oneOf(ScrollTargetBehavior.self) }
        spec.chrome = try chrome(m)
        if let r = m["textStyles"] { spec.textStyles = try textStyles(r) }
        if let r = m["collapsingHeader"] { spec.collapsingHeader = try collapsingHeader(r) }
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
        if let r = m["columnCount"] { section.columnCount = try columnCount(r) }
        if let r = m["itemSpans"] { section.itemSpans = try wholeNumbers(r, least: 1) }
        if let r = m["itemColumns"] { section.itemColumns = try wholeNumbers(r, least: -1) }
        if let r = m["columnSpacing"] { section.columnSpacing = try r.number() }
        if let r = m["itemSpacing"] { section.itemSpacing = try r.number() }
        if let r = m["sectionInset"] { section.sectionInset = try r.insets() }
        if let r = m["headerHeight"] { section.headerHeight = try r.number() }
        if let r = m["footerHeight"] { section.footerHeight = try r.number() }
        if let r = m["decorations"] { section.decorations = try decorations(r) }
        return section
    }

    /// `columnCount`: a whole number, or `{"minimumWidth": w, "maximum"?: m}` (m 1024 when not given).
    static func columnCount(_ r: SpecReader) throws(SpecError) -> ColumnCount {
        if r.value.kind != .object { return .fixed(try r.count()) }
        let m = try r.object(allowed: ["minimumWidth", "maximum"], required: ["minimumWidth"])
        return .adaptive(minimumWidth: try m["minimumWidth"]!.number(),
                         maximum: try m["maximum"]?.count() ?? WaterfallLayoutSpec.maxColumns)
    }

    /// An array of whole numbers, each `least` or more (and at most 2^31, past any column or span that matters).
    static func wholeNumbers(_ r: SpecReader, least: Int) throws(SpecError) -> [Int] {
        let numbers = try r.numbers()
        var out: [Int] = []
        out.reserveCapacity(numbers.count)
        for (j, n) in numbers.enumerated() {
            guard n == n.rounded(.towardZero), n >= Double(least), n <= 2_147_483_647 else {
                throw SpecError(path: r.path + [.index(j)],
                                reason: "must be a whole number from \(least) to 2147483647")
            }
            out.append(Int(n))
        }
        return out
    }
}
