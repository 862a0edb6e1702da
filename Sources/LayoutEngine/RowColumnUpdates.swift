/// A layout whose batch updates insert, delete, move and resize rows and columns (a grid's `GridBatchOperation`s)
/// rather than sections and items (`UpdatePlan`). The service asks the layout, not its kind: the spec after the
/// batch (`LayoutSpec.applying(rowsAndColumns:)`), how the elements of a rect move, and the offset that keeps an
/// anchor on both axes.
public protocol RowColumnUpdates: PreparedLayout {
    /// How the elements of `rect` at `offset` move from this layout to `new` (prepared from the spec that
    /// `spec.applying(rowsAndColumns:)` gave with `update`); nil when the rect holds more than `limit` elements.
    func animations(to new: any PreparedLayout, update: GridUpdate, rect: LayoutRect, offset: LayoutPoint,
                    limit: Int) -> UpdateAnimations?
    /// The content offset of `new` that keeps `anchor`, seen at `offset` in this layout, where it was on both axes.
    func contentOffset(of new: any PreparedLayout, keeping anchor: ScrollAnchor, at offset: LayoutPoint,
                       update: GridUpdate) -> LayoutPoint
}
