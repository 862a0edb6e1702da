/// How a layout's content is cut into tiles: answers that hold at every content offset, so that they never change
/// for a layout and are cached (`PreparedLayout.tiling`).
public enum Tiling: Sendable, Hashable {
    /// No tiles: elements change with every offset beyond pinning (a wheel's cells turn with it).
    case none
    /// Bands along the scroll axis, each across the whole content; pinned headers and footers given unpinned with
    /// their sticky range. `acrossUnbounded` when elements may lie anywhere across the axis (orthogonal rows,
    /// posted frames), so that a band reaches far past the content there.
    case alongScrollAxis(acrossUnbounded: Bool)
    /// Rects of about one view along both axes; elements that pin along either axis given unpinned with their pins
    /// on both (`AxisPins`: a grid's frozen rows and columns).
    case bothAxes
}
