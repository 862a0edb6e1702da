import Foundation

/// A layout's collapsing header, as the summary's `tile.collapsingHeader` describes it (the repository's
/// docs/specs.md, "Collapsing headers"): tiles leave the header out, since its frame follows the content offset;
/// this places it, and the pinned headers below it, for any offset.
public struct CollapsingHeaderPlacement: Sendable, Hashable {
    public var expandedHeight: Double
    public var collapsedHeight: Double
    /// Whether it stays at the top once collapsed (else it scrolls away).
    public var pinned: Bool
    public var stretch: Bool
    public var zIndex: Int
    public var contentInsetTop: Double

    public init(_ h: Components.Schemas.TileCollapsingHeader) {
        expandedHeight = h.expandedHeight
        collapsedHeight = h.collapsedHeight
        pinned = h.behavior == .pinned
        stretch = h.stretch
        zIndex = h.zIndex
        contentInsetTop = h.contentInsetTop
    }

    /// The header's y and height when the visible area's top is at `t` (the offset's y + `contentInsetTop`).
    public func place(at t: Double) -> (y: Double, height: Double) {
        let e = expandedHeight
        let c = collapsedHeight
        guard t >= 0 else { return stretch ? (t, e - t) : (0, e) }
        return (pinned ? t : min(t, e - c), max(c, e - t))
    }

    /// (E − height) / (E − C), clamped to [0, 1]; 0 when C = E.
    public func progress(height: Double) -> Double {
        let range = expandedHeight - collapsedHeight
        return range > 0 ? min(1, max(0, (expandedHeight - height) / range)) : 0
    }

    /// Where pinned headers stick at content offset `offsetY`: below the header's visible bottom.
    public func pinEdge(offsetY: Double) -> Double {
        let t = offsetY + contentInsetTop
        let (y, height) = place(at: t)
        return t + max(0, y + height - t)
    }

    /// The header's attributes at content offset `offsetY` in a view `width` wide, as the service answers them.
    public func attributes(offsetY: Double, width: Double) -> ElementAttributes {
        let (y, height) = place(at: offsetY + contentInsetTop)
        var a = ElementAttributes(
            key: Self.key, frame: CGRect(x: 0, y: y, width: width, height: height), zIndex: zIndex, alpha: 1,
            isHidden: false, transform3D: nil)
        a.collapseProgress = progress(height: height)
        return a
    }

    /// The header's identity: kind `collapsingHeader`, section 0, item 0.
    public static let key = ElementKey(category: .supplementary, kind: "collapsingHeader", section: 0, item: 0)
}
