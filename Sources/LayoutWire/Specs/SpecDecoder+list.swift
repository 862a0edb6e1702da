import LayoutEngine

/// `"layout": "list"`: a `UICollectionLayoutListConfiguration`, decoded into the compositional layout it stands for.
extension SpecDecoder {
    static let listKeys = [
        "layout", "collectionView", "appearance", "headerMode", "footerMode", "rowHeight", "sections", "textStyles",
        "collapsingHeader", "scrollEffects",
    ]

    static func decodeList(_ root: SpecReader, limits: SpecLimits) throws(SpecError) -> CompositionalLayoutSpec {
        let m = try root.object(allowed: listKeys, required: ["collectionView", "sections"])
        let sections = try sectionList(m["sections"]!, limits: limits) { (r: SpecReader) throws(SpecError) in
            let entry = try decodeCompositionalSectionEntry(r)
            if entry.section != nil {
                throw SpecError(path: r.path + [.key("section")], reason: "a list's sections take their layout from the list")
            }
            return entry
        }
        let viewport = try m["collectionView"]!.viewport()
        var list = ListConfiguration(collectionView: viewport.size, sections: sections.map(\.items))
        list.contents = sections.map(\.contents)
        list.outlines = sections.map(\.outline)
        if let r = m["textStyles"] { list.textStyles = try textStyles(r) }
        list.contentInset = viewport.contentInset
        if let r = m["appearance"] { list.appearance = try r.oneOf(ListAppearance.self) }
        if let r = m["headerMode"] { list.headerMode = try r.oneOf(ListSupplementaryMode.self) }
        if let r = m["footerMode"] { list.footerMode = try r.oneOf(ListSupplementaryMode.self) }
        if let r = m["rowHeight"] { list.rowHeight = try dimension(r) }
        var spec = list.compositional()
        if let r = m["collapsingHeader"] { spec.collapsingHeader = try collapsingHeader(r) }
        if let r = m["scrollEffects"] { spec.scrollEffects = try scrollEffects(r) }
        return spec
    }
}
