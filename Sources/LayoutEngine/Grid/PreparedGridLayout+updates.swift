extension PreparedGridLayout {
    /// `init(spec)` for a grid a batch made of `old`: an axis whose sizes, spacing and frozen counts are the old
    /// ones keeps `old`'s prepared track, so a batch rebuilds the sums of one axis at most when it changes one.
    /// Gives exactly what `init(spec)` gives.
    public init(_ spec: GridLayoutSpec, reusing old: PreparedGridLayout) {
        let o = old.gridSpec
        gridSpec = spec
        rows = spec.rows == o.rows && spec.rowSpacing == o.rowSpacing && spec.frozen.top == o.frozen.top
            && spec.frozen.bottom == o.frozen.bottom
            ? old.rows
            : GridTrack(spec.rows, spacing: spec.rowSpacing, frozenBefore: spec.frozen.top, frozenAfter: spec.frozen.bottom)
        columns = spec.columns == o.columns && spec.columnSpacing == o.columnSpacing
            && spec.frozen.leading == o.frozen.leading && spec.frozen.trailing == o.frozen.trailing
            ? old.columns
            : GridTrack(spec.columns, spacing: spec.columnSpacing, frozenBefore: spec.frozen.leading,
                        frozenAfter: spec.frozen.trailing)
        mergeIndex = spec.merged == o.merged ? old.mergeIndex : GridMergeIndex(spec.merged)
    }

    /// The content offset after a batch (`update`, from `old` at `offset`) that keeps the user's place by the
    /// anchor rules (docs/viewport.md), on each axis apart: along the rows that scroll, from the visible area's
    /// top under the frozen rows, and along the columns that scroll, from its leading edge beside the frozen
    /// columns (a grid scrolls both ways, so a column inserted or widened to the left moves the offset as a row
    /// above does).
    /// - `firstVisible`: the first row (column) that scrolls, visible at the offset: its distance to the edge
    ///   kept when it starts at or past it, else the fraction of it past the edge;
    /// - `item`: that cell's row and column keep their distances to the edges (a frozen one keeps the offset);
    /// - `end`: the content's bottom keeps its distance to the viewport's bottom; columns as `firstVisible`.
    /// A deleted row (column) is stood in for by the next one that survives, else the one before, at its own
    /// distance. The result is clamped to the scroll range.
    /// - Complexity: O(log runs) look-ups and O(log n) searches of the tracks.
    public func contentOffset(keeping anchor: ScrollAnchor, at offset: LayoutPoint, from old: PreparedGridLayout,
                              update: GridUpdate) -> LayoutPoint {
        let inset = gridSpec.contentInset
        var item: LayoutIndexPath?
        if case .item(let p) = anchor { item = p }
        var y = offset.y
        if case .end = anchor {
            y = offset.y + (contentSize.height - old.contentSize.height)
        } else if let edge = Self.keep(old.rows, rows, update.rows, edge: offset.y + inset.top + old.rows.covers.before,
                                       index: item?.section) {
            y = edge - rows.covers.before - inset.top
        }
        // Columns along their own direction (from the right when mirrored).
        var x = offset.x
        if let edge = Self.keep(old.columns, columns, update.columns, edge: old.columnEdge(atOffsetX: offset.x),
                                index: item?.item) {
            x = offsetX(atColumnEdge: edge)
        }
        if !x.isFinite { x = offset.x }
        if !y.isFinite { y = offset.y }
        return scrollRange.clamp(LayoutPoint(x: x, y: y))
    }

    /// Where the edge is after the batch on one axis, keeping the anchor (index `index`, or the first that
    /// scrolls and is visible past `edge`); nil when nothing is kept (the offset stays).
    static func keep(_ old: GridTrack, _ new: GridTrack, _ plan: RunPlan<Double>, edge: Double, index: Int?) -> Double? {
        let i: Int
        if let index {
            guard index >= 0, index < old.count, old.band(of: index) == 1 else { return nil }
            i = index
        } else {
            let visible = old.indices(meeting: edge.nextUp, .infinity, in: old.band(1))
            guard !visible.isEmpty else { return nil }
            i = visible.lowerBound
        }
        guard let (o, n) = plan.survivor(ofOld: i) else { return nil }
        let start = old.start(i)
        if index == nil, o == i, start < edge {
            return new.start(n) + (edge - start) / old.size(i) * new.size(n)
        }
        return new.start(n) - (old.start(o) - edge)
    }
}
