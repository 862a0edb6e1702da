import LayoutEngine

/// Compositional layouts (and lists, which are written as the compositional layout they stand for): every field
/// written, keys sorted; a section's own layout only when it differs from `defaultSection`.
extension SpecEncoder {
    static func writeCompositional(_ s: CompositionalLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        collapsingHeader(s.collapsingHeader, &w)
        collectionView(s.collectionView, s.contentInset, &w)
        if let d = s.defaultSection { w.key("defaultSection"); section(d, &w); w.raw(",") }
        w.key("interSectionSpacing"); w.number(s.interSectionSpacing); w.raw(",")
        w.key("layout"); w.raw("\"compositional\",")
        w.key("scrollDirection"); w.string(s.scrollDirection.rawValue); w.raw(",")
        scrollEffects(s.scrollEffects, &w)
        sections(s.sections, &w, styles: s.textStyles) { entry, w in
            w.raw("{")
            switch entry.items {
            case .count where entry.contents != nil: contents(entry.contents!, &w)
            case .count(let n): w.key("items"); w.int(n)
            case .sizes(let sizes):
                w.key("itemSizes")
                w.raw("[")
                for (i, z) in sizes.enumerated() {
                    if i > 0 { w.raw(",") }
                    if z == CompositionalItems.unreported {
                        w.raw("null")
                    } else {
                        w.raw("["); w.number(z.width); w.raw(","); w.number(z.height); w.raw("]")
                    }
                }
                w.raw("]")
            }
            if let o = entry.outline { w.raw(","); outline(o, &w) }
            if let own = entry.section { w.raw(","); w.key("section"); section(own, &w) }
            w.raw("}")
        }
    }

    /// `"outline":{"collapsed":[...],"levels":[...]}` (sorts after `items`, `itemSizes` and `contents`, before
    /// `section`).
    static func outline(_ o: Outline, _ w: inout JSONWriter) {
        w.key("outline")
        w.raw("{")
        w.key("collapsed")
        w.raw("[")
        for (i, item) in o.collapsed.enumerated() {
            if i > 0 { w.raw(",") }
            w.int(item)
        }
        w.raw("],")
        w.key("levels")
        w.raw("[")
        for (i, level) in o.levels.enumerated() {
            if i > 0 { w.raw(",") }
            w.int(Int(level))
        }
        w.raw("]}")
    }

    static func section(_ s: CompositionalSection, _ w: inout JSONWriter) {
        w.raw("{")
        w.key("boundarySupplementaryItems")
        list(s.boundarySupplementaryItems, &w) { b, w in
            w.raw("{"); w.key("alignment"); w.string(b.alignment.rawValue)
            w.raw(","); w.key("kind"); w.string(b.kind)
            w.raw(","); w.key("pinToVisibleBounds"); w.bool(b.pinToVisibleBounds)
            w.raw(","); w.key("size"); layoutSize(b.size, &w)
            w.raw("}")
        }
        w.raw(","); w.key("contentInsets"); directionalInsets(s.contentInsets, &w)
        w.raw(","); w.key("decorationItems")
        list(s.decorationItems, &w) { d, w in
            w.raw("{"); w.key("contentInsets"); directionalInsets(d.contentInsets, &w)
            w.raw(","); w.key("kind"); w.string(d.kind); w.raw("}")
        }
        w.raw(","); w.key("group"); group(s.group, &w)
        w.raw(","); w.key("interGroupSpacing"); w.number(s.interGroupSpacing)
        w.raw(","); w.key("orthogonalScrollingBehavior"); w.string(s.orthogonalScrollingBehavior.rawValue)
        if s.scrollEffects != nil {
            w.raw(",")
            scrollEffects(s.scrollEffects, &w)
            w.dropTrailingComma()
        }
        w.raw("}")
    }

    static func group(_ g: CompositionalGroup, _ w: inout JSONWriter) {
        w.raw("{"); w.key("axis"); w.string(g.axis.rawValue)
        if let n = g.count { w.raw(","); w.key("count"); w.int(n) }
        w.raw(","); w.key("interItemSpacing")
        switch g.interItemSpacing {
        case .fixed(let v): w.raw("{\"fixed\":"); w.number(v); w.raw("}")
        case .flexible(let v): w.raw("{\"flexible\":"); w.number(v); w.raw("}")
        }
        w.raw(","); w.key("size"); layoutSize(g.size, &w)
        w.raw(","); w.key("subitems")
        list(g.subitems, &w) { sub, w in
            switch sub {
            case .group(let inner): w.raw("{\"group\":"); group(inner, &w); w.raw("}")
            case .item(let item): w.raw("{\"item\":"); self.item(item, &w); w.raw("}")
            }
        }
        w.raw("}")
    }

    static func item(_ item: CompositionalItem, _ w: inout JSONWriter) {
        w.raw("{"); w.key("contentInsets"); directionalInsets(item.contentInsets, &w)
        if let f = item.frame {
            w.raw(",\"frame\":{\"height\":"); w.number(f.height)
            w.raw(",\"width\":"); w.number(f.width)
            w.raw(",\"x\":"); w.number(f.x)
            w.raw(",\"y\":"); w.number(f.y); w.raw("}")
        } else {
            w.raw(","); w.key("size"); layoutSize(item.size, &w)
        }
        w.raw(","); w.key("supplementaryItems")
        list(item.supplementaryItems, &w) { b, w in
            w.raw("{\"anchor\":{\"absoluteOffset\":"); point(b.absoluteOffset, &w)
            w.raw(",\"edges\":")
            list(b.edges, &w) { e, w in w.string(e.rawValue) }
            w.raw(",\"fractionalOffset\":"); point(b.fractionalOffset, &w)
            w.raw("},\"kind\":"); w.string(b.kind)
            w.raw(",\"size\":"); layoutSize(b.size, &w)
            w.raw("}")
        }
        w.raw("}")
    }

    static func list<T>(_ elements: [T], _ w: inout JSONWriter, _ element: (T, inout JSONWriter) -> Void) {
        w.raw("[")
        for (i, e) in elements.enumerated() {
            if i > 0 { w.raw(",") }
            element(e, &w)
        }
        w.raw("]")
    }

    static func point(_ p: LayoutPoint, _ w: inout JSONWriter) {
        w.raw("{\"x\":"); w.number(p.x); w.raw(",\"y\":"); w.number(p.y); w.raw("}")
    }

    static func layoutSize(_ s: CompositionalSize, _ w: inout JSONWriter) {
        w.raw("{\"height\":"); dimension(s.height, &w); w.raw(",\"width\":"); dimension(s.width, &w); w.raw("}")
    }

    static func dimension(_ d: CompositionalDimension, _ w: inout JSONWriter) {
        switch d {
        case .absolute(let v): w.raw("{\"absolute\":"); w.number(v)
        case .estimated(let v): w.raw("{\"estimated\":"); w.number(v)
        case .fractionalHeight(let v): w.raw("{\"fractionalHeight\":"); w.number(v)
        case .fractionalWidth(let v): w.raw("{\"fractionalWidth\":"); w.number(v)
        }
        w.raw("}")
    }

    static func directionalInsets(_ e: DirectionalInsets, _ w: inout JSONWriter) {
        w.raw("{\"bottom\":"); w.number(e.bottom)
        w.raw(",\"leading\":"); w.number(e.leading)
        w.raw(",\"top\":"); w.number(e.top)
        w.raw(",\"trailing\":"); w.number(e.trailing)
        w.raw("}")
    }
}
