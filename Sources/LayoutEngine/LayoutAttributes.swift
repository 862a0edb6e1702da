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
public struct LayoutIndexPath: Sendable, Hashable, Comparable {
    public var section: Int
    public var item: Int
    public init(section: Int, item: Int) { self.section = section; self.item = item }
    public static func < (a: LayoutIndexPath, b: LayoutIndexPath) -> Bool {
        (a.section, a.item) < (b.section, b.item)
    }
}

/// The standard supplementary kinds of a flow layout.
public enum SupplementaryKind {
    public static let header = "header"
    public static let footer = "footer"
    /// The collapsing header above a layout (`CollapsingHeader`): reserved, no section declares it.
    public static let collapsingHeader = CollapsingHeader.kind
}

/// `UICollectionViewLayoutAttributes`: where one element goes and how it looks.
public struct LayoutAttributes: Sendable, Hashable {
    public var category: ElementCategory
    /// `rowSpan` and `columnSpan` are kept where the fields' alignment leaves room (after `category` and after
    /// `isHidden`): the struct is no larger for them.
    @usableFromInline var rowSpanStorage: UInt32 = 1
    /// The supplementary or decoration kind (`"header"`, `"footer"`, ...); empty for cells.
    public var kind: String
    public var indexPath: LayoutIndexPath
    public var frame: LayoutRect
    public var transform3D: Transform3D
    public var alpha: Double
    public var zIndex: Int
    public var isHidden: Bool
    /// The outline level + 1 (0: none), kept in the room the alignment leaves after `isHidden`: the struct is no
    /// larger for it.
    @usableFromInline var levelStorage: UInt16 = 0
    @usableFromInline var columnSpanStorage: UInt32 = 1
    /// A collapsing header's progress (`collapseProgress`), -1 for every other element: a plain Double keeps the
    /// struct within its size (an optional would add a byte, and a stride of 8).
    @usableFromInline var collapseProgressStorage: Double = -1

    /// The rows a merged cell of a grid spans (1 for every other element).
    public var rowSpan: Int {
        get { Int(rowSpanStorage) }
        set { rowSpanStorage = UInt32(newValue) }
    }

    /// How far a collapsing header has collapsed, from 0 (expanded) to 1 (collapsed); nil for every other element.
    public var collapseProgress: Double? {
        get { collapseProgressStorage >= 0 ? collapseProgressStorage : nil }
        set { collapseProgressStorage = newValue.map { Swift.max(0, $0) } ?? -1 }
    }

    /// The columns a merged cell of a grid spans (1 for every other element).
    public var columnSpan: Int {
        get { Int(columnSpanStorage) }
        set { columnSpanStorage = UInt32(newValue) }
    }

    /// A cell's level in its section's outline (`sections[i].outline`); nil for every other element.
    public var level: Int? {
        get { levelStorage == 0 ? nil : Int(levelStorage) - 1 }
        set { levelStorage = newValue.map { UInt16(clamping: $0 + 1) } ?? 0 }
    }

    public init(category: ElementCategory, kind: String = "", indexPath: LayoutIndexPath, frame: LayoutRect,
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

    public static func cell(_ indexPath: LayoutIndexPath, _ frame: LayoutRect) -> LayoutAttributes {
        LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame)
    }

    public static func supplementary(_ kind: String, _ indexPath: LayoutIndexPath, _ frame: LayoutRect) -> LayoutAttributes {
        LayoutAttributes(category: .supplementary, kind: kind, indexPath: indexPath, frame: frame)
    }

    public var center: LayoutPoint { frame.center }
    public var size: LayoutSize { frame.size }
}
