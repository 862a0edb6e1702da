/// Item lengths of a waterfall section: given in the scroll direction (heights, for vertical scrolling), or as
/// sizes scaled to the column's width keeping their aspect ratio.
public enum WaterfallItems: Sendable, Hashable {
    case lengths([Double])
    case sizes([LayoutSize])

    public var count: Int {
        switch self {
        case .lengths(let l): l.count
        case .sizes(let s): s.count
        }
    }
}

/// Where each item of a waterfall goes.
public enum WaterfallPlacement: String, Sendable, Hashable, CaseIterable {
    /// Under the currently shortest column, ties to the leftmost (masonry).
    case shortestColumn
    /// Item i in column i % columnCount.
    case roundRobin
}

public struct WaterfallSectionSpec: Sendable, Hashable {
    public var items: WaterfallItems
    public var columnCount: ColumnCount?
    public var columnSpacing: Double?
    public var itemSpacing: Double?
    public var sectionInset: LayoutEdgeInsets?
    public var headerHeight: Double?
    public var footerHeight: Double?
    public var decorations: [DecorationSpec]?
    /// The items as their content (`items` then holds one 0 per item): each cell the column's width and as tall
    /// as its content.
    public var contents: [CellContent]?
    /// Per item, the adjacent columns it spans (1 or more; a span at or above the column count is the full width).
    /// nil when every item spans 1.
    public var itemSpans: [Int]?
    /// Per item, the first column of its window (clamped so the window fits), or -1 to place it by the layout's
    /// `placement`. nil when every item is -1.
    public var itemColumns: [Int]?

    public init(items: WaterfallItems, columnCount: ColumnCount? = nil, columnSpacing: Double? = nil,
                itemSpacing: Double? = nil, sectionInset: LayoutEdgeInsets? = nil, headerHeight: Double? = nil,
                footerHeight: Double? = nil, decorations: [DecorationSpec]? = nil) {
        self.items = items
        self.columnCount = columnCount
        self.columnSpacing = columnSpacing
        self.itemSpacing = itemSpacing
        self.sectionInset = sectionInset
        self.headerHeight = headerHeight
        self.footerHeight = footerHeight
        self.decorations = decorations
    }
}

/// A waterfall (masonry) layout: `columnCount` columns of equal width inside the section insets.
/// For horizontal scrolling the columns are rows and lengths run along x (header and footer "heights" too).
public struct WaterfallLayoutSpec: Sendable, Hashable {
    public var collectionView: LayoutSize
    public var scrollDirection: ScrollDirection = .vertical
    public var columnCount: ColumnCount = 2
    public var columnSpacing: Double = 10
    public var itemSpacing: Double = 10
    public var sectionInset: LayoutEdgeInsets = .zero
    public var headerHeight: Double = 0
    public var footerHeight: Double = 0
    public var placement: WaterfallPlacement = .shortestColumn
    public var chrome = SectionChromeSpec()
    public var sections: [WaterfallSectionSpec]
    /// Where flings stop (`targetContentOffset`).
    public var scrollTargetBehavior: ScrollTargetBehavior = .none
    /// `collectionView.contentInset` (see `FlowLayoutSpec.contentInset`).
    public var contentInset: LayoutEdgeInsets = .zero
    /// Where content shorter than the view sits (`.end`: chat).
    public var contentAnchor: ContentAnchor = .start
    /// The text styles of sections given as `contents`, by name.
    public var textStyles: [String: TextStyle] = [:]
    /// `rightToLeft` mirrors every frame across the content's width (column 0 at the right when vertical).
    public var layoutDirection: LayoutDirection = .leftToRight
    /// A header above the content that collapses as the page scrolls (vertical layouts only).
    public var collapsingHeader: CollapsingHeader?
    /// Cells that shrink and fade away from the visible area's centre (nil: none).
    public var scrollEffects: ScrollEffects?

    public static let maxColumns = 1024

    /// The number of columns of section `s` across `available` points (the view's cross extent less the section's
    /// insets).
    func columns(ofSection s: Int, available: Double) -> Int {
        let section = sections[s]
        return (section.columnCount ?? columnCount).count(available: available,
                                                            spacing: section.columnSpacing ?? columnSpacing)
    }

    /// The length of each of `columns` columns `spacing` apart across `available` points (0 at least).
    static func columnLength(_ available: Double, columns: Int, spacing: Double) -> Double {
        max(0, (available - Double(columns - 1) * spacing) / Double(columns))
    }

    public init(collectionView: LayoutSize, sections: [WaterfallSectionSpec]) {
        self.collectionView = collectionView
        self.sections = sections
    }

    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Drops per-section overrides equal to the layout-wide value: they describe the same layout.
    public func normalized() -> WaterfallLayoutSpec {
        var copy = self
        copy.scrollEffects = ScrollEffects.normalized(scrollEffects)
        for i in copy.sections.indices {
            var s = copy.sections[i]
            if s.columnCount == columnCount { s.columnCount = nil }
            if s.columnSpacing == columnSpacing { s.columnSpacing = nil }
            if s.itemSpacing == itemSpacing { s.itemSpacing = nil }
            if s.sectionInset == sectionInset { s.sectionInset = nil }
            if s.headerHeight == headerHeight { s.headerHeight = nil }
            if s.footerHeight == footerHeight { s.footerHeight = nil }
            if s.decorations == chrome.decorations { s.decorations = nil }
            if let spans = s.itemSpans, spans.allSatisfy({ $0 == 1 }) { s.itemSpans = nil }
            if let columns = s.itemColumns, columns.allSatisfy({ $0 == -1 }) { s.itemColumns = nil }
            copy.sections[i] = s
        }
        return copy
    }

    public func validate(limits: SpecLimits) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.contentInset(contentInset)
        try collapsingHeader?.validate(vertical: scrollDirection == .vertical, check: check)
        try check.columnCount(columnCount, at: [.key("columnCount")])
        try check.nonNegative(columnSpacing, at: [.key("columnSpacing")])
        try check.nonNegative(itemSpacing, at: [.key("itemSpacing")])
        try check.sectionInsets(sectionInset, scrollDirection, at: [.key("sectionInset")])
        try check.nonNegative(headerHeight, at: [.key("headerHeight")])
        try check.nonNegative(footerHeight, at: [.key("footerHeight")])
        try check.decorations(chrome.decorations, at: [.key("decorations")])
        try scrollEffects?.validate(at: [.key("scrollEffects")])
        try check.sectionCount(sections.count, limits: limits)
        var total = 0
        for (i, s) in sections.enumerated() {
            let at: [SpecPathComponent] = [.key("sections"), .index(i)]
            switch s.items {
            case .lengths(let lengths):
                if let j = lengths.firstIndex(where: { !check.isNonNegative($0) }) {
                    try check.nonNegative(lengths[j], at: at + [.key("itemHeights"), .index(j)])
                }
            case .sizes(let sizes):
                // Scaled to the column width: both sides more than 0, and the scaled length (at most the view's
                // breadth times the aspect ratio) within the length limit, so it stays finite.
                let vertical = scrollDirection == .vertical
                let breadth = vertical ? collectionView.width : collectionView.height
                func scaledLength(_ z: LayoutSize) -> Double { (vertical ? z.height / z.width : z.width / z.height) * breadth }
                if let j = sizes.firstIndex(where: { !(check.isNonNegative($0.width) && $0.width > 0
                                                       && check.isNonNegative($0.height) && $0.height > 0
                                                       && scaledLength($0) <= limits.maxLength) }) {
                    try check.positivePair(sizes[j], at: at + [.key("itemSizes"), .index(j)])
                    throw .invalidValue(path: at + [.key("itemSizes"), .index(j)],
                                        reason: "its aspect ratio is too extreme: scaled to the column it would be "
                                            + "longer than \(Int(limits.maxLength))")
                }
            }
            total += s.items.count
            try check.itemTotal(total, limits: limits,
                                at: at + [.key({ if case .lengths = s.items { "itemHeights" } else { "itemSizes" } }())])
            if let v = s.columnCount { try check.columnCount(v, at: at + [.key("columnCount")]) }
            try Self.validate(spans: s.itemSpans, columns: s.itemColumns, items: s.items.count, at: at)
            if let v = s.columnSpacing { try check.nonNegative(v, at: at + [.key("columnSpacing")]) }
            if let v = s.itemSpacing { try check.nonNegative(v, at: at + [.key("itemSpacing")]) }
            if let v = s.sectionInset { try check.sectionInsets(v, scrollDirection, at: at + [.key("sectionInset")]) }
            if let v = s.headerHeight { try check.nonNegative(v, at: at + [.key("headerHeight")]) }
            if let v = s.footerHeight { try check.nonNegative(v, at: at + [.key("footerHeight")]) }
            if let v = s.decorations { try check.decorations(v, at: at + [.key("decorations")]) }
        }
    }
}

extension WaterfallLayoutSpec {
    /// `itemSpans` (1 or more) and `itemColumns` (-1 or more): one entry an item.
    static func validate(spans: [Int]?, columns: [Int]?, items: Int, at: [SpecPathComponent]) throws(LayoutError) {
        if let spans {
            guard spans.count == items else {
                throw .invalidValue(path: at + [.key("itemSpans")],
                                    reason: "has \(spans.count) entries for \(items) items: give one an item")
            }
            if let j = spans.firstIndex(where: { $0 < 1 }) {
                throw .invalidValue(path: at + [.key("itemSpans"), .index(j)], reason: "must be a whole number, 1 or more")
            }
        }
        if let columns {
            guard columns.count == items else {
                throw .invalidValue(path: at + [.key("itemColumns")],
                                    reason: "has \(columns.count) entries for \(items) items: give one an item")
            }
            if let j = columns.firstIndex(where: { $0 < -1 }) {
                throw .invalidValue(path: at + [.key("itemColumns"), .index(j)],
                                    reason: "must be a whole number, -1 (placed by the layout) or a column from 0")
            }
        }
    }
}
