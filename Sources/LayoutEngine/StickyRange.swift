/// Where a pinned header or footer goes for any content offset, CSS `position: sticky`'s way: its coordinate
/// along the scroll axis is `clamp(v, min, max)`, v being the visible bounds' leading edge (`leading`: a pinned
/// header) or their trailing edge less the element's length (`trailing`: a pinned footer), moved `inset` inwards
/// (CSS `top: inset` or `bottom: inset`). Pinned headers and footers stick inside the content inset: theirs is
/// the content inset on their edge's side (`inside`).
///
/// A grid's frozen cells pin along x and y apart, each with a range of its own (`AxisPins`, given to
/// `ElementSink.append(_:pins:)`): there `inset` is the content inset on that side plus the cell's distance from
/// the content's edge, as a frozen band of several rows (columns) sticks as one block inside the inset.
public struct StickyRange: Sendable, Hashable {
    public enum Edge: Sendable, Hashable { case leading, trailing }
    public var edge: Edge
    public var min: Double
    public var max: Double
    public var inset: Double

    public init(edge: Edge, min: Double, max: Double, inset: Double = 0) {
        self.edge = edge
        self.min = min
        self.max = max
        self.inset = inset
    }

    /// The range moved inside a content inset: `before` (top or left) for a leading edge, `after` for a trailing.
    public func inside(before: Double, after: Double) -> StickyRange {
        var r = self
        r.inset += edge == .leading ? before : after
        return r
    }

    /// The element's coordinate along the axis when the visible bounds start at `leading` and are `length` long;
    /// `elementLength` is the element's own length along the axis.
    public func coordinate(leading: Double, length: Double, elementLength: Double) -> Double {
        let v = edge == .leading ? leading + inset : leading + length - inset - elementLength
        return Swift.max(self.min, Swift.min(v, self.max))
    }
}

/// How an element pins along x and along y (each nil when it does not pin on that axis), for answers that hold
/// at every content offset (tiles): a grid's frozen cell. `leading` and `trailing` are physical here: the left
/// (top) and the right (bottom) edge, mirrored layouts too.
public struct AxisPins: Sendable, Hashable {
    public var x: StickyRange?
    public var y: StickyRange?

    public init(x: StickyRange?, y: StickyRange?) {
        self.x = x
        self.y = y
    }
}
