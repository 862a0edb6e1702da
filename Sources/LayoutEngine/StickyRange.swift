/// Where a pinned header or footer goes for any content offset, CSS `position: sticky`'s way: its coordinate
/// along the scroll axis is `clamp(v, min, max)`, v being the visible bounds' leading edge (`leading`: a pinned
/// header) or their trailing edge less the element's length (`trailing`: a pinned footer).
public struct StickyRange: Sendable, Hashable {
    public enum Edge: Sendable, Hashable { case leading, trailing }
    public var edge: Edge
    public var min: Double
    public var max: Double

    public init(edge: Edge, min: Double, max: Double) {
        self.edge = edge
        self.min = min
        self.max = max
    }

    /// The element's coordinate along the axis when the visible bounds start at `leading` and are `length` long;
    /// `elementLength` is the element's own length along the axis.
    public func coordinate(leading: Double, length: Double, elementLength: Double) -> Double {
        let v = edge == .leading ? leading : leading + length - elementLength
        return Swift.max(self.min, Swift.min(v, self.max))
    }
}
