/// `UICollectionLayoutListConfiguration.Appearance`.
public enum ListAppearance: String, Sendable, Hashable, CaseIterable {
    case plain, grouped, insetGrouped, sidebar
}

/// `UICollectionLayoutListConfiguration.HeaderMode` (and footer mode).
public enum ListSupplementaryMode: String, Sendable, Hashable, CaseIterable {
    case none, supplementary
}

/// A list (`UICollectionLayoutListConfiguration`): one full-width row per item, in sections with the appearance's
/// insets, spacing and backgrounds. It is a compositional layout and is written as one (`compositional()`).
public struct ListConfiguration: Sendable, Hashable {
    public var collectionView: LayoutSize
    public var contentInset: LayoutEdgeInsets = .zero
    public var appearance: ListAppearance = .plain
    public var headerMode: ListSupplementaryMode = .none
    public var footerMode: ListSupplementaryMode = .none
    /// Each row's height (default: estimated 44, UIKit's default row).
    public var rowHeight: CompositionalDimension = .estimated(44)
    public var sections: [CompositionalItems]
    /// Per section, its rows as their content (nil: `sections` alone).
    public var contents: [[CellContent]?] = []
    /// Per section, its outline (nil, or no entry: none).
    public var outlines: [Outline?] = []
    /// The text styles of the rows' contents, by name.
    public var textStyles: [String: TextStyle] = [:]

    public init(collectionView: LayoutSize, sections: [CompositionalItems]) {
        self.collectionView = collectionView
        self.sections = sections
    }

    /// The appearance's metrics: sections' side insets, space between sections, header and footer heights
    /// (estimated), whether headers pin, and whether sections get a rounded background.
    struct Metrics {
        var sideInset: Double
        var sectionSpacing: Double
        var headerHeight: Double
        var footerHeight: Double
        var pinHeaders: Bool
        var background: Bool
    }

    var metrics: Metrics {
        switch appearance {
        case .plain: Metrics(sideInset: 0, sectionSpacing: 0, headerHeight: 28, footerHeight: 28, pinHeaders: true, background: false)
        case .grouped: Metrics(sideInset: 0, sectionSpacing: 35, headerHeight: 38, footerHeight: 38, pinHeaders: false, background: false)
        case .insetGrouped: Metrics(sideInset: 20, sectionSpacing: 35, headerHeight: 38, footerHeight: 38, pinHeaders: false, background: true)
        case .sidebar: Metrics(sideInset: 10, sectionSpacing: 0, headerHeight: 32, footerHeight: 32, pinHeaders: false, background: false)
        }
    }

    /// The compositional layout the list stands for.
    public func compositional() -> CompositionalLayoutSpec {
        let m = metrics
        let row = CompositionalSize(width: .fractionalWidth(1), height: rowHeight)
        let group = CompositionalGroup(axis: .horizontal, size: row, subitems: [.item(CompositionalItem(size: row))])
        var section = CompositionalSection(group: group,
                                           contentInsets: DirectionalInsets(leading: m.sideInset, trailing: m.sideInset))
        var backgroundInsets = DirectionalInsets(leading: m.sideInset, trailing: m.sideInset)
        if headerMode == .supplementary {
            section.boundarySupplementaryItems.append(CompositionalBoundaryItem(
                kind: "header", size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(m.headerHeight)),
                alignment: .top, pinToVisibleBounds: m.pinHeaders))
            backgroundInsets.top = m.headerHeight
        }
        if footerMode == .supplementary {
            section.boundarySupplementaryItems.append(CompositionalBoundaryItem(
                kind: "footer", size: CompositionalSize(width: .fractionalWidth(1), height: .estimated(m.footerHeight)),
                alignment: .bottom))
            backgroundInsets.bottom = m.footerHeight
        }
        if m.background {
            section.decorationItems = [CompositionalDecoration(kind: "background", contentInsets: backgroundInsets)]
        }
        var spec = CompositionalLayoutSpec(collectionView: collectionView,
                                           sections: sections.enumerated().map { i, items in
                                               CompositionalSectionSpec(items: items,
                                                                        contents: contents.indices.contains(i) ? contents[i] : nil,
                                                                        outline: outlines.indices.contains(i) ? outlines[i] : nil)
                                           },
                                           defaultSection: section)
        spec.textStyles = textStyles
        spec.interSectionSpacing = m.sectionSpacing
        spec.contentInset = contentInset
        return spec
    }
}
