extension PreparedLayout {
    /// `indexPathForItemAtPoint:`: the topmost cell (highest zIndex, then nearest for 3D-transformed cells, then
    /// last) whose frame holds `point`, as drawn: a transformed cell is hit within its projected frame, and not
    /// when it faces away from the viewer.
    /// - Complexity: that of a rect query for a point: O(log n + k), k the cells stacked there (at most about
    ///   2,000 are considered: more stacked at one point is a degenerate layout).
    public func itemIndexPath(at point: LayoutPoint, offset: LayoutPoint) -> LayoutIndexPath? {
        if collapsingHeaderCovers(point, offset: offset) { return nil }
        var candidates: [LayoutAttributes] = []
        // A transformed cell may be drawn outside its frame: widen the search by a few view sizes then.
        let reach = transformsCells ? max(viewSize.width, viewSize.height) : 0
        _ = elements(in: LayoutRect(x: point.x - reach, y: point.y - reach, width: 2 * reach, height: 2 * reach),
                     offset: offset, limit: internalQueryLimit, into: &candidates)
        var best: (key: (Int, Double, Int), path: LayoutIndexPath)?
        for (i, a) in candidates.enumerated() where a.category == .cell && !a.isHidden {
            let depth: Double
            if a.transform3D.isIdentity {
                guard a.frame.contains(point) else { continue }
                depth = 0
            } else {
                let corners = a.transform3D.projectedCorners(of: a.frame)
                guard signedArea(corners) > 0, convexPolygon(corners, contains: point) else { continue }
                depth = a.transform3D.depth
            }
            let key = (a.zIndex, depth, i)
            if best == nil || key > best!.key { best = (key, a.indexPath) }
        }
        return best?.path
    }
}
