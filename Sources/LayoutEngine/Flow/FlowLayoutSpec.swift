/// The items of one section: a count (every item has the section's item size) or one size per item.
public enum FlowItems: Sendable, Hashable {
    case count(Int)
    case sizes([LayoutSize])

    public var count: Int {
        switch self {
        case .count(let n): n
        case .sizes(let sizes): sizes.count
        }
    }
}

/// `UICollectionViewFlowLayout`'s parameters for one section: nil means "the layout-wide value"
/// (the `UICollectionViewDelegateFlowLayout` methods, when they answer).
public struct FlowSectionSpec: Sendable, Hashable {
    public var items: FlowItems
    public var itemSize: LayoutSize?
    /// The section's items given by count follow the line's length (rule 7; a vertical flow): set instead of
    /// `itemSize`.
    public var adaptiveItemSize: AdaptiveItemSize?
    public var minimumLineSpacing: Double?
    public var minimumInteritemSpacing: Double?
    public var sectionInset: LayoutEdgeInsets?
    public var headerReferenceSize: LayoutSize?
    public var footerReferenceSize: LayoutSize?
    /// The section's decoration views, replacing the layout's.
    public var decorations: [DecorationSpec]?
    /// The items as their content (`items` is then their count): each cell `itemWidth` wide, or as wide as the
    /// line when it is nil, and as tall as its content.
    public var contents: [CellContent]?
    /// The width of each content cell (nil: the line's width, one cell a line).
    public var itemWidth: Double?

    public init(items: FlowItems, itemSize: LayoutSize? = nil, minimumLineSpacing: Double? = nil,
                minimumInteritemSpacing: Double? = nil, sectionInset: LayoutEdgeInsets? = nil,
                headerReferenceSize: LayoutSize? = nil, footerReferenceSize: LayoutSize? = nil) {
        self.items = items
        self.itemSize = itemSize
        self.minimumLineSpacing = minimumLineSpacing
        self.minimumInteritemSpacing = minimumInteritemSpacing
        self.sectionInset = sectionInset
        self.headerReferenceSize = headerReferenceSize
        self.footerReferenceSize = footerReferenceSize
    }
}

/// `UICollectionViewFlowLayout`: layout-wide parameters (UIKit's defaults) and the sections.
public struct FlowLayoutSpec: Sendable, Hashable {
    public var collectionView: LayoutSize
    public var scrollDirection: ScrollDirection = .vertical
    public var itemSize = LayoutSize(width: 50, height: 50)
    /// Items given by count, in sections without an item size of their own, follow the line's length (rule 7;
    /// a vertical flow without `estimatedItemSize`): when set, `itemSize` is not used.
    public var adaptiveItemSize: AdaptiveItemSize?
    /// Self-sizing (`estimatedItemSize`): when set, items given by count start at this size (instead of
    /// `itemSize`) until the client reports their real sizes (`POST /v1/layouts/{id}/sizes`).
    public var estimatedItemSize: LayoutSize?
    public var minimumLineSpacing: Double = 10
    public var minimumInteritemSpacing: Double = 10
    public var sectionInset: LayoutEdgeInsets = .zero
    public var headerReferenceSize: LayoutSize = .zero
    public var footerReferenceSize: LayoutSize = .zero
    public var sections: [FlowSectionSpec]
    /// Beyond UIKit: alignment along and across lines, and right-to-left mirroring.
    public var alignment = FlowAlignment()
    public var layoutDirection: LayoutDirection = .leftToRight
    /// Pinned headers and footers, decoration views.
    public var chrome = SectionChromeSpec()
    /// Where flings stop (`targetContentOffset`).
    public var scrollTargetBehavior: ScrollTargetBehavior = .none
    /// `collectionView.contentInset` (UIScrollView's adjusted content inset): the scroll range, pinned headers and
    /// scroll positions; no frame of a non-pinned element.
    public var contentInset: LayoutEdgeInsets = .zero
    /// Where content shorter than the view sits: `.end` for chat (the newest message at the bottom).
    public var contentAnchor: ContentAnchor = .start
    /// The text styles of sections given as `contents`, by name.
    public var textStyles: [String: TextStyle] = [:]
    /// A header above the content that collapses as the page scrolls (vertical layouts only).
    public var collapsingHeader: CollapsingHeader?
    /// Cells that shrink and fade away from the visible area's centre (nil: none).
    public var scrollEffects: ScrollEffects?

    public init(collectionView: LayoutSize, sections: [FlowSectionSpec]) {
        self.collectionView = collectionView
        self.sections = sections
    }

    /// The parameters of section `index` with every override applied.
    func resolved(_ index: Int) -> ResolvedFlowSection {
        let s = sections[index]
        return ResolvedFlowSection(
            items: s.items,
            itemSize: s.itemSize ?? defaultItemSize,
            adaptive: adaptiveSize(of: s),
            lineSpacing: s.minimumLineSpacing ?? minimumLineSpacing,
            interitemSpacing: s.minimumInteritemSpacing ?? minimumInteritemSpacing,
            inset: s.sectionInset ?? sectionInset,
            header: s.headerReferenceSize ?? headerReferenceSize,
            footer: s.footerReferenceSize ?? footerReferenceSize)
    }

    /// Drops per-section overrides equal to the layout-wide value: they describe the same layout.
    public func normalized() -> FlowLayoutSpec {
        var copy = self
        copy.scrollEffects = ScrollEffects.normalized(scrollEffects)
        for i in copy.sections.indices {
            var s = copy.sections[i]
            if adaptiveItemSize == nil, s.itemSize == defaultItemSize { s.itemSize = nil }
            if s.adaptiveItemSize != nil, s.adaptiveItemSize == adaptiveItemSize { s.adaptiveItemSize = nil }
            if s.minimumLineSpacing == minimumLineSpacing { s.minimumLineSpacing = nil }
            if s.minimumInteritemSpacing == minimumInteritemSpacing { s.minimumInteritemSpacing = nil }
            if s.sectionInset == sectionInset { s.sectionInset = nil }
            if s.headerReferenceSize == headerReferenceSize { s.headerReferenceSize = nil }
            if s.footerReferenceSize == footerReferenceSize { s.footerReferenceSize = nil }
            if s.decorations == chrome.decorations { s.decorations = nil }
            copy.sections[i] = s
        }
        return copy
    }

    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The size of items given by count in sections without their own: the estimate, when self-sizing.
    public var defaultItemSize: LayoutSize { estimatedItemSize ?? itemSize }

    /// The adaptive size of a section's items given by count: its own, or the layout's when it has no fixed one.
    func adaptiveSize(of s: FlowSectionSpec) -> AdaptiveItemSize? {
        s.adaptiveItemSize ?? (s.itemSize == nil ? adaptiveItemSize : nil)
    }

    /// What sizes a section's items given by count.
    func sizing(of s: FlowSectionSpec) -> FlowItemSizing {
        adaptiveSize(of: s).map { .adaptive($0) } ?? .fixed(s.itemSize ?? defaultItemSize)
    }
}

/// One section's effective parameters.
struct ResolvedFlowSection {
    var items: FlowItems
    var itemSize: LayoutSize
    /// Set when items given by count follow the line's length: `itemSize` is then not used.
    var adaptive: AdaptiveItemSize?
    var lineSpacing: Double
    var interitemSpacing: Double
    var inset: LayoutEdgeInsets
    var header: LayoutSize
    var footer: LayoutSize
}
