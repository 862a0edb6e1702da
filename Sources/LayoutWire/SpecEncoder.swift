public import LayoutEngine

/// Writes a spec in its canonical form: keys sorted, no whitespace, every layout-wide default explicit, numbers
/// as `JSONWriter` prints them, per-section overrides only where they differ (`LayoutSpec.normalized`).
/// Equal layouts give equal bytes: this is what the layout id hashes.
public enum SpecEncoder {
    public static func canonical(_ spec: LayoutSpec) -> [UInt8] {
        var w = JSONWriter(capacity: 1024)
        write(spec.normalized(), into: &w)
        return w.bytes
    }

    public static func write(_ spec: LayoutSpec, into w: inout JSONWriter) {
        switch spec {
        case .flow(let flow): writeFlow(flow, into: &w)
        }
    }

    static func writeFlow(_ s: FlowLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        w.key("collectionView"); size(s.collectionView, &w); w.raw(",")
        w.key("footerReferenceSize"); size(s.footerReferenceSize, &w); w.raw(",")
        w.key("headerReferenceSize"); size(s.headerReferenceSize, &w); w.raw(",")
        w.key("itemSize"); size(s.itemSize, &w); w.raw(",")
        w.key("layout"); w.raw("\"flow\",")
        w.key("minimumInteritemSpacing"); w.number(s.minimumInteritemSpacing); w.raw(",")
        w.key("minimumLineSpacing"); w.number(s.minimumLineSpacing); w.raw(",")
        w.key("scrollDirection"); w.string(s.scrollDirection.rawValue); w.raw(",")
        w.key("sectionInset"); insets(s.sectionInset, &w); w.raw(",")
        w.key("sections"); w.raw("[")
        for (i, section) in s.sections.enumerated() {
            if i > 0 { w.raw(",") }
            flowSection(section, &w)
        }
        w.raw("]}")
    }

    /// Keys in sorted order: footerReferenceSize, headerReferenceSize, itemSize, itemSizes | items,
    /// minimumInteritemSpacing, minimumLineSpacing, sectionInset.
    static func flowSection(_ s: FlowSectionSpec, _ w: inout JSONWriter) {
        w.raw("{")
        if let v = s.footerReferenceSize { w.key("footerReferenceSize"); size(v, &w); w.raw(",") }
        if let v = s.headerReferenceSize { w.key("headerReferenceSize"); size(v, &w); w.raw(",") }
        if let v = s.itemSize { w.key("itemSize"); size(v, &w); w.raw(",") }
        switch s.items {
        case .sizes(let sizes):
            w.key("itemSizes")
            w.raw("[")
            for (i, size) in sizes.enumerated() {
                if i > 0 { w.raw(",") }
                w.raw("[")
                w.number(size.width)
                w.raw(",")
                w.number(size.height)
                w.raw("]")
            }
            w.raw("]")
        case .count(let n):
            w.key("items")
            w.int(n)
        }
        if let v = s.minimumInteritemSpacing { w.raw(","); w.key("minimumInteritemSpacing"); w.number(v) }
        if let v = s.minimumLineSpacing { w.raw(","); w.key("minimumLineSpacing"); w.number(v) }
        if let v = s.sectionInset { w.raw(","); w.key("sectionInset"); insets(v, &w) }
        w.raw("}")
    }

    static func size(_ s: Size, _ w: inout JSONWriter) {
        w.raw("{\"height\":")
        w.number(s.height)
        w.raw(",\"width\":")
        w.number(s.width)
        w.raw("}")
    }

    static func insets(_ e: EdgeInsets, _ w: inout JSONWriter) {
        w.raw("{\"bottom\":")
        w.number(e.bottom)
        w.raw(",\"left\":")
        w.number(e.left)
        w.raw(",\"right\":")
        w.number(e.right)
        w.raw(",\"top\":")
        w.number(e.top)
        w.raw("}")
    }
}
