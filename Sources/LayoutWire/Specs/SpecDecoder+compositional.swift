import LayoutEngine

/// `"layout": "compositional"`: the spec mirrors `UICollectionViewCompositionalLayout`'s types.
extension SpecDecoder {
    static let compositionalKeys = ["layout", "collectionView", "scrollDirection", "interSectionSpacing",
                                    "defaultSection", "sections", "textStyles", "collapsingHeader",
                                    "scrollEffects"]

    static func decodeCompositional(_ root: SpecReader, limits: SpecLimits) throws(SpecError) -> CompositionalLayoutSpec {
        let m = try root.object(allowed: compositionalKeys, required: ["collectionView", "sections"])
        let sections = try sectionList(m["sections"]!, limits: limits, decodeCompositionalSectionEntry)
        let viewport = try m["collectionView"]!.viewport()
        var spec = CompositionalLayoutSpec(collectionView: viewport.size, sections: sections)
        spec.contentInset = viewport.contentInset
        if let r = m["scrollDirection"] { spec.scrollDirection = try r.oneOf(ScrollDirection.self) }
        if let r = m["interSectionSpacing"] { spec.interSectionSpacing = try r.number() }
        if let r = m["defaultSection"] { spec.defaultSection = try compositionalSection(r) }
        if let r = m["textStyles"] { spec.textStyles = try textStyles(r) }
        if let r = m["collapsingHeader"] { spec.collapsingHeader = try collapsingHeader(r) }
        if let r = m["scrollEffects"] { spec.scrollEffects = try scrollEffects(r) }
        return spec
    }

    /// `{"items": n | "itemSizes": [[w, h] | null, ...], "section"?: {...}}`.
    static func decodeCompositionalSectionEntry(_ reader: SpecReader) throws(SpecError) -> CompositionalSectionSpec {
        let m = try reader.object(allowed: ["items", "itemSizes", "section", "contents", "outline"])
        let items: CompositionalItems
        let contents = try itemContents(reader, m, others: ["items", "itemSizes"])
        switch (m["items"], m["itemSizes"]) {
        case (nil, nil) where contents != nil: items = .count(contents!.count)
        case (let count?, nil): items = .count(try count.count())
        case (nil, let sizes?): items = .sizes(try optionalSizePairs(sizes))
        case (.some, .some):
            throw SpecError(path: reader.path + [.key("itemSizes")], reason: "give either items or itemSizes, not both")
        case (nil, nil):
            throw SpecError(path: reader.path + [.key("items")], reason: "is required (or itemSizes)")
        }
        return CompositionalSectionSpec(items: items, section: try m["section"].map(compositionalSection),
                                        contents: contents, outline: try m["outline"].map(outline))
    }

    /// `{"levels": [n, ...], "collapsed"?: [item, ...]}` (the rule is checked with the spec: `Outline.validate`).
    static func outline(_ r: SpecReader) throws(SpecError) -> Outline {
        let m = try r.object(allowed: ["levels", "collapsed"], required: ["levels"])
        let levels = m["levels"]!
        let numbers = try levels.numbers()
        var out: [Int32] = []
        out.reserveCapacity(numbers.count)
        for (i, n) in numbers.enumerated() {
            guard n >= 0, n == n.rounded(.towardZero), n <= Double(Outline.maxLevel) else {
                throw SpecError(path: levels.path + [.index(i)],
                                reason: "must be a whole number from 0 to \(Outline.maxLevel)")
            }
            out.append(Int32(n))
        }
        let collapsed = try m["collapsed"].map { (c: SpecReader) throws(SpecError) in
            try c.array { (e: SpecReader) throws(SpecError) in try e.count() }
        }
        return Outline(levels: out, collapsed: collapsed ?? [])
    }

    /// `[[w, h] | null, ...]`: null for an item whose size is not reported yet.
    static func optionalSizePairs(_ r: SpecReader) throws(SpecError) -> [LayoutSize] {
        guard r.value.kind == .array else { throw r.fail("must be an array of [width, height] pairs (or null)") }
        // Negative sizes are refused here: [-1, -1] stands for null inside the engine.
        func checked(_ z: LayoutSize, _ j: Int) throws(SpecError) -> LayoutSize {
            if !(z.width >= 0) { throw SpecError(path: r.path + [.index(j), .index(0)], reason: "must be 0 or more") }
            if !(z.height >= 0) { throw SpecError(path: r.path + [.index(j), .index(1)], reason: "must be 0 or more") }
            return z
        }
        if !r.value.elements.contains(where: { $0.kind == .null }) {
            let sizes = try r.sizePairs()
            if let j = sizes.firstIndex(where: { !($0.width >= 0 && $0.height >= 0) }) { _ = try checked(sizes[j], j) }
            return sizes
        }
        var j = -1
        return try r.array { (e: SpecReader) throws(SpecError) -> LayoutSize in
            j += 1
            if e.value.kind == .null { return CompositionalItems.unreported }
            guard e.value.kind == .array, e.value.count == 2 else { throw e.fail("must be a [width, height] pair or null") }
            let n = try e.array { (x: SpecReader) throws(SpecError) in try x.number() }
            return try checked(LayoutSize(width: n[0], height: n[1]), j)
        }
    }

    static func compositionalSection(_ r: SpecReader) throws(SpecError) -> CompositionalSection {
        let m = try r.object(allowed: ["group", "interGroupSpacing", "contentInsets", "orthogonalScrollingBehavior",
                                       "boundarySupplementaryItems", "decorationItems", "scrollEffects"],
                             required: ["group"])
        var s = CompositionalSection(group: try group(m["group"]!))
        if let v = m["interGroupSpacing"] { s.interGroupSpacing = try v.number() }
        if let v = m["contentInsets"] { s.contentInsets = try directionalInsets(v) }
        if let v = m["orthogonalScrollingBehavior"] { s.orthogonalScrollingBehavior = try v.oneOf(OrthogonalScrollingBehavior.self) }
        if let v = m["scrollEffects"] { s.scrollEffects = try scrollEffects(v) }
        if let v = m["boundarySupplementaryItems"] {
            s.boundarySupplementaryItems = try v.array { (b: SpecReader) throws(SpecError) -> CompositionalBoundaryItem in
                let f = try b.object(allowed: ["kind", "size", "alignment", "pinToVisibleBounds"],
                                     required: ["kind", "size", "alignment"])
                var item = CompositionalBoundaryItem(kind: try f["kind"]!.string(), size: try layoutSize(f["size"]!),
                                                     alignment: try f["alignment"]!.oneOf(BoundaryAlignment.self))
                if let p = f["pinToVisibleBounds"] { item.pinToVisibleBounds = try p.bool() }
                return item
            }
        }
        if let v = m["decorationItems"] {
            s.decorationItems = try v.array { (d: SpecReader) throws(SpecError) -> CompositionalDecoration in
                let f = try d.object(allowed: ["kind", "contentInsets"], required: ["kind"])
                return CompositionalDecoration(kind: try f["kind"]!.string(),
                                               contentInsets: try f["contentInsets"].map(directionalInsets) ?? .zero)
            }
        }
        return s
    }

    static func group(_ r: SpecReader) throws(SpecError) -> CompositionalGroup {
        let m = try r.object(allowed: ["axis", "size", "subitems", "count", "interItemSpacing"],
                             required: ["axis", "size", "subitems"])
        var g = CompositionalGroup(axis: try m["axis"]!.oneOf(CompositionalGroupAxis.self), size: try layoutSize(m["size"]!),
                                   subitems: try m["subitems"]!.array(subitem))
        if let v = m["count"] {
            let n = try v.number()
            guard n == n.rounded(.towardZero), abs(n) <= 1_000_000_000 else { throw v.fail("must be a whole number, 1 or more") }
            g.count = Int(n)
        }
        if let v = m["interItemSpacing"] {
            let f = try v.object(allowed: ["fixed", "flexible"])
            switch (f["fixed"], f["flexible"]) {
            case (let x?, nil): g.interItemSpacing = .fixed(try x.number())
            case (nil, let x?): g.interItemSpacing = .flexible(try x.number())
            default: throw v.fail("must be {\"fixed\": n} or {\"flexible\": n}")
            }
        }
        return g
    }

    /// `{"item": ...}` or `{"group": ...}`.
    static func subitem(_ r: SpecReader) throws(SpecError) -> CompositionalSubitem {
        let m = try r.object(allowed: ["item", "group"])
        switch (m["item"], m["group"]) {
        case (let i?, nil): return .item(try item(i))
        case (nil, let g?): return .group(try group(g))
        default: throw r.fail("must be {\"item\": ...} or {\"group\": ...}")
        }
    }

    static func item(_ r: SpecReader) throws(SpecError) -> CompositionalItem {
        let m = try r.object(allowed: ["size", "frame", "contentInsets", "supplementaryItems"])
        var item: CompositionalItem
        switch (m["size"], m["frame"]) {
        case (let s?, nil): item = CompositionalItem(size: try layoutSize(s))
        case (nil, let f?):
            let rect = try rect(f)
            item = CompositionalItem(size: CompositionalSize(width: .absolute(rect.width), height: .absolute(rect.height)),
                                     frame: rect)
        case (.some, .some): throw SpecError(path: r.path + [.key("frame")], reason: "give either size or frame, not both")
        case (nil, nil): throw SpecError(path: r.path + [.key("size")], reason: "is required (or frame, in a custom group)")
        }
        if let v = m["contentInsets"] { item.contentInsets = try directionalInsets(v) }
        if let v = m["supplementaryItems"] {
            item.supplementaryItems = try v.array { (b: SpecReader) throws(SpecError) -> CompositionalBadge in
                let f = try b.object(allowed: ["kind", "size", "anchor"], required: ["kind", "size", "anchor"])
                let a = try f["anchor"]!.object(allowed: ["edges", "fractionalOffset", "absoluteOffset"], required: ["edges"])
                var badge = CompositionalBadge(kind: try f["kind"]!.string(), size: try layoutSize(f["size"]!),
                                               edges: try a["edges"]!.array { (e: SpecReader) throws(SpecError) in
                                                   try e.oneOf(CompositionalEdge.self)
                                               })
                if let o = a["fractionalOffset"] { badge.fractionalOffset = try point(o) }
                if let o = a["absoluteOffset"] { badge.absoluteOffset = try point(o) }
                return badge
            }
        }
        return item
    }

    static func point(_ r: SpecReader) throws(SpecError) -> LayoutPoint {
        let m = try r.object(allowed: ["x", "y"], required: ["x", "y"])
        return LayoutPoint(x: try m["x"]!.number(), y: try m["y"]!.number())
    }

    static func rect(_ r: SpecReader) throws(SpecError) -> LayoutRect {
        let m = try r.object(allowed: ["x", "y", "width", "height"], required: ["x", "y", "width", "height"])
        return LayoutRect(x: try m["x"]!.number(), y: try m["y"]!.number(), width: try m["width"]!.number(),
                    height: try m["height"]!.number())
    }

    /// `{"width": dimension, "height": dimension}`.
    static func layoutSize(_ r: SpecReader) throws(SpecError) -> CompositionalSize {
        let m = try r.object(allowed: ["width", "height"], required: ["width", "height"])
        return CompositionalSize(width: try dimension(m["width"]!), height: try dimension(m["height"]!))
    }

    /// `{"absolute": n}`, `{"fractionalWidth": f}`, `{"fractionalHeight": f}` or `{"estimated": n}`.
    static func dimension(_ r: SpecReader) throws(SpecError) -> CompositionalDimension {
        let m = try r.object(allowed: ["absolute", "fractionalWidth", "fractionalHeight", "estimated"])
        guard m.count == 1, let (key, v) = m.first else {
            throw r.fail("must be one of {\"absolute\": n}, {\"fractionalWidth\": f}, {\"fractionalHeight\": f}, {\"estimated\": n}")
        }
        let n = try v.number()
        switch key {
        case "absolute": return .absolute(n)
        case "fractionalWidth": return .fractionalWidth(n)
        case "fractionalHeight": return .fractionalHeight(n)
        default: return .estimated(n)
        }
    }

    /// `{"top", "leading", "bottom", "trailing"}`, each optional (0).
    static func directionalInsets(_ r: SpecReader) throws(SpecError) -> DirectionalInsets {
        let m = try r.object(allowed: ["top", "leading", "bottom", "trailing"])
        return DirectionalInsets(top: try m["top"]?.number() ?? 0, leading: try m["leading"]?.number() ?? 0,
                                 bottom: try m["bottom"]?.number() ?? 0, trailing: try m["trailing"]?.number() ?? 0)
    }
}
