import LayoutEngine
import TestSupport
import Testing

/// Rule 1 of issue #43 (the collapsing header) against a reference written from the issue's text: random vertical
/// flow, waterfall, compositional and list specs with a random header, random offsets (negative ones too) and
/// content insets. Every other element is the same spec's without the header moved down by E (pinned headers
/// and top boundary items pinning below the header's visible bottom); the header's frame, progress and zIndex are
/// the formulas'.
@Suite struct CollapsingHeaderPropertyTests {
    /// The issue's formulas, written out again: y and height at t.
    static func referencePlace(_ h: CollapsingHeader, t: Double) -> (y: Double, height: Double) {
        let e = h.expandedHeight
        let c = h.collapsedHeight
        if t < 0 { return h.stretch ? (t, e - t) : (0, e) }
        let height = e - t > c ? e - t : c
        let y = h.behavior == .pinned ? t : (t < e - c ? t : e - c)
        return (y, height)
    }

    static func referenceProgress(_ h: CollapsingHeader, height: Double) -> Double {
        let e = h.expandedHeight
        let c = h.collapsedHeight
        if c == e { return 0 }
        let p = (e - height) / (e - c)
        return p < 0 ? 0 : p > 1 ? 1 : p
    }

    static func randomHeader(_ rng: inout SeededRandom) -> CollapsingHeader {
        let e = Int.random(in: 0..<8, using: &rng) == 0 ? 0 : rng.length(0...400)
        let c = Int.random(in: 0..<6, using: &rng) == 0 ? e : Int.random(in: 0..<4, using: &rng) == 0 ? 0 : min(e, rng.length(0...e))
        return CollapsingHeader(expandedHeight: e, collapsedHeight: c,
                                behavior: Bool.random(using: &rng) ? .pinned : .scroll, stretch: Bool.random(using: &rng))
    }

    /// A vertical spec of one of the four kinds, without a header; and a function giving it one.
    static func randomSpec(_ rng: inout SeededRandom) -> LayoutSpec {
        let inset = RandomSpecs.contentInset(&rng)
        while true {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                var s = Bool.random(using: &rng) ? RandomSpecs.flow(&rng) : RandomSpecs.flowWithOptions(&rng)
                s.scrollDirection = .vertical
                s.contentInset = inset
                if Int.random(in: 0..<5, using: &rng) == 0 { s.contentAnchor = .end }
                if (try? s.validate(limits: SpecLimits())) != nil { return .flow(s) }
            case 1:
                var s = RandomSpecs.waterfall(&rng)
                s.scrollDirection = .vertical
                s.contentInset = inset
                if Int.random(in: 0..<5, using: &rng) == 0 { s.contentAnchor = .end }
                if (try? s.validate(limits: SpecLimits())) != nil { return .waterfall(s) }
            case 2:
                var c = RandomSpecs.compositional(&rng)
                guard c.scrollDirection == .vertical else { continue }
                c.contentInset = inset
                if (try? c.validate(limits: SpecLimits())) != nil { return .compositional(c) }
            default:
                var list = ListConfiguration(collectionView: LayoutSize(width: rng.length(200...500),
                                                                        height: rng.length(300...900)),
                                             sections: (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                                                 .count(Int.random(in: 0...30, using: &rng))
                                             })
                list.appearance = ListAppearance.allCases.randomElement(using: &rng)!
                list.headerMode = ListSupplementaryMode.allCases.randomElement(using: &rng)!
                list.footerMode = ListSupplementaryMode.allCases.randomElement(using: &rng)!
                list.contentInset = inset
                return .compositional(list.compositional())
            }
        }
    }

    static func with(_ spec: LayoutSpec, _ h: CollapsingHeader) -> LayoutSpec {
        switch spec {
        case .flow(var f): f.collapsingHeader = h; return .flow(f)
        case .waterfall(var w): w.collapsingHeader = h; return .waterfall(w)
        case .compositional(var c): c.collapsingHeader = h; return .compositional(c)
        default: preconditionFailure("only vertical flow, waterfall, compositional and list layouts")
        }
    }

    /// Whether `a` pins to the visible area's top: a pinned section header, or a pinned top boundary item.
    static func pinsToTop(_ a: LayoutAttributes, in layout: any PreparedLayout) -> Bool {
        guard a.category == .supplementary else { return false }
        switch layout.spec {
        case .flow(let f): return a.kind == SupplementaryKind.header && f.chrome.pinHeaders
        case .waterfall(let w): return a.kind == SupplementaryKind.header && w.chrome.pinHeaders
        case .compositional(let c):
            guard let section = c.layout(ofSection: a.indexPath.section) else { return false }
            return section.boundarySupplementaryItems.contains {
                $0.kind == a.kind && $0.pinToVisibleBounds && $0.alignment == .top
            }
        default: return false
        }
    }

    static func key(_ a: LayoutAttributes) -> String {
        "\(a.category.name)/\(a.kind)/\(a.indexPath.section)/\(a.indexPath.item)"
    }

    static func shifted(_ r: LayoutRect, _ e: Double) -> LayoutRect {
        LayoutRect(x: r.x, y: r.y + e, width: r.width, height: r.height)
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(a), abs(b)) }

    static func close(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
    }

    @Test func everyElementMovesDownByTheExpandedHeightAndTheHeaderFollowsTheFormulas() {
        var rng = SeededRandom(seed: 43)
        var checkedPinned = 0
        for round in 0..<300 {
            let plainSpec = Self.randomSpec(&rng)
            let h = Self.randomHeader(&rng)
            let spec = Self.with(plainSpec, h)
            #expect((try? spec.validate(limits: SpecLimits())) != nil, "round \(round)")
            let plain = plainSpec.prepare()
            let layout = spec.prepare()
            let e = h.expandedHeight
            #expect(Self.close(layout.contentSize.height, plain.contentSize.height + e), "round \(round)")
            #expect(layout.contentSize.width == plain.contentSize.width)
            #expect(layout.isBoundsDependent)
            let inset = layout.contentInset
            let others = ElementOracle.all(plain)
            let largest = others.map(\.zIndex).max() ?? 0
            for _ in 0..<6 {
                let o = LayoutPoint(x: 0, y: Double.random(in: (-e - 200)...(layout.contentSize.height + 100), using: &rng))
                let t = o.y + inset.top
                // The header by the formulas.
                let (y, height) = Self.referencePlace(h, t: t)
                let all = ElementOracle.all(layout, offset: o)
                guard let header = all.first else {
                    Issue.record("round \(round): no header")
                    continue
                }
                #expect(header.kind == CollapsingHeader.kind && header.category == .supplementary)
                #expect(header.indexPath == LayoutIndexPath(section: 0, item: 0))
                #expect(Self.close(header.frame, LayoutRect(x: 0, y: y, width: layout.viewSize.width, height: height)),
                        "round \(round) t \(t): \(header.frame) vs y \(y) height \(height)")
                #expect(Self.close(header.collapseProgress ?? -1, Self.referenceProgress(h, height: height)))
                #expect(header.zIndex == largest + 1, "round \(round)")
                #expect(all.dropFirst().allSatisfy { $0.collapseProgress == nil })
                // Pinned elements at the top pin at t + max(0, y + height − t); everything else is where it is
                // without the header at the same place in the content, moved down by E.
                let edge = t + max(0, y + height - t)
                let atSamePlace = Dictionary(ElementOracle.all(plain, offset: LayoutPoint(x: o.x, y: o.y - e))
                    .map { (Self.key($0), $0) }, uniquingKeysWith: { a, _ in a })
                let pinnedAtEdge = Dictionary(ElementOracle.all(plain, offset: LayoutPoint(x: o.x, y: edge - e - inset.top))
                    .map { (Self.key($0), $0) }, uniquingKeysWith: { a, _ in a })
                #expect(all.count == others.count + 1, "round \(round)")
                for a in all.dropFirst() {
                    let pinned = Self.pinsToTop(a, in: layout)
                    guard let ref = (pinned ? pinnedAtEdge : atSamePlace)[Self.key(a)] else {
                        Issue.record("round \(round): \(Self.key(a)) is not in the layout without the header")
                        continue
                    }
                    if pinned { checkedPinned += 1 }
                    #expect(Self.close(a.frame, Self.shifted(ref.frame, e)), "round \(round) \(Self.key(a)) t \(t)")
                    #expect(a.zIndex == ref.zIndex && a.alpha == ref.alpha)
                }
                // The rect query gives what the look-ups give, the header first.
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                let brute = all.filter { $0.frame.intersects(rect) }
                let indexed = ElementOracle.indexed(layout, rect, offset: o)
                #expect(indexed.map(Self.key) == brute.map(Self.key), "round \(round) rect \(rect)")
            }
        }
        #expect(checkedPinned > 100)
    }

    @Test func theHeaderIsThereWithNoSectionsAndHorizontalLayoutsRefuseIt() throws {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [])
        spec.collapsingHeader = CollapsingHeader(expandedHeight: 300, collapsedHeight: 100)
        let layout = LayoutSpec.flow(spec).prepare()
        #expect(layout.contentSize == LayoutSize(width: 390, height: 300))
        let all = ElementOracle.indexed(layout, LayoutRect(x: 0, y: 0, width: 390, height: 844),
                                        offset: LayoutPoint(x: 0, y: 50))
        #expect(all.count == 1)
        #expect(all.first?.frame == LayoutRect(x: 0, y: 50, width: 390, height: 250))
        #expect(all.first?.zIndex == 1)
        #expect(all.first?.collapseProgress == 0.25)
        spec.scrollDirection = .horizontal
        #expect(throws: LayoutError.invalidValue(path: [.key("collapsingHeader")],
                                                 reason: "a collapsing header needs a vertical layout")) {
            try LayoutSpec.flow(spec).validate(limits: SpecLimits())
        }
        spec.scrollDirection = .vertical
        spec.collapsingHeader = CollapsingHeader(expandedHeight: 100, collapsedHeight: 120)
        #expect(throws: LayoutError.invalidValue(path: [.key("collapsingHeader"), .key("collapsedHeight")],
                                                 reason: "must be at most expandedHeight")) {
            try LayoutSpec.flow(spec).validate(limits: SpecLimits())
        }
        spec.collapsingHeader = nil
        spec.chrome.decorations = [DecorationSpec(kind: CollapsingHeader.kind)]
        #expect(throws: LayoutError.self) { try LayoutSpec.flow(spec).validate(limits: SpecLimits()) }
    }

    @Test func scrollToKeepsAnItemClearOfTheCollapsedHeaderAndHitsStopAtTheHeader() {
        // 1,000 rows of 50 under a header of 200 collapsing to 60.
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 600), sections: [FlowSectionSpec(items: .count(1000))])
        spec.itemSize = LayoutSize(width: 300, height: 50)
        spec.minimumLineSpacing = 0
        spec.collapsingHeader = CollapsingHeader(expandedHeight: 200, collapsedHeight: 60)
        let layout = LayoutSpec.flow(spec).prepare()
        // Item 100 is at y 200 + 5,000: at the top, it sits below the collapsed header's 60.
        let top = layout.scrollOffset(toItem: LayoutIndexPath(section: 0, item: 100), at: .top, from: .zero)
        #expect(top == LayoutPoint(x: 0, y: 5200 - 60))
        spec.collapsingHeader?.behavior = .scroll
        let scrolling = LayoutSpec.flow(spec).prepare()
        #expect(scrolling.scrollOffset(toItem: LayoutIndexPath(section: 0, item: 100), at: .top, from: .zero)
                == LayoutPoint(x: 0, y: 5200))
        // At offset 1,000 the pinned header covers 1,000...1,060: a touch there is on it, not on a cell.
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 10, y: 1030), offset: LayoutPoint(x: 0, y: 1000)) == nil)
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 10, y: 1070), offset: LayoutPoint(x: 0, y: 1000))
                == LayoutIndexPath(section: 0, item: 17))
        // The scrolling header has gone by then: the cell is hit.
        #expect(scrolling.itemIndexPath(at: LayoutPoint(x: 10, y: 1030), offset: LayoutPoint(x: 0, y: 1000))
                == LayoutIndexPath(section: 0, item: 16))
    }

    @Test func tilesLeaveTheHeaderOutAndTransitionsKeepItFirst() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 600), sections: [FlowSectionSpec(items: .count(40))])
        spec.collapsingHeader = CollapsingHeader(expandedHeight: 120, collapsedHeight: 40)
        let from = LayoutSpec.flow(spec).prepare()
        spec.itemSize = LayoutSize(width: 90, height: 90)
        let to = LayoutSpec.flow(spec).prepare()
        var tile = ElementList(unpinned: true)
        _ = from.elements(in: LayoutRect(x: 0, y: 0, width: 300, height: 600), offset: .zero, limit: 1000, into: &tile)
        #expect(!tile.elements.contains { $0.kind == CollapsingHeader.kind })
        let offset = LayoutPoint(x: 0, y: 40)
        let mixed = Transition.elements(from: from, to: to, progress: 0.5, in: LayoutRect(x: 0, y: 40, width: 300, height: 600),
                                        offset: offset, limit: 1000)
        #expect(mixed?.first?.kind == CollapsingHeader.kind)
        #expect(mixed?.first?.frame == LayoutRect(x: 0, y: 40, width: 300, height: 80))
        #expect(mixed?.first?.collapseProgress == 0.5)
    }
}
