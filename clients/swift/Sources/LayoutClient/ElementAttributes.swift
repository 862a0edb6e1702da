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

    public init(key: ElementKey, frame: CGRect, zIndex: Int, alpha: Double, isHidden: Bool, transform3D: [Double]?) {
        self.key = key
        self.frame = frame
        self.zIndex = zIndex
        self.alpha = alpha
        self.isHidden = isHidden
        self.transform3D = transform3D
    }

    public var category: ElementCategory { key.category }
    public var section: Int { key.section }
    public var item: Int { key.item }
}

extension CGRect {
    /// Closed intersection, as the service's rect queries use it: an element touching the rect's edge is in it.
    /// (CGRect.intersects leaves out rects that only touch.)
    public func touches(_ other: CGRect) -> Bool {
        minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
    }
}
