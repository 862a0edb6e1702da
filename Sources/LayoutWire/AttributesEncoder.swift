public import LayoutEngine

/// The wire form of layout attributes (mission.md, "HTTP API"):
/// `{"category","kind"?,"section","item","frame","center","size","zIndex","alpha","hidden","transform3D"?}`.
public enum AttributesEncoder {
    public static func write(_ a: LayoutAttributes, into w: inout JSONWriter) {
        switch a.category {
        case .cell: w.raw("{\"category\":\"cell\"")
        case .supplementary: w.raw("{\"category\":\"supplementary\",\"kind\":"); w.string(a.kind)
        case .decoration: w.raw("{\"category\":\"decoration\",\"kind\":"); w.string(a.kind)
        }
        w.raw(",\"section\":")
        w.int(a.indexPath.section)
        w.raw(",\"item\":")
        w.int(a.indexPath.item)
        let f = a.frame
        w.raw(",\"frame\":{\"x\":")
        w.number(f.x)
        w.raw(",\"y\":")
        w.number(f.y)
        w.raw(",\"width\":")
        w.number(f.width)
        w.raw(",\"height\":")
        w.number(f.height)
        w.raw("},\"center\":{\"x\":")
        w.number(f.x + f.width / 2)
        w.raw(",\"y\":")
        w.number(f.y + f.height / 2)
        w.raw("},\"size\":{\"width\":")
        w.number(f.width)
        w.raw(",\"height\":")
        w.number(f.height)
        w.raw("},\"zIndex\":")
        w.int(a.zIndex)
        w.raw(",\"alpha\":")
        w.number(a.alpha)
        w.raw(a.isHidden ? ",\"hidden\":true" : ",\"hidden\":false")
        if !a.transform3D.isIdentity {
            w.raw(",\"transform3D\":[")
            for (i, e) in a.transform3D.entries.enumerated() {
                if i > 0 { w.raw(",") }
                w.number(e)
            }
            w.raw("]")
        }
        w.raw("}")
    }

    /// `{"contentSize":{...},"elements":[...]}`, the answer to a rect query.
    public static func writeRectAnswer(contentSize: Size, elements: [LayoutAttributes], into w: inout JSONWriter) {
        w.raw("{\"contentSize\":")
        writeSize(contentSize, into: &w)
        w.raw(",\"elements\":[")
        for (i, a) in elements.enumerated() {
            if i > 0 { w.raw(",") }
            write(a, into: &w)
        }
        w.raw("]}")
    }

    public static func writeSize(_ s: Size, into w: inout JSONWriter) {
        w.raw("{\"width\":")
        w.number(s.width)
        w.raw(",\"height\":")
        w.number(s.height)
        w.raw("}")
    }
}
