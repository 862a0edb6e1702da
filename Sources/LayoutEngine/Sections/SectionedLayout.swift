/// What flow and waterfall layouts share: sections stacked along a scroll axis, and flings that stop per the
/// spec's `scrollTargetBehavior`.
protocol SectionedLayout: PreparedLayout {
    associatedtype Frame: SectionFrame
    /// The prepared sections, in order.
    var sections: [Frame] { get }
    var scrollDirection: ScrollDirection { get }
    var scrollTargetBehavior: ScrollTargetBehavior { get }
    var chrome: SectionChrome { get }
}

/// Where one prepared section of a sectioned layout sits, and how many items it holds.
protocol SectionFrame {
    var band: SectionBand { get }
    var itemCount: Int { get }
}

extension SectionedLayout {
    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].itemCount : 0
    }

    /// A section's band (in unmirrored coordinates), nil when there is no such section.
    func band(ofSection section: Int) -> SectionBand? {
        sections.indices.contains(section) ? sections[section].band : nil
    }

    public func headerExtent(ofSection section: Int) -> ScrollExtent? {
        guard let band = band(ofSection: section), band.headerLength > 0 else { return nil }
        return mirroredAlongScrollAxis(ScrollExtent(band.start, band.headerLength))
    }

    public func pinnedHeaderLength(ofSection section: Int) -> Double {
        chrome.spec.pinHeaders ? band(ofSection: section)?.headerLength ?? 0 : 0
    }

    /// A right-to-left horizontal layout is mirrored along its scroll axis.
    func mirroredAlongScrollAxis(_ e: ScrollExtent) -> ScrollExtent {
        guard spec.isMirroredAlongScrollAxis else { return e }
        return ScrollExtent(contentSize.width - e.end, e.length)
    }
}

extension SectionedLayout {
    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint {
        ScrollTargeting(behavior: scrollTargetBehavior, direction: scrollDirection, view: viewSize,
                        content: contentSize, inset: contentInset)
            .target(proposed: proposed, velocity: velocity) { cellsAndCompleteness(in: $0, offset: proposed) }
    }
}

extension LineAxes {
    /// The content size of sections stacked to `length` in a view of `view`'s size: the view's breadth across.
    func contentSize(view: LayoutSize, length: Double) -> LayoutSize {
        vertical ? LayoutSize(width: view.width, height: length) : LayoutSize(width: length, height: view.height)
    }
}
