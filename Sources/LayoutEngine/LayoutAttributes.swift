/// `UICollectionView.ElementCategory`.
public enum ElementCategory: UInt8, Sendable, Hashable, CaseIterable {
    case cell
    case supplementary
    case decoration

    public var name: String {
        switch self {
        case .cell: "cell"
        case .supplementary: "supplementary"
        case .decoration: "decoration"
        }
    }
}

/// A (section, item) pair; headers and footers use item 0.
public struct IndexPath: Sendable, Hashable, Comparable {
    public var section: Int
    public var item: Int
    public init(section: Int, item: Int) { self.section = section; self.item = item }
    public static func < (a: IndexPath, b: IndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }
}

/// The standard supplementary kinds of a flow layout.
public enum SupplementaryKind {
    public static let header = "header"
    public static let footer = "footer"
}

/// `UICollectionViewLayoutAttributes`: where one element goes and how it looks.
public struct LayoutAttributes: Sendable, Hashable {
    public var category: ElementCategory
    /// The supplementary or decoration kind (`"header"`, `"footer"`, ...); empty for cells.
    public var kind: String
    public var indexPath: IndexPath
    public var frame: Rect
    public var transform3D: Transform3D
    public var alpha: Double
    public var zIndex: Int
    public var isHidden: Bool

    public init(category: ElementCategory, kind: String = "", indexPath: IndexPath, frame: Rect,
                transform3D: Transform3D = .identity, alpha: Double = 1, zIndex: Int = 0, isHidden: Bool = false) {
        self.category = category
        self.kind = kind
        self.indexPath = indexPath
        self.frame = frame
        self.transform3D = transform3D
        self.alpha = alpha
        self.zIndex = zIndex
        self.isHidden = isHidden
    }

    public static func cell(_ indexPath: IndexPath, _ frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame)
    }

    public static func supplementary(_ kind: String, _ indexPath: IndexPath, _ frame: Rect) -> LayoutAttributes {
        LayoutAttributes(category: .supplementary, kind: kind, indexPath: indexPath, frame: frame)
    }

    public var center: Point { frame.center }
    public var size: Size { frame.size }
}
