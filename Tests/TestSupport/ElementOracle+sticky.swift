public import LayoutEngine

extension ElementOracle {
    /// Every element of a compositional layout for answers that hold at every offset (tiles), from the per-element
    /// look-ups: pinned boundary items where they sit unpinned (the start of their sticky range for items before
    /// the content, its end for items after it) with their sticky ranges; orthogonal rows not scrolled.
    public static func unpinned(_ layout: PreparedCompositionalLayout) -> [(LayoutAttributes, StickyRange?)] {
        let vertical = layout.spec.scrollDirection == .vertical
        return all(layout).map { a in
            guard a.category == .supplementary, a.indexPath.item == 0,
                let range = layout.stickyRange(section: a.indexPath.section, kind: a.kind)
            else { return (a, nil) }
            var u = a
            let v = range.edge == .leading ? range.min : range.max
            if vertical { u.frame.y = v } else { u.frame.x = v }
            return (u, range)
        }
    }

    /// Whether an element given with its sticky range (or its frame, without one) meets `rect`: any place of its
    /// range does.
    public static func meets(_ a: LayoutAttributes, _ range: StickyRange?, _ rect: LayoutRect, vertical: Bool) -> Bool {
        guard let range else { return a.frame.intersects(rect) }
        let l = vertical ? a.frame.height : a.frame.width
        let span = vertical
            ? LayoutRect(x: a.frame.x, y: range.min, width: a.frame.width, height: range.max - range.min + l)
            : LayoutRect(x: range.min, y: a.frame.y, width: range.max - range.min + l, height: a.frame.height)
        return span.intersects(rect)
    }
}
