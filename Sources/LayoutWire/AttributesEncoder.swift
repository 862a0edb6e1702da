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
        let width = w.count
        w.number(f.width)
        let widthEnd = w.count
        w.raw(",\"height\":")
        let height = w.count
        w.number(f.height)
        let heightEnd = w.count
        w.raw("},\"center\":{\"x\":")
        w.number(f.x + f.width / 2)
        w.raw(",\"y\":")
        w.number(f.y + f.height / 2)
        // The size repeats the frame's width and height: copy their text rather than format them again.
        w.raw("},\"size\":{\"width\":")
        w.repeatWritten(width..<widthEnd)
        w.raw(",\"height\":")
        w.repeatWritten(height..<heightEnd)
        if a.zIndex == 0, a.alpha == 1, !a.isHidden {
            w.raw("},\"zIndex\":0,\"alpha\":1,\"hidden\":false")
        } else {
            w.raw("},\"zIndex\":")
            w.int(a.zIndex)
            w.raw(",\"alpha\":")
            w.number(a.alpha)
            w.raw(a.isHidden ? ",\"hidden\":true" : ",\"hidden\":false")
        }
        if !a.transform3D.isIdentity {
            w.raw(",\"transform3D\":[")
            for i in 0..<16 {
                if i > 0 { w.raw(",") }
                w.number(a.transform3D[i])
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
