import LayoutEngine

extension SpecDecoder {
    static let gridKeys = [
        "layout", "collectionView", "rows", "columns", "rowSpacing", "columnSpacing", "frozen", "layoutDirection",
        "merged",
    ]

    static func decodeGrid(_ root: SpecReader) throws(SpecError) -> GridLayoutSpec {
        let m = try root.object(allowed: gridKeys, required: ["collectionView", "rows", "columns"])
        let viewport = try m["collectionView"]!.viewport()
        var spec = GridLayoutSpec(collectionView: viewport.size, rows: try gridAxis(m["rows"]!),
                                  columns: try gridAxis(m["columns"]!))
        spec.contentInset = viewport.contentInset
        if let r = m["rowSpacing"] { spec.rowSpacing = try r.number() }
        if let r = m["columnSpacing"] { spec.columnSpacing = try r.number() }
        if let r = m["layoutDirection"] { spec.layoutDirection = try r.oneOf(LayoutDirection.self) }
        if let r = m["frozen"] {
            let f = try r.object(allowed: ["top", "bottom", "leading", "trailing"])
            spec.frozen = GridFrozen(top: try f["top"]?.count() ?? 0, bottom: try f["bottom"]?.count() ?? 0,
                                     leading: try f["leading"]?.count() ?? 0,
                                     trailing: try f["trailing"]?.count() ?? 0)
        }
        if let r = m["merged"] {
            spec.merged = try r.array { (e: SpecReader) throws(SpecError) in
                let o = try e.object(allowed: ["row", "column", "rows", "columns"],
                                     required: ["row", "column", "rows", "columns"])
                return GridMerge(row: try o["row"]!.count(), column: try o["column"]!.count(),
                                 rows: try o["rows"]!.count(), columns: try o["columns"]!.count())
            }
        }
        return spec
    }

    /// `{"count", "size", "sizes"? | "overrides"?}`.
    static func gridAxis(_ r: SpecReader) throws(SpecError) -> GridAxisSpec {
        let m = try r.object(allowed: ["count", "size", "sizes", "overrides"], required: ["count", "size"])
        var axis = GridAxisSpec(count: try m["count"]!.count(), size: try m["size"]!.number())
        switch (m["sizes"], m["overrides"]) {
        case (nil, nil): break
        case (let sizes?, nil): axis.sizes = .list(try sizes.numbers())
        case (nil, let overrides?):
            guard overrides.value.kind == .object else {
                throw overrides.fail("must be an object from index to size, not \(overrides.value.kind.name)")
            }
            var list: [GridSizeOverride] = []
            var seen: Set<Int> = []
            for (key, value) in overrides.value.members {
                let member = overrides.child(key, value)
                // Indices written plainly ("0", "12"): one spelling per index, so duplicates are seen.
                guard let index = Int(key), String(index) == key, index >= 0 else {
                    throw member.fail("is not an index: keys are whole numbers written plainly (\"0\", \"12\")")
                }
                guard seen.insert(index).inserted else { throw member.fail("duplicate field") }
                list.append(GridSizeOverride(index: index, size: try member.number()))
            }
            axis.sizes = .overrides(list)
        case (.some, .some):
            throw SpecError(path: r.path + [.key("overrides")], reason: "give either sizes or overrides, not both")
        }
        return axis
    }
}
