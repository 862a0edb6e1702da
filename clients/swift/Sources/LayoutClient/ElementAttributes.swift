import Foundation

/// Which kind of view an element is (UICollectionView.ElementCategory).
public enum ElementCategory: String, Sendable, Hashable, Comparable {
    case cell, supplementary, decoration

    public static func < (a: Self, b: Self) -> Bool { a.order < b.order }
    private var order: Int {
        switch self {
        case .supplementary: 0
        case .cell: 1
        case .decoration: 2
        }
    }
}

/// An element's identity: what UIKit keys a view by (category, element kind, index path).
public struct ElementKey: Sendable, Hashable {
    public var category: ElementCategory
    /// `header`, `footer`, a decoration kind; nil for cells.
    public var kind: String?
    public var section: Int
    public var item: Int

    public init(category: ElementCategory, kind: String? = nil, section: Int, item: Int) {
        self.category = category
        self.kind = kind
        self.section = section
        self.item = item
    }
}

/// One element's layout attributes (UICollectionViewLayoutAttributes), as the service answers them.
public struct ElementAttributes: Sendable, Hashable {
    public var key: ElementKey
    public var frame: CGRect
    public var zIndex: Int
    public var alpha: Double
    public var isHidden: Bool
    /// CATransform3D m11...m44, row-major; nil when the identity.
    public var transform3D: [Double]?
    /// Tiles only: a pinned header or footer, given where it sits unpinned, and the range it moves in
    /// (`placed(in:axis:)` puts it where it goes for the visible bounds). nil everywhere else.
    public var sticky: Components.Schemas.StickyRange?
    /// A grid's tiles only: a frozen column's cell (`stickyX`), a frozen row's (`stickyY`), a corner's (both),
    /// given where it lies unpinned, with the range it moves in along that axis and its `inset`. nil elsewhere.
    public var stickyX: Components.Schemas.StickyRange?
    public var stickyY: Components.Schemas.StickyRange?
    /// A collapsing header's progress, from 0 (expanded) to 1 (collapsed); nil for every other element.
    public var collapseProgress: Double?
    /// A row of a section with an outline (docs/compositional.md, "Outlines"): its level. nil for every other
    /// element.
    public var level: Int?

    public init(
        key: ElementKey, frame: CGRect, zIndex: Int, alpha: Double, isHidden: Bool, transform3D: [Double]?,
        sticky: Components.Schemas.StickyRange? = nil, stickyX: Components.Schemas.StickyRange? = nil,
        stickyY: Components.Schemas.StickyRange? = nil, collapseProgress: Double? = nil, level: Int? = nil
    ) {
        self.key = key
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
        self.isHidden = isHidden
        self.transform3D = transform3D
        self.sticky = sticky
        self.stickyX = stickyX
        self.stickyY = stickyY
        self.collapseProgress = collapseProgress
        self.level = level
    }

    public var category: ElementCategory { key.category }
    public var section: Int { key.section }
    public var item: Int { key.item }

    /// Whether the element is pinned (`sticky`, `stickyX` or `stickyY`): placed for the visible bounds.
    public var isPinned: Bool { sticky != nil || stickyX != nil || stickyY != nil }

    /// Where a pinned element goes when `visible` is the collection view's visible bounds, as the service's rect
    /// query with that offset places it: its coordinate along `axis` (`sticky`), or along x (`stickyX`) and y
    /// (`stickyY`) for a grid's frozen cell, becomes clamp(v, min, max), v being the bounds' minimum edge plus the
    /// range's `inset` (`leading`) or their maximum edge less the inset and the element's length (`trailing`);
    /// a pinned header's or footer's `inset` is the content inset on its side. The answer has no ranges. Elements without them are returned unchanged.
    public func placed(in visible: CGRect, axis: ScrollAxis) -> ElementAttributes {
        guard isPinned else { return self }
        var placed = self
        (placed.sticky, placed.stickyX, placed.stickyY) = (nil, nil, nil)
        func coordinate(_ s: Components.Schemas.StickyRange, _ low: CGFloat, _ high: CGFloat, _ length: CGFloat)
            -> Double
        {
            let inset = s.inset ?? 0
            let v = s.edge == .leading ? Double(low) + inset : Double(high) - inset - Double(length)
            return Swift.min(Swift.max(v, s.min), s.max)
        }
        let x = sticky.flatMap { axis == .horizontal ? $0 : nil } ?? stickyX
        let y = sticky.flatMap { axis == .vertical ? $0 : nil } ?? stickyY
        if let x { placed.frame.origin.x = coordinate(x, visible.minX, visible.maxX, frame.width) }
        if let y { placed.frame.origin.y = coordinate(y, visible.minY, visible.maxY, frame.height) }
        return placed
    }
}

extension CGRect {
    /// Closed intersection, as the service's rect queries use it: an element touching the rect's edge is in it.
    /// (CGRect.intersects leaves out rects that only touch.)
    public func touches(_ other: CGRect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}
