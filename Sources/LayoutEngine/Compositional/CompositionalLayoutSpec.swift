/// `NSCollectionLayoutDimension`: a length in points, a fraction of the container's width or height, or an
/// estimate replaced by the size the client reports (self-sizing).
public enum CompositionalDimension: Sendable, Hashable {
    case absolute(Double)
    case fractionalWidth(Double)
    case fractionalHeight(Double)
    case estimated(Double)

    /// The length in a container of `container`'s size.
    @inline(__always)
    func resolve(in container: LayoutSize) -> Double {
        switch self {
        case .absolute(let v), .estimated(let v): v
        case .fractionalWidth(let f): f * container.width
        case .fractionalHeight(let f): f * container.height
        }
    }

    public var isEstimated: Bool { if case .estimated = self { true } else { false } }
}

/// `NSCollectionLayoutSize`.
public struct CompositionalSize: Sendable, Hashable {
    public var width: CompositionalDimension
    public var height: CompositionalDimension

    public init(width: CompositionalDimension, height: CompositionalDimension) {
        self.width = width
        self.height = height
    }

    func resolve(in container: LayoutSize) -> LayoutSize {
        LayoutSize(width: width.resolve(in: container), height: height.resolve(in: container))
    }
}

/// `NSDirectionalEdgeInsets` (left-to-right: leading is left).
public struct DirectionalInsets: Sendable, Hashable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = DirectionalInsets()

    /// `rect` shrunk by these insets (never to a negative width or height).
    func shrink(_ r: LayoutRect) -> LayoutRect {
        LayoutRect(x: r.x + leading, y: r.y + top, width: max(0, r.width - leading - trailing),
             height: max(0, r.height - top - bottom))
    }
}

/// `NSCollectionLayoutSpacing`.
public enum CompositionalSpacing: Sendable, Hashable {
    case fixed(Double)
    /// At least this much; the leftover length is spread between the subitems.
    case flexible(Double)

    var minimum: Double {
        switch self {
        case .fixed(let v), .flexible(let v): v
        }
    }
}

/// `NSDirectionalRectEdge`, one edge.
public enum CompositionalEdge: String, Sendable, Hashable, CaseIterable {
    case top, leading, bottom, trailing
}

/// A supplementary item on an item (`NSCollectionLayoutSupplementaryItem`): a badge. It sits inside the item's
/// frame against the anchor's edges, then moves by `fractionalOffset` (of its own size) and `absoluteOffset`.
public struct CompositionalBadge: Sendable, Hashable {
    public var kind: String
    public var size: CompositionalSize
    public var edges: [CompositionalEdge]
    public var fractionalOffset: LayoutPoint
    public var absoluteOffset: LayoutPoint

    public init(kind: String, size: CompositionalSize, edges: [CompositionalEdge], fractionalOffset: LayoutPoint = .zero,
                absoluteOffset: LayoutPoint = .zero) {
        self.kind = kind
        self.size = size
        self.edges = edges
        self.fractionalOffset = fractionalOffset
        self.absoluteOffset = absoluteOffset
    }

    /// zIndex of badges: above their item (0).
    public static let zIndex = 1

    /// The badge's frame on an item whose frame is `item`.
    func frame(on item: LayoutRect) -> LayoutRect {
        let s = size.resolve(in: item.size)
        let top = edges.contains(.top)
        let bottom = edges.contains(.bottom)
        let leading = edges.contains(.leading)
        let trailing = edges.contains(.trailing)
        var x = item.x + (item.width - s.width) / 2
        if leading && !trailing { x = item.x } else if trailing && !leading { x = item.maxX - s.width }
        var y = item.y + (item.height - s.height) / 2
        if top && !bottom { y = item.y } else if bottom && !top { y = item.maxY - s.height }
        x += fractionalOffset.x * s.width + absoluteOffset.x
        y += fractionalOffset.y * s.height + absoluteOffset.y
        return LayoutRect(x: x, y: y, width: s.width, height: s.height)
    }
}

/// `NSCollectionLayoutItem`. In a custom group an item has a `frame` relative to the group instead of a size.
public struct CompositionalItem: Sendable, Hashable {
    public var size: CompositionalSize
    public var frame: LayoutRect?
    public var contentInsets: DirectionalInsets
    public var supplementaryItems: [CompositionalBadge]

    public init(size: CompositionalSize, frame: LayoutRect? = nil, contentInsets: DirectionalInsets = .zero,
                supplementaryItems: [CompositionalBadge] = []) {
        self.size = size
        self.frame = frame
        self.contentInsets = contentInsets
        self.supplementaryItems = supplementaryItems
    }
}

/// A group's subitem: an item or a group (groups nest).
public indirect enum CompositionalSubitem: Sendable, Hashable {
    case item(CompositionalItem)
    case group(CompositionalGroup)
}

public enum CompositionalGroupAxis: String, Sendable, Hashable, CaseIterable {
    case horizontal, vertical, custom
}

/// `NSCollectionLayoutGroup`.
public struct CompositionalGroup: Sendable, Hashable {
    public var axis: CompositionalGroupAxis
    public var size: CompositionalSize
    public var subitems: [CompositionalSubitem]
    /// n copies of the single subitem, sharing the group's length.
    public var count: Int?
    public var interItemSpacing: CompositionalSpacing

    public init(axis: CompositionalGroupAxis, size: CompositionalSize, subitems: [CompositionalSubitem],
                count: Int? = nil, interItemSpacing: CompositionalSpacing = .fixed(0)) {
        self.axis = axis
        self.size = size
        self.subitems = subitems
        self.count = count
        self.interItemSpacing = interItemSpacing
    }

    /// Groups nest at most this deep (the top group counts as one).
    public static let maxDepth = 8
    /// A group (with its nested groups, counts and repeats) holds at most this many items.
    public static let maxItemsPerGroup = 10_000
}

/// Where a boundary supplementary item goes: before the section's content (`top`, or `leading` when scrolling
/// horizontally) or after it (`bottom`, `trailing`).
public enum BoundaryAlignment: String, Sendable, Hashable, CaseIterable {
    case top, bottom, leading, trailing

    var isBefore: Bool { self == .top || self == .leading }
}

/// `NSCollectionLayoutBoundarySupplementaryItem`: a section header or footer.
public struct CompositionalBoundaryItem: Sendable, Hashable {
    public var kind: String
    public var size: CompositionalSize
    public var alignment: BoundaryAlignment
    public var pinToVisibleBounds: Bool

    public init(kind: String, size: CompositionalSize, alignment: BoundaryAlignment, pinToVisibleBounds: Bool = false) {
        self.kind = kind
        self.size = size
        self.alignment = alignment
        self.pinToVisibleBounds = pinToVisibleBounds
    }

    /// zIndex of pinned boundary items: above cells and their badges.
    public static let pinnedZIndex = 2
}

/// `NSCollectionLayoutDecorationItem.background`: spans the section's frame, shrunk by `contentInsets`, behind it.
public struct CompositionalDecoration: Sendable, Hashable {
    public var kind: String
    public var contentInsets: DirectionalInsets

    public init(kind: String, contentInsets: DirectionalInsets = .zero) {
        self.kind = kind
        self.contentInsets = contentInsets
    }

    public static let zIndex = -1
}

/// `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum OrthogonalScrollingBehavior: String, Sendable, Hashable, CaseIterable {
    case none, continuous, continuousGroupLeadingBoundary, paging, groupPaging, groupPagingCentered
}

/// `NSCollectionLayoutSection`.
public struct CompositionalSection: Sendable, Hashable {
    public var group: CompositionalGroup
    public var interGroupSpacing: Double
    public var contentInsets: DirectionalInsets
    public var orthogonalScrollingBehavior: OrthogonalScrollingBehavior
    public var boundarySupplementaryItems: [CompositionalBoundaryItem]
    public var decorationItems: [CompositionalDecoration]
    /// The section's own scroll effects, replacing the layout's (`{}`: none); along its row when it scrolls on its
    /// own.
    public var scrollEffects: ScrollEffects?

    public init(group: CompositionalGroup, interGroupSpacing: Double = 0, contentInsets: DirectionalInsets = .zero,
                orthogonalScrollingBehavior: OrthogonalScrollingBehavior = .none,
                boundarySupplementaryItems: [CompositionalBoundaryItem] = [],
                decorationItems: [CompositionalDecoration] = []) {
        self.group = group
        self.interGroupSpacing = interGroupSpacing
        self.contentInsets = contentInsets
        self.orthogonalScrollingBehavior = orthogonalScrollingBehavior
        self.boundarySupplementaryItems = boundarySupplementaryItems
        self.decorationItems = decorationItems
    }
}

/// A compositional section's items: a count, or one size per item (`CompositionalItems.unreported` for an item
/// whose size is not known yet). A size replaces the estimated dimensions of the item it lands on.
public enum CompositionalItems: Sendable, Hashable {
    case count(Int)
    case sizes([LayoutSize])

    public var count: Int {
        switch self {
        case .count(let n): n
        case .sizes(let s): s.count
        }
    }

    /// The size of an item not reported yet (written `null`).
    public static let unreported = LayoutSize(width: -1, height: -1)
}

/// One section of a compositional layout: its items, and its layout (nil: the layout's `defaultSection`).
public struct CompositionalSectionSpec: Sendable, Hashable {
    public var items: CompositionalItems
    public var section: CompositionalSection?
    /// The items as their content (`items` is then their count): each cell as wide as the item it lands on
    /// resolves, and as tall as its content (the item's estimated height).
    public var contents: [CellContent]?
    /// Rows that expand and collapse: a level per item and the collapsed items (nil: every item shown, no levels).
    public var outline: Outline?

    public init(items: CompositionalItems, section: CompositionalSection? = nil, contents: [CellContent]? = nil,
                outline: Outline? = nil) {
        self.items = items
        self.section = section
        self.contents = contents
        self.outline = outline
    }
}

/// `UICollectionViewCompositionalLayout` (lists are written as one of these).
public struct CompositionalLayoutSpec: Sendable, Hashable {
    public var collectionView: LayoutSize
    /// `collectionView.contentInset`: the scroll range's insets; pinned boundary items stick inside them.
    public var contentInset: LayoutEdgeInsets = .zero
    public var scrollDirection: ScrollDirection = .vertical
    public var interSectionSpacing: Double = 0
    public var defaultSection: CompositionalSection?
    public var sections: [CompositionalSectionSpec]
    /// The text styles of sections given as `contents`, by name.
    public var textStyles: [String: TextStyle] = [:]
    /// A header above the content that collapses as the page scrolls (vertical layouts only).
    public var collapsingHeader: CollapsingHeader?
    /// Cells of the sections that scroll with the page that shrink and fade away from the visible area's centre
    /// (nil: none).
    public var scrollEffects: ScrollEffects?

    public init(collectionView: LayoutSize, sections: [CompositionalSectionSpec], defaultSection: CompositionalSection? = nil) {
        self.collectionView = collectionView
        self.sections = sections
        self.defaultSection = defaultSection
    }

    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Sections equal to the default section are written without their own; scroll effects without what says
    /// nothing (a section's own `{}` stays: it replaces the layout's).
    public func normalized() -> CompositionalLayoutSpec {
        var copy = self
        copy.scrollEffects = ScrollEffects.normalized(scrollEffects)
        copy.defaultSection?.scrollEffects = defaultSection?.scrollEffects?.normalized()
        for i in copy.sections.indices {
            copy.sections[i].section?.scrollEffects = sections[i].section?.scrollEffects?.normalized()
        }
        guard let d = copy.defaultSection else { return copy }
        for i in copy.sections.indices where copy.sections[i].section == d { copy.sections[i].section = nil }
        return copy
    }

    /// The layout of section `s`.
    public func layout(ofSection s: Int) -> CompositionalSection? { sections[s].section ?? defaultSection }
}
