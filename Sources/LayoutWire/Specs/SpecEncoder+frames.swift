import LayoutEngine

extension SpecEncoder {
    static func writeFrames(_ s: FramesLayoutSpec, into w: inout JSONWriter) {
        w.raw("{")
        collectionView(s.collectionView, s.contentInset, &w)
        if let c = s.contentSize { w.key("contentSize"); size(c, &w); w.raw(",") }
        w.key("elements")
        frameElements(s.elements, &w)
        w.raw(",")
        w.key("layout"); w.raw("\"frames\",")
        scrollTarget(s.scrollTargetBehavior, &w)
        w.key("scrollDirection"); w.string(s.scrollDirection.rawValue)
        w.raw("}")
    }

    /// Keys in sorted order: category, height, item, kind, section, sticky, width, x, y, zIndex (those given).
    static func frameElements(_ e: FrameElements, _ w: inout JSONWriter) {
        w.raw("{")
        if let c = e.category { w.key("category"); integers(c.map { Int($0.rawValue) }, &w); w.raw(",") }
        w.key("height"); numbers(e.height, &w); w.raw(",")
        if let i = e.item { w.key("item"); integers(i, &w); w.raw(",") }
        if let k = e.kind {
            w.key("kind")
            w.array(k) { s, w in if let s { w.string(s) } else { w.raw("null") } }
            w.raw(",")
        }
        if let s = e.section { w.key("section"); integers(s, &w); w.raw(",") }
        if let p = e.sticky {
            w.key("sticky")
            w.array(p) { range, w in
                if let range { w.stickyTuple(range, alwaysInset: false) } else { w.raw("null") }
            }
            w.raw(",")
        }
        w.key("width"); numbers(e.width, &w); w.raw(",")
        w.key("x"); numbers(e.x, &w); w.raw(",")
        w.key("y"); numbers(e.y, &w)
        if let z = e.zIndex { w.raw(","); w.key("zIndex"); integers(z, &w) }
        w.raw("}")
    }

    static func numbers(_ values: [Double], _ w: inout JSONWriter) {
        array(values, bytesEach: 33, &w) { c, v in c.number(v) }
    }

    static func integers(_ values: [Int], _ w: inout JSONWriter) {
        array(values, bytesEach: 21, &w) { c, v in c.int(v) }
    }

    /// `[v,...]`, through a cursor a chunk at a time; `bytesEach` is the most one value takes with its comma.
    @inline(__always)
    private static func array<T>(_ values: [T], bytesEach: Int, _ w: inout JSONWriter,
                                 _ write: (inout JSONCursor, T) -> Void) {
        w.raw("[")
        var start = 0
        while start < values.count {
            let end = min(start + 1024, values.count)
            w.write(reserving: (end - start) * bytesEach) { c in
                for i in start..<end {
                    if i > 0 { c.byte(UInt8(ascii: ",")) }
                    write(&c, values[i])
                }
            }
            start = end
        }
        w.raw("]")
    }
}
