/// Flow and waterfall layouts are computed in line coordinates and turned into frames at the end:
///
///     vertical scrolling               horizontal scrolling
///     +--- u --->                      +--- v --->
///     | [a][b][c]   a line (row)       | [a] [d]
///     v [d][e]                         u [b] [e]     a line (column)
///                                      v [c]
///
/// `u` runs along a line, `v` is the direction lines (and sections) stack in.
@usableFromInline
struct LineAxes: Sendable {
    @usableFromInline let vertical: Bool

    init(_ direction: ScrollDirection) { vertical = direction == .vertical }

    @inlinable @inline(__always)
    func frame(u: Double, v: Double, lengthU: Double, lengthV: Double) -> LayoutRect {
        vertical
            ? LayoutRect(x: u, y: v, width: lengthU, height: lengthV)
            : LayoutRect(x: v, y: u, width: lengthV, height: lengthU)
    }

    /// A size's length along a line.
    @inlinable @inline(__always) func u(_ s: LayoutSize) -> Double { vertical ? s.width : s.height }
    /// A size's length across lines (in the scroll direction).
    @inlinable @inline(__always) func v(_ s: LayoutSize) -> Double { vertical ? s.height : s.width }

    /// A rect's closed interval along lines.
    @inlinable @inline(__always) func uRange(_ r: LayoutRect) -> (Double, Double) {
        vertical ? (r.minX, r.maxX) : (r.minY, r.maxY)
    }

    /// A rect's closed interval in the scroll direction.
    @inlinable @inline(__always) func vRange(_ r: LayoutRect) -> (Double, Double) {
        vertical ? (r.minY, r.maxY) : (r.minX, r.maxX)
    }

    /// The insets before and after a line (left/right for vertical scrolling, top/bottom for horizontal).
    func lineInsets(_ e: LayoutEdgeInsets) -> (Double, Double) { vertical ? (e.left, e.right) : (e.top, e.bottom) }
    /// The insets before the first and after the last line of a section.
    func stackInsets(_ e: LayoutEdgeInsets) -> (Double, Double) { vertical ? (e.top, e.bottom) : (e.left, e.right) }
}

extension LineAxes {
    /// A point's coordinate in the scroll direction (`y` for vertical scrolling).
    @inlinable @inline(__always) func v(_ p: LayoutPoint) -> Double { vertical ? p.y : p.x }
}
