/// Cells given as content: their widths come from the layout, their heights from the content, measured when the
/// layout is prepared.
///
/// Flow and waterfall sections resolve their content into sizes before the kind's own preparation (the width of
/// every cell is known from the spec alone: the section's `itemWidth` or line, the column), so that preparation,
/// the rect index and the queries are the ones of items given by size. A compositional item's width is known only
/// where it lands, so its group placement asks for the height of each content item at the width it resolves
/// (`GroupPlacer.contentHeight`). Either way the prepared layout keeps the spec as given (`spec`), which updates,
/// viewport changes and ids start from.
extension LayoutSpec {
    /// The kinds whose sections take `contents` (a list is a compositional layout).
    public static let contentKinds = ["flow", "waterfall", "compositional", "list"]

    /// The layout as a kind whose sections take content (nil for the other kinds).
    var contentKind: (any ContentKind)? {
        switch self {
        case .flow(let f): f
        case .waterfall(let w): w
        case .compositional(let c): c
        case .circle, .wheel, .grid, .frames: nil
        }
    }

    /// The layout's text styles (empty for kinds without content).
    public var textStyles: [String: TextStyle] { contentKind?.textStyles ?? [:] }

    /// Whether a section is given as content (and the layout needs a measurer to be exact).
    public var hasContent: Bool { contentKind?.hasContent ?? false }

    /// `prepare()`, measuring content with `measurer`. Without one, content cells keep the sizes their sections
    /// would give by count (flow: the item size; waterfall: 0; compositional: the estimate).
    public func prepare(measurer: (any TextMeasurer)?) -> any PreparedLayout {
        guard let measurer, hasContent else { return prepare() }
        switch self {
        case .flow(let flow):
            var prepared = PreparedFlowLayout(flow.resolvingContent(measurer))
            prepared.givenSpec = flow
            return Self.withScrollEffects(prepared)
        case .waterfall(let waterfall):
            var prepared = PreparedWaterfallLayout(waterfall.resolvingContent(measurer))
            prepared.givenSpec = waterfall
            return Self.withScrollEffects(prepared)
        case .compositional(let c): return Self.withScrollEffects(PreparedCompositionalLayout(c, measurer: measurer))
        case .circle, .wheel, .grid, .frames: return prepare()
        }
    }

    /// `prepare(reusing:unchangedBefore:item:)` with a measurer: a layout with content is prepared whole.
    public func prepare(reusing old: any PreparedLayout, unchangedBefore section: Int, item: Int,
                        plan: UpdatePlan? = nil, frames: FrameUpdates? = nil,
                        measurer: (any TextMeasurer)?) -> any PreparedLayout {
        hasContent ? prepare(measurer: measurer)
            : prepare(reusing: old, unchangedBefore: section, item: item, plan: plan, frames: frames)
    }

    /// Checks the text styles and every section's content: content only in vertical layouts, as many items as
    /// contents, each content valid (`CellContent.validate`); a compositional section's items of estimated height.
    func validateContent(limits: SpecLimits) throws(LayoutError) {
        let styles = textStyles
        try TextStyle.validate(styles)
        switch self {
        case .flow(let f):
            for (i, s) in f.sections.enumerated() {
                let at: [SpecPathComponent] = [.key("sections"), .index(i)]
                if let w = s.itemWidth {
                    guard s.contents != nil else {
                        throw .invalidValue(path: at + [.key("itemWidth")], reason: "is for sections given as contents")
                    }
                    try RangeCheck(maxLength: limits.maxLength).nonNegative(w, at: at + [.key("itemWidth")])
                }
                try Self.validate(s.contents, count: s.items.count, f.scrollDirection, styles, limits, at)
            }
        case .waterfall(let w):
            for (i, s) in w.sections.enumerated() {
                try Self.validate(s.contents, count: s.items.count, w.scrollDirection, styles, limits,
                                  [.key("sections"), .index(i)])
            }
        case .compositional(let c):
            for (i, s) in c.sections.enumerated() {
                let at: [SpecPathComponent] = [.key("sections"), .index(i)]
                try Self.validate(s.contents, count: s.items.count, c.scrollDirection, styles, limits, at)
                if s.contents != nil, let layout = c.layout(ofSection: i), !Self.takesContent(layout.group) {
                    throw .invalidValue(path: at + [.key("contents")],
                                        reason: "content sets an item's estimated height: every item of the section's "
                                            + "group needs an estimated height (and no frame)")
                }
            }
        case .circle, .wheel, .grid, .frames: break
        }
    }

    private static func validate(_ contents: [CellContent]?, count: Int, _ direction: ScrollDirection,
                                 _ styles: [String: TextStyle], _ limits: SpecLimits, _ at: [SpecPathComponent])
        throws(LayoutError)
    {
        guard let contents else { return }
        guard direction == .vertical else {
            throw .invalidValue(path: at + [.key("contents")],
                                reason: "content sets a cell's height: it needs a vertical layout")
        }
        guard contents.count == count else {
            throw .invalidValue(path: at + [.key("contents")],
                                reason: "holds \(contents.count) cells for \(count) items")
        }
        try CellContent.validate(contents, styles: styles, limits: limits, at: at + [.key("contents")])
    }

    /// Whether every item of `group` (nested groups included) has an estimated height and no frame.
    private static func takesContent(_ group: CompositionalGroup) -> Bool {
        group.subitems.allSatisfy {
            switch $0 {
            case .item(let item): item.frame == nil && item.size.height.isEstimated
            case .group(let g): takesContent(g)
            }
        }
    }
}

extension FlowLayoutSpec {
    /// The spec with every content section's items as sizes: `itemWidth` wide (or the line's width, inside the
    /// section's insets), as tall as the content at that width.
    func resolvingContent(_ measurer: some TextMeasurer) -> FlowLayoutSpec {
        var out = self
        for (i, s) in sections.enumerated() {
            guard let contents = s.contents else { continue }
            let inset = s.sectionInset ?? sectionInset
            let width = s.itemWidth ?? max(0, collectionView.width - inset.left - inset.right)
            let styles = textStyles
            out.sections[i].items = .sizes(measurer.heights(count: contents.count) {
                contents[$0].height(width: width, styles: styles, measurer: measurer)
            }.map { LayoutSize(width: width, height: $0) })
        }
        return out
    }
}

extension WaterfallLayoutSpec {
    /// The spec with every content section's items as heights at their width: the column's, or their span's.
    func resolvingContent(_ measurer: some TextMeasurer) -> WaterfallLayoutSpec {
        var out = self
        for (i, s) in sections.enumerated() {
            guard let contents = s.contents else { continue }
            let (count, length, spacing) = columns(ofSection: i)
            let spans = s.itemSpans
            let styles = textStyles
            out.sections[i].items = .lengths(measurer.heights(count: contents.count) {
                let width = Self.spannedLength(Self.span(spans, $0, columns: count), columnLength: length,
                                               spacing: spacing)
                return contents[$0].height(width: width, styles: styles, measurer: measurer)
            })
        }
        return out
    }
}
