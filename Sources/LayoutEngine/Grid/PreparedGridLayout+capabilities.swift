/// What a grid adds to the core: tiles along both axes (frozen rows and columns pin on each), and batches of rows
/// and columns.
extension PreparedGridLayout: RowColumnUpdates {
    public var tiling: Tiling { .bothAxes }

    public func animations(to new: any PreparedLayout, update: GridUpdate, rect: LayoutRect, offset: LayoutPoint,
                           limit: Int) -> UpdateAnimations? {
        UpdateAnimations.make(old: self, new: Self.grid(new), update: update, rect: rect, offset: offset, limit: limit)
    }

    public func contentOffset(of new: any PreparedLayout, keeping anchor: ScrollAnchor, at offset: LayoutPoint,
                              update: GridUpdate) -> LayoutPoint {
        Self.grid(new).contentOffset(keeping: anchor, at: offset, from: self, update: update)
    }

    /// The layout a grid's spec prepares: a grid's batch gives a grid.
    private static func grid(_ layout: any PreparedLayout) -> PreparedGridLayout {
        guard let grid = layout as? PreparedGridLayout else { preconditionFailure("a grid's spec prepares a grid") }
        return grid
    }
}
