/// A right-to-left layout computed left to right and mirrored across the content's width at its boundary (frames,
/// offsets, a rect query's answer). Along x it reverses vertical layouts' lines and horizontal layouts' scroll axis.
struct ContentMirror {
    /// The content's width, and the view's.
    let width: Double
    let viewWidth: Double
    /// Whether x is the scroll axis (horizontal scrolling): sticky ranges are mirrored too.
    let alongScrollAxis: Bool

    func rect(_ r: LayoutRect) -> LayoutRect { LayoutRect(x: width - r.x - r.width, y: r.y, width: r.width, height: r.height) }

    /// The content offset in the unmirrored layout (the visible bounds mirrored).
    func offset(_ p: LayoutPoint) -> LayoutPoint { LayoutPoint(x: width - p.x - viewWidth, y: p.y) }

    func attributes(_ a: LayoutAttributes?) -> LayoutAttributes? {
        guard var a else { return nil }
        a.frame = rect(a.frame)
        return a
    }

    /// The answer to `rect` at `offset`, from `query`'s in unmirrored coordinates. Mirroring does not round-trip
    /// exactly: it searches a hair wider, mirrors back, then keeps exactly what meets `rect` as the caller sees it.
    /// A sticky range along the scroll axis is mirrored, and its element sticks to the other edge.
    func elements(in rect: LayoutRect, offset: LayoutPoint, limit: Int, unpinned: Bool,
                  _ query: (LayoutRect, LayoutPoint, inout ElementList) -> Bool) -> (list: ElementList, complete: Bool) {
        let slack = 1e-9 * max(1, width)
        var wider = self.rect(rect)
        wider.x -= slack
        wider.width += 2 * slack
        var list = ElementList(unpinned: unpinned)
        let complete = query(wider, self.offset(offset), &list)
        list.rewriteKept(from: 0) { a, sticky in
            var a = a
            a.frame = self.rect(a.frame)
            guard var range = sticky else { return a.frame.intersects(rect) ? (a, nil) : nil }
            if alongScrollAxis {
                let length = a.frame.width
                range = StickyRange(edge: range.edge == .leading ? .trailing : .leading, min: width - range.max - length,
                                    max: width - range.min - length, inset: range.inset)
            }
            return (a, range)
        }
        return (list, complete)
    }
}
