extension PreparedGridLayout {
    /// The cell's rows (a merged range's, at its first cell) where they lie unpinned.
    public func scrollExtent(ofItem indexPath: LayoutIndexPath) -> ScrollExtent? {
        guard let a = attributesForItem(at: indexPath, offset: .zero) else { return nil }
        let r = indexPath.section
        let start = rows.start(r)
        return ScrollExtent(start, rows.end(r + a.rowSpan - 1) - start)
    }

    /// The frozen rows and columns pinned at the edges, over a cell that scrolls under them; a frozen cell is
    /// not covered along the axis it is frozen on.
    public func scrollCover(ofItem path: LayoutIndexPath) -> LayoutEdgeInsets {
        guard path.section >= 0, path.section < rows.count, path.item >= 0, path.item < columns.count else {
            return .zero
        }
        let rowCover = rows.band(of: path.section) == 1 ? rows.covers : (0, 0)
        let columnCover = columns.band(of: path.item) == 1 ? columns.covers : (0, 0)
        return LayoutEdgeInsets(top: rowCover.0, left: isMirrored ? columnCover.1 : columnCover.0, bottom: rowCover.1,
                          right: isMirrored ? columnCover.0 : columnCover.1)
    }

    /// The proposal clamped to the scroll range, then on each axis the start of the row (column) that scrolls
    /// nearest the visible area's start below the frozen ones: the next one in the direction of the velocity,
    /// or the nearest without one.
    /// - Complexity: O(log rows + log columns) starts.
    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint {
        let range = scrollRange
        let p = range.clamp(proposed)
        let inset = gridSpec.contentInset
        // Rows: the visible start is the offset, less the inset and the frozen rows above.
        let top = inset.top + rows.covers.before
        var y = p.y
        if let s = Self.snap(rows, p.y + top, speed: velocity.y) { y = s - top }
        // Columns, along their direction (from the right when mirrored: the offset's x then runs the other way).
        var x = p.x
        if let s = Self.snap(columns, columnEdge(atOffsetX: p.x), speed: isMirrored ? -velocity.x : velocity.x) {
            x = offsetX(atColumnEdge: s)
        }
        return range.clamp(LayoutPoint(x: x, y: y))
    }

    /// The visible area's leading edge along the columns' direction (from the right when mirrored) at content
    /// offset x `x`, past the content inset and the frozen leading columns: where the columns that scroll show.
    func columnEdge(atOffsetX x: Double) -> Double {
        let lead = (isMirrored ? gridSpec.contentInset.right : gridSpec.contentInset.left) + columns.covers.before
        return isMirrored ? columns.length - (x + gridSpec.collectionView.width) + lead : x + lead
    }

    /// The content offset x whose `columnEdge(atOffsetX:)` is `edge`.
    func offsetX(atColumnEdge edge: Double) -> Double {
        let lead = (isMirrored ? gridSpec.contentInset.right : gridSpec.contentInset.left) + columns.covers.before
        return isMirrored ? columns.length - (edge - lead) - gridSpec.collectionView.width : edge - lead
    }

    /// The start, among the rows (columns) that scroll, chosen for `edge` and `speed`; nil when none scroll.
    static func snap(_ track: GridTrack, _ edge: Double, speed: Double) -> Double? {
        let band = track.band(1)
        guard !band.isEmpty else { return nil }
        // The last start at or before the edge, and the one after it.
        let i = max(band.lowerBound, track.indices(meeting: -Double.infinity, edge, in: band).upperBound - 1)
        let below = track.start(i)
        let above = i + 1 < band.upperBound ? track.start(i + 1) : below
        if below >= edge { return below }
        if speed > 0 { return above }
        if speed < 0 { return below }
        return edge - below <= above - edge ? below : above
    }
}
