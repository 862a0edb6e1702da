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

    public init(
        key: ElementKey, frame: CGRect, zIndex: Int, alpha: Double, isHidden: Bool, transform3D: [Double]?,
        sticky: Components.Schemas.StickyRange? = nil
    ) {
        self.key = key
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
        self.isHidden = isHidden
        self.transform3D = transform3D
        self.sticky = sticky
    }

    public var category: ElementCategory { key.category }
    public var section: Int { key.section }
    public var item: Int { key.item }

    /// Where a pinned element goes when `visible` is the collection view's visible bounds, as the service's rect
    /// query with that offset places it: its coordinate along `axis` becomes clamp(v, min, max), v being the
    /// bounds' leading edge (`leading`) or their trailing edge less the element's length (`trailing`). The answer
    /// has no `sticky`. Elements without `sticky` are returned unchanged.
    public func placed(in visible: CGRect, axis: ScrollAxis) -> ElementAttributes {
        guard let sticky else { return self }
        var placed = self
        placed.sticky = nil
        let length = Double(axis == .vertical ? frame.height : frame.width)
        let v: Double =
            switch (sticky.edge, axis) {
            case (.leading, .vertical): Double(visible.minY)
            case (.leading, .horizontal): Double(visible.minX)
            case (.trailing, .vertical): Double(visible.maxY) - length
            case (.trailing, .horizontal): Double(visible.maxX) - length
            }
        let coordinate = Swift.min(Swift.max(v, sticky.min), sticky.max)
        if axis == .vertical { placed.frame.origin.y = coordinate } else { placed.frame.origin.x = coordinate }
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
