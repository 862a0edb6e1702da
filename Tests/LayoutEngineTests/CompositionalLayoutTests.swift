import LayoutEngine
import TestSupport
import Testing

/// The rules of docs/compositional.md, each with the literal frames given there.
@Suite struct CompositionalLayoutTests {
    static func size(_ w: CompositionalDimension, _ h: CompositionalDimension) -> CompositionalSize {
        CompositionalSize(width: w, height: h)
    }

    static func item(_ w: CompositionalDimension, _ h: CompositionalDimension, insets: DirectionalInsets = .zero,
                     badges: [CompositionalBadge] = []) -> CompositionalSubitem {
        .item(CompositionalItem(size: size(w, h), contentInsets: insets, supplementaryItems: badges))
    }

    static func layout(_ view: LayoutSize, _ section: CompositionalSection, items: CompositionalItems = .count(6),
                       direction: ScrollDirection = .vertical) -> PreparedCompositionalLayout {
        var spec = CompositionalLayoutSpec(collectionView: view, sections: [CompositionalSectionSpec(items: items, section: section)])
        spec.scrollDirection = direction
        return PreparedCompositionalLayout(spec)
    }

    func cells(_ l: PreparedCompositionalLayout, _ s: Int = 0) -> [LayoutRect] {
        (0..<l.numberOfItems(inSection: s)).map { l.attributesForItem(at: LayoutIndexPath(section: s, item: $0), offset: .zero)!.frame }
    }

    /// The issue's example: a header, two-up rows that hold one item (the second does not fit with the spacing),
    /// insets, a badge, a background.
    @Test func theIssueExample() {
        var group = CompositionalGroup(axis: .horizontal, size: Self.size(.fractionalWidth(1), .absolute(120)), subitems: [
            Self.item(.fractionalWidth(0.5), .fractionalHeight(1), insets: DirectionalInsets(top: 4, leading: 4, bottom: 4, trailing: 4),
                      badges: [CompositionalBadge(kind: "badge", size: Self.size(.absolute(20), .absolute(20)), edges: [.top, .trailing],
                                                  fractionalOffset: LayoutPoint(x: 0.3, y: -0.3))]),
        ])
        group.interItemSpacing = .fixed(8)
        var section = CompositionalSection(group: group, interGroupSpacing: 10,
                                           contentInsets: DirectionalInsets(leading: 16, trailing: 16))
        section.boundarySupplementaryItems = [CompositionalBoundaryItem(
            kind: "header", size: Self.size(.fractionalWidth(1), .absolute(44)), alignment: .top, pinToVisibleBounds: true)]
        section.decorationItems = [CompositionalDecoration(kind: "background", contentInsets: DirectionalInsets(leading: 8, trailing: 8))]
        let l = Self.layout(LayoutSize(width: 390, height: 844), section, items: .count(30))
        // The group is 390 - 32 = 358 wide; an item slot 179 wide: 179 + 8 + 179 > 358, so one per group.
        #expect(cells(l).prefix(2) == [LayoutRect(x: 20, y: 48, width: 171, height: 112), LayoutRect(x: 20, y: 178, width: 171, height: 112)])
        let path = LayoutIndexPath(section: 0, item: 0)
        #expect(l.attributesForSupplementaryView(ofKind: "header", at: path, offset: .zero)
            == LayoutAttributes(category: .supplementary, kind: "header", indexPath: path,
                                frame: LayoutRect(x: 16, y: 0, width: 358, height: 44), zIndex: 2))
        // Top-trailing corner on the item's (191, 48), then moved by (0.3, -0.3) x 20.
        #expect(l.attributesForSupplementaryView(ofKind: "badge", at: path, offset: .zero)
            == LayoutAttributes(category: .supplementary, kind: "badge", indexPath: path,
                                frame: LayoutRect(x: 177, y: 42, width: 20, height: 20), zIndex: 1))
        // 44 + 30 x 120 + 29 x 10 = 3934.
        #expect(l.contentSize == LayoutSize(width: 390, height: 3934))
        #expect(l.attributesForDecorationView(ofKind: "background", at: path, offset: .zero)
            == LayoutAttributes(category: .decoration, kind: "background", indexPath: path,
                                frame: LayoutRect(x: 8, y: 0, width: 374, height: 3934), zIndex: -1))
        // Pinned: at the visible top, never past the end of the section's content less its own height.
        #expect(l.attributesForSupplementaryView(ofKind: "header", at: path, offset: LayoutPoint(x: 0, y: 1000))!.frame.y == 1000)
        #expect(l.attributesForSupplementaryView(ofKind: "header", at: path, offset: LayoutPoint(x: 0, y: 5000))!.frame.y == 3890)
        #expect(l.stickyRange(section: 0, boundaryItem: 0) == StickyRange(edge: .leading, min: 0, max: 3890))
    }

    @Test func countSharesTheGroupLength() {
        // 300 long, 3 copies, 10 apart: (300 - 20) / 3 each, whatever the item's own width says.
        var g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(50)),
                                   subitems: [Self.item(.absolute(50), .absolute(40))], count: 3)
        g.interItemSpacing = .fixed(10)
        let l = Self.layout(LayoutSize(width: 300, height: 600), CompositionalSection(group: g), items: .count(3))
        let w = 280.0 / 3
        #expect(cells(l) == [LayoutRect(x: 0, y: 0, width: w, height: 40), LayoutRect(x: w + 10, y: 0, width: w, height: 40),
                             LayoutRect(x: 2 * w + 20, y: 0, width: w, height: 40)])
    }

    @Test func subitemsRepeatWhileTheNextFits() {
        // 70 wide, 10 apart in 300: 0, 80, 160 (the next would end at 310). Groups of 3, 50 tall, 5 apart.
        var g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(50)),
                                   subitems: [Self.item(.absolute(70), .absolute(50))])
        g.interItemSpacing = .fixed(10)
        let l = Self.layout(LayoutSize(width: 300, height: 600), CompositionalSection(group: g, interGroupSpacing: 5), items: .count(5))
        #expect(cells(l) == [LayoutRect(x: 0, y: 0, width: 70, height: 50), LayoutRect(x: 80, y: 0, width: 70, height: 50),
                             LayoutRect(x: 160, y: 0, width: 70, height: 50),
                             // The last group holds what is left, in its first slots; it keeps its full length.
                             LayoutRect(x: 0, y: 55, width: 70, height: 50), LayoutRect(x: 80, y: 55, width: 70, height: 50)])
        #expect(l.contentSize.height == 105)
    }

    @Test func flexibleSpacingSpreadsTheLeftover() {
        // Three 70s fit with at least 10 between (230); 70 left over, 35 more in each of the two gaps.
        var g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(50)),
                                   subitems: [Self.item(.absolute(70), .absolute(50))])
        g.interItemSpacing = .flexible(10)
        let l = Self.layout(LayoutSize(width: 300, height: 600), CompositionalSection(group: g), items: .count(3))
        #expect(cells(l).map(\.x) == [0, 115, 230])
        // A lone subitem stays at the leading edge.
        g.size = Self.size(.absolute(100), .absolute(50))
        #expect(cells(Self.layout(LayoutSize(width: 300, height: 600), CompositionalSection(group: g), items: .count(2))).map(\.x) == [0, 0])
    }

    @Test func topGroupFractionsAreOfTheViewLessTheSectionInsets() {
        // 800 - 20 - 30 = 750 tall: 0.4 of it is 300; 400 - 10 - 10 = 380 wide, half is 190.
        let g = CompositionalGroup(axis: .horizontal, size: Self.size(.fractionalWidth(0.5), .fractionalHeight(0.4)),
                                   subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        let l = Self.layout(LayoutSize(width: 400, height: 800),
                            CompositionalSection(group: g, contentInsets: DirectionalInsets(top: 20, leading: 10, bottom: 30, trailing: 10)),
                            items: .count(2))
        // Narrower than the section: at its leading edge.
        #expect(cells(l) == [LayoutRect(x: 10, y: 20, width: 190, height: 300), LayoutRect(x: 10, y: 320, width: 190, height: 300)])
        #expect(l.contentSize.height == 650)
    }

    @Test func nestedGroups() {
        // A big item on the left, a vertical group of two on the right (count 2: 100 each).
        let right = CompositionalGroup(axis: .vertical, size: Self.size(.fractionalWidth(0.5), .fractionalHeight(1)),
                                       subitems: [Self.item(.fractionalWidth(1), .absolute(30))], count: 2)
        let g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(400), .absolute(200)),
                                   subitems: [Self.item(.fractionalWidth(0.5), .fractionalHeight(1)), .group(right)])
        let l = Self.layout(LayoutSize(width: 400, height: 800), CompositionalSection(group: g), items: .count(4))
        #expect(cells(l) == [LayoutRect(x: 0, y: 0, width: 200, height: 200), LayoutRect(x: 200, y: 0, width: 200, height: 100),
                             LayoutRect(x: 200, y: 100, width: 200, height: 100), LayoutRect(x: 0, y: 200, width: 200, height: 200)])
    }

    @Test func customGroupFrames() {
        let g = CompositionalGroup(axis: .custom, size: Self.size(.absolute(300), .absolute(100)), subitems: [
            .item(CompositionalItem(size: Self.size(.absolute(50), .absolute(50)), frame: LayoutRect(x: 10, y: 20, width: 50, height: 50))),
            .item(CompositionalItem(size: Self.size(.absolute(80), .absolute(30)), frame: LayoutRect(x: 200, y: 0, width: 80, height: 30),
                                    contentInsets: DirectionalInsets(top: 2, leading: 2, bottom: 2, trailing: 2))),
        ])
        let l = Self.layout(LayoutSize(width: 300, height: 800), CompositionalSection(group: g, interGroupSpacing: 10), items: .count(3))
        #expect(cells(l) == [LayoutRect(x: 10, y: 20, width: 50, height: 50), LayoutRect(x: 202, y: 2, width: 76, height: 26),
                             LayoutRect(x: 10, y: 130, width: 50, height: 50)])
    }

    @Test func sectionsBoundaryItemsAndInsets() {
        let g = CompositionalGroup(axis: .horizontal, size: Self.size(.fractionalWidth(1), .absolute(50)),
                                   subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        var section = CompositionalSection(group: g, contentInsets: DirectionalInsets(top: 5, leading: 20, bottom: 7, trailing: 20))
        section.boundarySupplementaryItems = [
            CompositionalBoundaryItem(kind: "header", size: Self.size(.fractionalWidth(0.5), .absolute(30)), alignment: .top),
            CompositionalBoundaryItem(kind: "footer", size: Self.size(.fractionalWidth(1), .absolute(10)), alignment: .bottom),
        ]
        var spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 340, height: 600), sections: [
            CompositionalSectionSpec(items: .count(1)), CompositionalSectionSpec(items: .count(1)),
        ], defaultSection: section)
        spec.interSectionSpacing = 20
        let l = PreparedCompositionalLayout(spec)
        // Section 0: header 0-30 (half of 300 wide, at the leading inset), top inset, the item 35-85, bottom inset
        // to 92, footer 92-102. Section 1 starts 20 later, at 122.
        let kinds = ElementOracle.all(l).map { "\($0.kind)\($0.indexPath.section)" }
        #expect(kinds == ["header0", "0", "footer0", "header1", "1", "footer1"])
        #expect(ElementOracle.all(l).map(\.frame) == [
            LayoutRect(x: 20, y: 0, width: 150, height: 30), LayoutRect(x: 20, y: 35, width: 300, height: 50),
            LayoutRect(x: 20, y: 92, width: 300, height: 10),
            LayoutRect(x: 20, y: 122, width: 150, height: 30), LayoutRect(x: 20, y: 157, width: 300, height: 50),
            LayoutRect(x: 20, y: 214, width: 300, height: 10),
        ])
        #expect(l.contentSize == LayoutSize(width: 340, height: 224))
    }

    @Test func pinnedBoundaryItemsStayInsideTheContentInset() {
        let g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(50)),
                                   subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        var section = CompositionalSection(group: g)
        section.boundarySupplementaryItems = [
            CompositionalBoundaryItem(kind: "header", size: Self.size(.fractionalWidth(1), .absolute(30)), alignment: .top, pinToVisibleBounds: true),
            CompositionalBoundaryItem(kind: "footer", size: Self.size(.fractionalWidth(1), .absolute(20)), alignment: .bottom, pinToVisibleBounds: true),
        ]
        var spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 300, height: 200), sections: [
            CompositionalSectionSpec(items: .count(6), section: section),
        ])
        spec.contentInset = LayoutEdgeInsets(top: 20, left: 0, bottom: 10, right: 0)
        let l = PreparedCompositionalLayout(spec)
        func y(_ kind: String, _ offset: Double) -> Double {
            l.attributesForSupplementaryView(ofKind: kind, at: LayoutIndexPath(section: 0, item: 0), offset: LayoutPoint(x: 0, y: offset))!.frame.y
        }
        // Header 0-30, six rows to 330, footer 330-350. The header sticks below the top inset (100 + 20), never
        // past the content's end less its height; the footer above the bottom inset (0 + 200 - 10 - 20).
        #expect(y("header", 100) == 120)
        #expect(y("header", 400) == 300)
        #expect(y("footer", 0) == 170)
        #expect(y("footer", 200) == 330)
        #expect(l.stickyRange(section: 0, boundaryItem: 1) == StickyRange(edge: .trailing, min: 30, max: 330, inset: 10))
        #expect(l.pinnedHeaderLength(ofSection: 0) == 30)
        #expect(l.headerExtent(ofSection: 0) == ScrollExtent(0, 30))
    }

    @Test func horizontalScrolling() {
        // Scrolling along x: groups follow one another along x; a header is a leading column.
        let g = CompositionalGroup(axis: .vertical, size: Self.size(.absolute(100), .fractionalHeight(1)),
                                   subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(0.5))])
        var section = CompositionalSection(group: g, interGroupSpacing: 10, contentInsets: DirectionalInsets(top: 10, bottom: 10))
        section.boundarySupplementaryItems = [CompositionalBoundaryItem(kind: "header", size: Self.size(.absolute(40), .fractionalHeight(1)),
                                                                        alignment: .leading)]
        let l = Self.layout(LayoutSize(width: 300, height: 220), section, items: .count(3), direction: .horizontal)
        #expect(l.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: 0, item: 0), offset: .zero)!.frame
            == LayoutRect(x: 0, y: 10, width: 40, height: 200))
        #expect(cells(l) == [LayoutRect(x: 40, y: 10, width: 100, height: 100), LayoutRect(x: 40, y: 110, width: 100, height: 100),
                             LayoutRect(x: 150, y: 10, width: 100, height: 100)])
        #expect(l.contentSize == LayoutSize(width: 250, height: 220))
    }

    @Test func badgeAnchors() {
        func badge(_ edges: [CompositionalEdge], _ absolute: LayoutPoint = .zero) -> LayoutRect {
            let b = CompositionalBadge(kind: "badge", size: Self.size(.absolute(10), .fractionalHeight(0.5)), edges: edges,
                                       absoluteOffset: absolute)
            let g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(100), .absolute(40)),
                                       subitems: [Self.item(.absolute(100), .absolute(40), badges: [b])])
            let l = Self.layout(LayoutSize(width: 100, height: 400), CompositionalSection(group: g), items: .count(1))
            return l.attributesForSupplementaryView(ofKind: "badge", at: LayoutIndexPath(section: 0, item: 0), offset: .zero)!.frame
        }
        // 10 x 20 (half the item's height).
        #expect(badge([.top, .trailing]) == LayoutRect(x: 90, y: 0, width: 10, height: 20))
        #expect(badge([.bottom, .leading]) == LayoutRect(x: 0, y: 20, width: 10, height: 20))
        #expect(badge([.top]) == LayoutRect(x: 45, y: 0, width: 10, height: 20))  // one edge: centred along it
        #expect(badge([]) == LayoutRect(x: 45, y: 10, width: 10, height: 20))
        #expect(badge([.trailing], LayoutPoint(x: 5, y: -3)) == LayoutRect(x: 95, y: 7, width: 10, height: 20))
    }

    @Test func orthogonalRows() {
        let g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(100)),
                                   subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
        var section = CompositionalSection(group: g, interGroupSpacing: 10, contentInsets: DirectionalInsets(leading: 16, trailing: 16))
        section.orthogonalScrollingBehavior = .continuous
        var l = Self.layout(LayoutSize(width: 390, height: 800), section, items: .count(3))
        // One row along x from the leading inset; the section is one group tall.
        #expect(cells(l) == [LayoutRect(x: 16, y: 0, width: 300, height: 100), LayoutRect(x: 326, y: 0, width: 300, height: 100),
                             LayoutRect(x: 636, y: 0, width: 300, height: 100)])
        #expect(l.contentSize == LayoutSize(width: 390, height: 100))
        // groupPagingCentered: each group centred in the section, (358 - 300) / 2 = 29 past the leading inset.
        section.orthogonalScrollingBehavior = .groupPagingCentered
        l = Self.layout(LayoutSize(width: 390, height: 800), section, items: .count(3))
        #expect(cells(l).map(\.x) == [45, 355, 665])
        // Scrolled by 310 (sectionOffsets): cells move back by it.
        var out: [LayoutAttributes] = []
        var list = ElementList()
        _ = l.elements(in: LayoutRect(x: 0, y: 0, width: 390, height: 100), offset: .zero, sectionOffsets: [0: 310], limit: 100, into: &list)
        out = list.elements
        #expect(out.map(\.frame) == [LayoutRect(x: -265, y: 0, width: 300, height: 100), LayoutRect(x: 45, y: 0, width: 300, height: 100),
                                     LayoutRect(x: 355, y: 0, width: 300, height: 100)])
    }

    @Test func orthogonalTargetOffsets() {
        // Five 300-wide groups, 10 apart, from the leading inset 16: the row is 16 + 1540 + 16 = 1572 long.
        func target(_ behaviour: OrthogonalScrollingBehavior, _ proposed: Double, _ velocity: Double = 0) -> Double? {
            let g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(100)),
                                       subitems: [Self.item(.fractionalWidth(1), .fractionalHeight(1))])
            var section = CompositionalSection(group: g, interGroupSpacing: 10, contentInsets: DirectionalInsets(leading: 16, trailing: 16))
            section.orthogonalScrollingBehavior = behaviour
            return Self.layout(LayoutSize(width: 390, height: 800), section, items: .count(5))
                .orthogonalTargetOffset(section: 0, proposed: proposed, velocity: velocity)
        }
        #expect(target(.none, 10) == nil)
        #expect(target(.continuous, 100) == 100)
        #expect(target(.continuous, 2000) == 1182)  // 1572 - 390
        #expect(target(.paging, 500) == 390)
        #expect(target(.paging, 500, 1) == 780)
        // A group's leading edge at the leading inset: stops 0, 310, 620, ...
        #expect(target(.continuousGroupLeadingBoundary, 400) == 310)
        #expect(target(.groupPaging, 400, 1) == 620)
        #expect(target(.groupPaging, 400, -1) == 310)
        // Centred: the row starts at 16 + (358 - 300) / 2 = 45; group k's centre at the view's: k x 310, up to
        // the row's end (1585 + 16 + 29 - 390 = 1240).
        #expect(target(.groupPagingCentered, 170) == 310)
        #expect(target(.groupPagingCentered, 1300) == 1240)
    }

    @Test func estimatedGroupsGrowToReportedSizes() {
        // A list row: estimated 44 tall; item 1 reports 80: its row grows, the rows after it move down.
        let row = Self.size(.fractionalWidth(1), .estimated(44))
        let g = CompositionalGroup(axis: .horizontal, size: row, subitems: [.item(CompositionalItem(size: row))])
        let section = CompositionalSection(group: g)
        let before = Self.layout(LayoutSize(width: 320, height: 600), section, items: .count(3))
        #expect(cells(before).map(\.y) == [0, 44, 88])
        let after = Self.layout(LayoutSize(width: 320, height: 600), section,
                                items: .sizes([CompositionalItems.unreported, LayoutSize(width: 320, height: 80), CompositionalItems.unreported]))
        #expect(cells(after) == [LayoutRect(x: 0, y: 0, width: 320, height: 44), LayoutRect(x: 0, y: 44, width: 320, height: 80),
                                 LayoutRect(x: 0, y: 124, width: 320, height: 44)])
        #expect(after.contentSize.height == 168)
        // Two-up: a group estimated 50 tall grows to its tallest subitem (90).
        let two = CompositionalGroup(axis: .horizontal, size: Self.size(.fractionalWidth(1), .estimated(50)),
                                     subitems: [Self.item(.fractionalWidth(0.5), .estimated(50))])
        let grid = Self.layout(LayoutSize(width: 320, height: 600), CompositionalSection(group: two),
                               items: .sizes([LayoutSize(width: 0, height: 60), LayoutSize(width: 0, height: 90), CompositionalItems.unreported]))
        #expect(cells(grid) == [LayoutRect(x: 0, y: 0, width: 160, height: 60), LayoutRect(x: 160, y: 0, width: 160, height: 90),
                                LayoutRect(x: 0, y: 90, width: 160, height: 50)])
    }

    /// A nested group estimated 100 wide whose items are 0 wide shrinks to 0 and would repeat for ever: a top
    /// group stops at `CompositionalGroup.maxItemsPerGroup` items.
    @Test func shrinkingEstimatedGroupsStopAtTheItemLimit() throws {
        let column = CompositionalGroup(axis: .vertical, size: Self.size(.estimated(100), .fractionalHeight(1)),
                                        subitems: [Self.item(.absolute(0), .absolute(10))])
        let g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(50)), subitems: [.group(column)])
        let spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 300, height: 600), sections: [
            CompositionalSectionSpec(items: .count(10_001), section: CompositionalSection(group: g)),
        ])
        try spec.validate(limits: SpecLimits())
        let l = PreparedCompositionalLayout(spec)
        #expect(cells(l)[9_999] == LayoutRect(x: 0, y: 40, width: 0, height: 10))
        #expect(cells(l)[10_000] == LayoutRect(x: 0, y: 50, width: 0, height: 10))
    }

    /// Each distinct section layout places its group once: together they stay within the item limit.
    @Test func groupTemplatesCountAgainstTheItemLimit() {
        let g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .absolute(10)),
                                   subitems: [Self.item(.absolute(0.03), .absolute(10))])  // 10000 to a group
        let spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 300, height: 600), sections: (0..<3).map { _ in
            CompositionalSectionSpec(items: .count(1), section: CompositionalSection(group: g))
        })
        #expect(throws: LayoutError.limitExceeded(path: [.key("sections"), .index(2), .key("section"), .key("group")],
                                                  reason: "the sections' groups hold more than 25000 items in all")) {
            try spec.validate(limits: SpecLimits(maxItems: 25_000))
        }
    }

    /// A section given sizes whose shared group is estimated places its groups one by one, each as many slots as
    /// the group holds: the shared group counts again for each such section (a count of items does not: its
    /// section repeats the one template).
    @Test func placedSectionsCountTheirSharedGroupAgainstTheItemLimit() throws {
        let g = CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(300), .estimated(10)),
                                   subitems: [Self.item(.absolute(0.03), .estimated(10))])  // 10000 to a group
        var spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 300, height: 600), sections: (0..<3).map { _ in
            CompositionalSectionSpec(items: .count(1))
        })
        spec.defaultSection = CompositionalSection(group: g)
        try spec.validate(limits: SpecLimits(maxItems: 25_000))
        spec.sections = (0..<3).map { _ in CompositionalSectionSpec(items: .sizes([LayoutSize(width: 1, height: 20)])) }
        #expect(throws: LayoutError.limitExceeded(path: [.key("sections"), .index(1), .key("itemSizes")],
                                                  reason: "the sections' groups hold more than 25000 items in all")) {
            try spec.validate(limits: SpecLimits(maxItems: 25_000))
        }
    }

    @Test func listsAreCompositionalLayouts() {
        var list = ListConfiguration(collectionView: LayoutSize(width: 390, height: 844), sections: [.count(2), .count(1)])
        list.appearance = .insetGrouped
        list.headerMode = .supplementary
        let l = PreparedCompositionalLayout(list.compositional())
        // Rows 20 in from each side, 44 tall (estimated); a 38 header; 35 between sections.
        #expect(ElementOracle.all(l).map(\.frame) == [
            LayoutRect(x: 20, y: 0, width: 350, height: 38), LayoutRect(x: 20, y: 38, width: 350, height: 44),
            LayoutRect(x: 20, y: 82, width: 350, height: 44), LayoutRect(x: 20, y: 38, width: 350, height: 88),
            LayoutRect(x: 20, y: 161, width: 350, height: 38), LayoutRect(x: 20, y: 199, width: 350, height: 44),
            LayoutRect(x: 20, y: 199, width: 350, height: 44),
        ])
    }

    @Test func validationNamesTheField() {
        func error(_ g: CompositionalGroup, _ direction: ScrollDirection = .vertical) -> String? {
            var spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 300, height: 600),
                                               sections: [CompositionalSectionSpec(items: .count(1), section: CompositionalSection(group: g))])
            spec.scrollDirection = direction
            do { try spec.validate(limits: SpecLimits()); return nil } catch {
                return error.path.map { switch $0 { case .key(let k): k; case .index(let i): "\(i)" } }.joined(separator: "/")
            }
        }
        let fits = Self.item(.absolute(10), .absolute(10))
        #expect(error(CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(100), .absolute(10)), subitems: [fits])) == nil)
        #expect(error(CompositionalGroup(axis: .horizontal, size: Self.size(.fractionalWidth(0), .absolute(10)), subitems: [fits]))
            == "sections/0/section/group/size/width/fractionalWidth")
        #expect(error(CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(100), .absolute(10)),
                                         subitems: [Self.item(.absolute(101), .absolute(10))]))
            == "sections/0/section/group/subitems/0")
        #expect(error(CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(100), .absolute(10)), subitems: []))
            == "sections/0/section/group/subitems")
        #expect(error(CompositionalGroup(axis: .horizontal, size: Self.size(.absolute(100), .absolute(10)), subitems: [fits], count: 0))
            == "sections/0/section/group/count")
        var deep = CompositionalGroup(axis: .vertical, size: Self.size(.fractionalWidth(1), .fractionalHeight(1)), subitems: [fits])
        for _ in 0..<8 { deep = CompositionalGroup(axis: .vertical, size: Self.size(.fractionalWidth(1), .fractionalHeight(1)), subitems: [.group(deep)]) }
        #expect(error(deep) == "sections/0/section/group" + String(repeating: "/subitems/0/group", count: 8))
    }

    @Test(arguments: 0..<8)
    func randomQueriesMatchBruteForce(batch: Int) {
        var rng = SeededRandom(seed: 0xC0_11 + UInt64(batch))
        var checked = 0
        for _ in 0..<25 {
            let spec = RandomSpecs.compositional(&rng)
            guard (try? spec.validate(limits: SpecLimits())) != nil else { continue }
            checked += 1
            let layout = PreparedCompositionalLayout(spec)
            for _ in 0..<12 {
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                #expect(ElementOracle.indexed(layout, rect, offset: offset) == ElementOracle.query(layout, rect, offset: offset))
                // Orthogonal rows scrolled: the brute force moves those sections' cells and badges back.
                var offsets: [Int: Double] = [:]
                for s in 0..<layout.numberOfSections where layout.isOrthogonal(section: s) { offsets[s] = rng.length(-50...600) }
                let vertical = spec.scrollDirection == .vertical
                let expected = ElementOracle.all(layout, offset: offset).map { a -> LayoutAttributes in
                    guard let x = offsets[a.indexPath.section], a.category == .cell || (a.category == .supplementary && a.kind == "badge")
                    else { return a }
                    var moved = a
                    if vertical { moved.frame.x -= x } else { moved.frame.y -= x }
                    return moved
                }.filter { $0.frame.intersects(rect) }
                var list = ElementList()
                #expect(layout.elements(in: rect, offset: offset, sectionOffsets: offsets, limit: .max - 1, into: &list))
                #expect(list.elements == expected)
            }
        }
        #expect(checked >= 8)
    }
}
