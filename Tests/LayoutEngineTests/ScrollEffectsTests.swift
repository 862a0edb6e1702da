import LayoutEngine
import TestSupport
import Testing

/// Scroll effects (docs/scroll-effects.md) against a reference written from the rule's text: random flow,
/// waterfall, list and compositional layouts with random effects (the layout's, sections' own), insets, offsets and
/// row offsets; every cell's transform and alpha, every other element and every frame as without effects.
@Suite struct ScrollEffectsTests {
    /// The rule: the scale and alpha of a cell of `frame` (as answered) in section `s` at `offset`, nil when no
    /// effects act on its section.
    static func reference(_ spec: LayoutSpec, section s: Int, frame: LayoutRect, offset: LayoutPoint)
        -> (scale: Double, alpha: Double)?
    {
        let view = spec.collectionView
        let inset = spec.contentInset
        let vertical = spec.scrollDirection == .vertical
        var effects: ScrollEffects?
        var alongRow = false
        switch spec {
        case .flow(let f): effects = f.scrollEffects
        case .waterfall(let w): effects = w.scrollEffects
        case .compositional(let c):
            let own = c.layout(ofSection: s)
            if let own, own.orthogonalScrollingBehavior != .none {
                // A row that scrolls on its own: only its own effects, along the row.
                effects = own.scrollEffects
                alongRow = true
            } else {
                effects = own?.scrollEffects ?? c.scrollEffects
            }
        default: effects = nil
        }
        guard let effects else { return nil }
        let a = effects.scaleMinimum ?? 1
        let b = effects.alphaMinimum ?? 1
        // Along the page: the centre of the area inside the content inset; along a row: the view's centre.
        let alongY = alongRow ? !vertical : vertical
        let centre: Double
        if alongRow {
            centre = alongY ? offset.y + view.height / 2 : offset.x + view.width / 2
        } else if vertical {
            centre = offset.y + inset.top + (view.height - inset.top - inset.bottom) / 2
        } else {
            centre = offset.x + inset.left + (view.width - inset.left - inset.right) / 2
        }
        let cellCentre = alongY ? frame.y + frame.height / 2 : frame.x + frame.width / 2
        let d = effects.distance ?? (alongY ? view.height : view.width)
        let f = 1 - min(1, abs(cellCentre - centre) / d)
        return (a + (1 - a) * f, b + (1 - b) * f)
    }

    static func effects(_ rng: inout SeededRandom) -> ScrollEffects {
        var e = ScrollEffects()
        if Int.random(in: 0..<4, using: &rng) > 0 { e.scaleMinimum = [0, 1, rng.length(0...1)].randomElement(using: &rng)! }
        if Int.random(in: 0..<4, using: &rng) > 0 { e.alphaMinimum = [0, 1, rng.length(0...1)].randomElement(using: &rng)! }
        if Bool.random(using: &rng) { e.distance = rng.length(1...900) }
        return e
    }

    /// The spec with every scroll effect removed.
    static func withoutEffects(_ spec: LayoutSpec) -> LayoutSpec {
        switch spec {
        case .flow(var f):
            f.scrollEffects = nil
            return .flow(f)
        case .waterfall(var w):
            w.scrollEffects = nil
            return .waterfall(w)
        case .compositional(var c):
            c.scrollEffects = nil
            c.defaultSection?.scrollEffects = nil
            for i in c.sections.indices { c.sections[i].section?.scrollEffects = nil }
            return .compositional(c)
        default: return spec
        }
    }

    /// A random spec of one of the four kinds, with effects.
    static func spec(_ rng: inout SeededRandom, kind: Int) -> LayoutSpec {
        let inset = RandomSpecs.contentInset(&rng)
        switch kind {
        case 0:
            var f = Bool.random(using: &rng) ? RandomSpecs.flow(&rng) : RandomSpecs.flowWithOptions(&rng)
            f.contentInset = inset
            f.scrollEffects = effects(&rng)
            return .flow(f)
        case 1:
            var w = RandomSpecs.waterfall(&rng)
            w.contentInset = inset
            w.scrollEffects = effects(&rng)
            return .waterfall(w)
        case 2:
            var list = ListConfiguration(collectionView: LayoutSize(width: rng.length(200...500), height: rng.length(300...900)),
                                         sections: (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                                             .count(Int.random(in: 0...40, using: &rng))
                                         })
            list.appearance = ListAppearance.allCases.randomElement(using: &rng)!
            list.headerMode = ListSupplementaryMode.allCases.randomElement(using: &rng)!
            list.contentInset = inset
            var c = list.compositional()
            c.scrollEffects = effects(&rng)
            return .compositional(c)
        default:
            for _ in 0..<50 {
                var c = RandomSpecs.compositional(&rng)
                c.contentInset = inset
                if Bool.random(using: &rng) { c.scrollEffects = effects(&rng) }
                if Bool.random(using: &rng) { c.defaultSection?.scrollEffects = effects(&rng) }
                for i in c.sections.indices where Bool.random(using: &rng) { c.sections[i].section?.scrollEffects = effects(&rng) }
                if (try? c.validate(limits: SpecLimits())) != nil { return .compositional(c) }
            }
            return spec(&rng, kind: 0)
        }
    }

    /// Checks `got` (with effects) against `plain` (the same layout without them), element by element.
    static func check(_ spec: LayoutSpec, got: [LayoutAttributes], plain: [LayoutAttributes], offset: LayoutPoint) {
        #expect(got.count == plain.count)
        for (g, p) in zip(got, plain) {
            guard p.category == .cell, let (scale, alpha) = reference(spec, section: p.indexPath.section, frame: p.frame,
                                                                       offset: offset) else {
                #expect(g == p)
                continue
            }
            var expected = p
            expected.transform3D = g.transform3D
            expected.alpha = g.alpha
            #expect(g == expected)  // everything but the transform and alpha as without effects
            #expect(abs(g.alpha - alpha) <= 1e-12)
            if scale == 1 {
                #expect(g.transform3D.isIdentity)
            } else {
                #expect(abs(g.transform3D[0] - scale) <= 1e-12 && g.transform3D[5] == g.transform3D[0])
                #expect((0..<16).allSatisfy { [0, 5].contains($0) || g.transform3D[$0] == Transform3D.identity[$0] })
            }
        }
    }

    @Test(arguments: 0..<4)
    func againstTheReference(kind: Int) {
        var rng = SeededRandom(seed: 4300 + UInt64(kind))
        var cells = 0
        var scaled = 0
        for _ in 0..<60 {
            let spec = Self.spec(&rng, kind: kind)
            let layout = spec.prepare()
            let plain = Self.withoutEffects(spec).prepare()
            #expect(layout.isBoundsDependent || !(layout is any ScrollEffecting))
            for _ in 0..<8 {
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                var got: [LayoutAttributes] = []
                var want: [LayoutAttributes] = []
                if let c = layout as? any OrthogonalSections, let p = plain as? any OrthogonalSections {
                    var offsets: [Int: Double] = [:]
                    for s in 0..<c.numberOfSections where c.isOrthogonal(section: s) && Bool.random(using: &rng) {
                        offsets[s] = rng.length(-50...600)
                    }
                    var a = ElementList()
                    var b = ElementList()
                    #expect(c.elements(in: rect, offset: offset, sectionOffsets: offsets, limit: .max - 1, into: &a))
                    _ = p.elements(in: rect, offset: offset, sectionOffsets: offsets, limit: .max - 1, into: &b)
                    (got, want) = (a.elements, b.elements)
                    // By index path, with the same row offsets and offset.
                    for e in got where e.category == .cell {
                        #expect(c.attributesForItem(at: e.indexPath, offset: offset, sectionOffsets: offsets) == e)
                    }
                } else {
                    #expect(layout.elements(in: rect, offset: offset, limit: .max - 1, into: &got))
                    _ = plain.elements(in: rect, offset: offset, limit: .max - 1, into: &want)
                    for e in got where e.category == .cell {
                        #expect(layout.attributesForItem(at: e.indexPath, offset: offset) == e)
                    }
                }
                Self.check(spec, got: got, plain: want, offset: offset)
                cells += got.count { $0.category == .cell }
                scaled += got.count { !$0.transform3D.isIdentity }
                // Tiles hold at every offset: without effects.
                var tile = ElementList(unpinned: true)
                var plainTile = ElementList(unpinned: true)
                _ = layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &tile)
                _ = plain.elements(in: rect, offset: .zero, limit: .max - 1, into: &plainTile)
                #expect(tile.elements == plainTile.elements)
            }
        }
        #expect(cells > 500 && scaled > 100)
    }

    /// Pages (`ElementList` with `skip` and `take`) hold the same elements as without effects, effects applied (a
    /// waterfall's round-robin cells come out of order), and end where they end without them.
    @Test func pagesAsWithoutEffects() {
        var rng = SeededRandom(seed: 43)
        for kind in 0..<4 {
            for _ in 0..<10 {
                let spec = Self.spec(&rng, kind: kind)
                let layout = spec.prepare()
                let plain = Self.withoutEffects(spec).prepare()
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                for skip in stride(from: 0, to: 60, by: 7) {
                    var page = ElementList(skip: skip, take: 7)
                    var plainPage = ElementList(skip: skip, take: 7)
                    let complete = layout.elements(in: rect, offset: offset, limit: skip + 7, into: &page)
                    #expect(complete == plain.elements(in: rect, offset: offset, limit: skip + 7, into: &plainPage))
                    #expect(page.count == plainPage.count)
                    Self.check(spec, got: page.elements, plain: plainPage.elements, offset: offset)
                }
            }
        }
    }

    /// The literal example of docs/scroll-effects.md: a vertical flow of 100 × 100 cells, 10 apart, in a 300 × 400
    /// view, a = 0.5, b = 0.6, D = 200, at offset 100: the visible centre is at y 300.
    @Test func theDocsExample() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [FlowSectionSpec(items: .count(30))])
        spec.itemSize = LayoutSize(width: 100, height: 100)
        spec.minimumLineSpacing = 10
        spec.minimumInteritemSpacing = 0
        spec.scrollEffects = ScrollEffects(scaleMinimum: 0.5, alphaMinimum: 0.6, distance: 200)
        let layout = LayoutSpec.flow(spec).prepare()
        let offset = LayoutPoint(x: 0, y: 100)
        // Row 2 (y 220...320, centre 270): Δ = −30, f = 0.85: scale 0.925, alpha 0.94.
        let a = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 6), offset: offset)!
        #expect(a.frame == LayoutRect(x: 0, y: 220, width: 100, height: 100))
        #expect(a.transform3D == .scale(0.925) && a.alpha == 0.94)
        // Row 0 (centre 50): Δ = −250, past D: the minimums.
        let b = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 0), offset: offset)!
        #expect(b.transform3D == .scale(0.5) && b.alpha == 0.6)
        // Row 3 (centre 380): Δ = 80, f = 0.6: 0.8 and 0.84.
        let c = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 9), offset: offset)!
        #expect(c.transform3D == .scale(0.8) && c.alpha == 0.84)
        // At rest, row 1 (centre 160, Δ = −40, f = 0.8) is 0.9 and 0.92; the view's centre cell is whole.
        let d = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 4), offset: .zero)!
        #expect(abs(d.transform3D[0] - 0.9) < 1e-12 && abs(d.alpha - 0.92) < 1e-12)
    }

    /// A carousel: an orthogonal section with its own effects, along its row, at its row offset; the page's
    /// effects do not act on it, and act on the section that scrolls with the page.
    @Test func aCarouselRow() {
        let item = CompositionalSubitem.item(CompositionalItem(size: CompositionalSize(width: .fractionalWidth(1),
                                                                                      height: .fractionalHeight(1))))
        let group = CompositionalGroup(axis: .horizontal, size: CompositionalSize(width: .absolute(200), height: .absolute(150)),
                                       subitems: [item])
        var row = CompositionalSection(group: group, interGroupSpacing: 10, orthogonalScrollingBehavior: .groupPagingCentered)
        row.scrollEffects = ScrollEffects(scaleMinimum: 0.8, alphaMinimum: 0.5)
        let list = CompositionalSection(group: CompositionalGroup(
            axis: .horizontal, size: CompositionalSize(width: .fractionalWidth(1), height: .absolute(50)), subitems: [item]))
        var spec = CompositionalLayoutSpec(collectionView: LayoutSize(width: 400, height: 800),
                                           sections: [CompositionalSectionSpec(items: .count(10), section: row),
                                                      CompositionalSectionSpec(items: .count(40))],
                                           defaultSection: list)
        spec.scrollEffects = ScrollEffects(alphaMinimum: 0)
        let layout = LayoutSpec.compositional(spec).prepare()
        let c = try! #require(layout as? any OrthogonalSections)
        // Centred paging starts the row at (400 − 200) / 2 = 100: card 1 (x 310...510) scrolled by 210 is at
        // x 100...300, centred in the 400-wide view: full size.
        let card = c.attributesForItem(at: LayoutIndexPath(section: 0, item: 1), offset: .zero, sectionOffsets: [0: 210])!
        #expect(card.frame.x == 100 && card.transform3D.isIdentity && card.alpha == 1)
        // Card 2 (x 310...510 scrolled): Δ = 210, D = 400 (the view's width): f = 0.475.
        let next = c.attributesForItem(at: LayoutIndexPath(section: 0, item: 2), offset: .zero, sectionOffsets: [0: 210])!
        #expect(abs(next.transform3D[0] - (0.8 + 0.2 * 0.475)) < 1e-12 && abs(next.alpha - (0.5 + 0.5 * 0.475)) < 1e-12)
        // The page's effects (alpha only, D = 800) on section 1: its row 0 at y 150...200 (centre 175), Δ = −225.
        let line = layout.attributesForItem(at: LayoutIndexPath(section: 1, item: 0), offset: .zero)!
        #expect(line.transform3D.isIdentity && abs(line.alpha - (1 - 225.0 / 800)) < 1e-12)
        // The hit test takes a card as drawn: card 2's drawn left edge is at 310 + 200 × (1 − 0.895) / 2 = 320.5.
        #expect(c.itemIndexPath(at: LayoutPoint(x: 315, y: 75), offset: .zero, sectionOffsets: [0: 210]) == nil)
        #expect(c.itemIndexPath(at: LayoutPoint(x: 325, y: 75), offset: .zero, sectionOffsets: [0: 210])
            == LayoutIndexPath(section: 0, item: 2))
    }

    /// Effects that change nothing prepare the plain layout; validation names the field.
    @Test func validationAndNothing() throws {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [FlowSectionSpec(items: .count(3))])
        spec.scrollEffects = ScrollEffects(scaleMinimum: 1, distance: 50)
        #expect(!(LayoutSpec.flow(spec.normalized()).prepare() is any ScrollEffecting))
        #expect(spec.normalized().scrollEffects == nil)
        for (e, path) in [(ScrollEffects(scaleMinimum: 1.5), ["scale", "minimum"]),
                          (ScrollEffects(alphaMinimum: -0.1), ["alpha", "minimum"]),
                          (ScrollEffects(scaleMinimum: .nan), ["scale", "minimum"]),
                          (ScrollEffects(alphaMinimum: 0.5, distance: 0), ["distance"]),
                          (ScrollEffects(alphaMinimum: 0.5, distance: .infinity), ["distance"])] {
            spec.scrollEffects = e
            #expect(throws: LayoutError.self) { try LayoutSpec.flow(spec).validate(limits: SpecLimits()) }
            do {
                try LayoutSpec.flow(spec).validate(limits: SpecLimits())
            } catch {
                #expect(error.path == [.key("scrollEffects")] + path.map { .key($0) })
            }
        }
    }
}
