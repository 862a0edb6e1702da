import LayoutEngine
import TestSupport
import Testing

/// Outlines (issue #43, rule 3), against a reference written from the issue's words: an item's descendants are
/// the items after it with a greater level, up to the next item at its level or less; an item is hidden when it is
/// a descendant of a collapsed item; the visible rows are laid out as the same section of just the visible items.
@Suite struct OutlineTests {
    /// The reference: item j is hidden when some collapsed item i < j has j among its descendants (scanned by the
    /// definition, item by item, quadratic).
    static func referenceVisible(_ levels: [Int32], collapsed: [Int]) -> [Int] {
        func descendants(_ i: Int) -> Range<Int> {
            var end = i + 1
            while end < levels.count, levels[end] > levels[i] { end += 1 }
            return (i + 1)..<end
        }
        var hidden = Set<Int>()
        for i in collapsed { hidden.formUnion(descendants(i)) }
        return levels.indices.filter { !hidden.contains($0) }
    }

    /// Random levels by the rule (the first 0, each at most one more than the one before), and a random set of
    /// items with descendants to collapse.
    static func randomOutline(_ n: Int, _ rng: inout SeededRandom) -> Outline {
        var levels: [Int32] = []
        for i in 0..<n {
            levels.append(i == 0 ? 0 : Int32.random(in: 0...(levels[i - 1] + 1), using: &rng))
        }
        let parents = (0..<n).filter { $0 + 1 < n && levels[$0 + 1] > levels[$0] }
        let collapsed = parents.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
        return Outline(levels: levels, collapsed: collapsed)
    }

    /// The spec with each outline section replaced by a plain section of just its visible items (sizes and
    /// contents of those), and the item number of each of its rows.
    static func plain(_ spec: CompositionalLayoutSpec) -> (CompositionalLayoutSpec, [[Int]]) {
        var out = spec
        var numbers: [[Int]] = []
        for (s, section) in spec.sections.enumerated() {
            guard let o = section.outline else {
                numbers.append(Array(0..<section.items.count))
                continue
            }
            let visible = referenceVisible(o.levels, collapsed: o.collapsed)
            numbers.append(visible)
            out.sections[s].outline = nil
            switch section.items {
            case .count: out.sections[s].items = .count(visible.count)
            case .sizes(let z): out.sections[s].items = .sizes(visible.map { z[$0] })
            }
        }
        return (out, numbers)
    }

    /// Random compositional specs (lists among them) whose sections get outlines half of the time.
    static func randomSpec(_ rng: inout SeededRandom) -> CompositionalLayoutSpec {
        var spec: CompositionalLayoutSpec
        if Bool.random(using: &rng) {
            var list = ListConfiguration(collectionView: LayoutSize(width: 390, height: 844),
                                         sections: (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                                             let n = Int.random(in: 0...60, using: &rng)
                                             return Bool.random(using: &rng) ? .count(n)
                                                 : .sizes((0..<n).map { _ in
                                                     LayoutSize(width: 390, height: rng.length(20...90))
                                                 })
                                         })
            list.appearance = ListAppearance.allCases.randomElement(using: &rng)!
            list.headerMode = Bool.random(using: &rng) ? .supplementary : .none
            spec = list.compositional()
        } else {
            spec = RandomSpecs.compositional(&rng, maxItems: 60)
        }
        for s in spec.sections.indices where Bool.random(using: &rng) {
            spec.sections[s].outline = randomOutline(spec.sections[s].items.count, &rng)
        }
        return spec
    }

    @Test func visibleItemsFollowTheDefinition() {
        var rng = SeededRandom(seed: 43)
        for _ in 0..<500 {
            let o = Self.randomOutline(Int.random(in: 0...80, using: &rng), &rng)
            #expect(o.visibleItems().map(Int.init) == Self.referenceVisible(o.levels, collapsed: o.collapsed))
        }
    }

    /// A literal file tree: a folder collapsed hides its subtree, not the next folder.
    @Test func aCollapsedFolderHidesItsSubtree() throws {
        var list = ListConfiguration(collectionView: LayoutSize(width: 320, height: 480), sections: [.count(6)])
        list.rowHeight = .absolute(40)
        list.outlines = [Outline(levels: [0, 1, 2, 1, 0, 1], collapsed: [1])]
        let spec = list.compositional()
        try spec.validate(limits: SpecLimits())
        let l = PreparedCompositionalLayout(spec)
        let rows = ElementOracle.indexed(l, LayoutRect(x: 0, y: 0, width: 320, height: 480))
        #expect(rows.map(\.indexPath.item) == [0, 1, 3, 4, 5])
        #expect(rows.map(\.level) == [0, 1, 1, 0, 1])
        #expect(rows.map(\.frame.y) == [0, 40, 80, 120, 160])
        #expect(l.contentSize.height == 200)
        #expect(l.numberOfItems(inSection: 0) == 6)
        #expect(l.attributesForItem(at: LayoutIndexPath(section: 0, item: 2), offset: .zero) == nil)
        #expect(l.attributesForItem(at: LayoutIndexPath(section: 0, item: 3), offset: .zero)?.frame.y == 80)
        #expect(l.visibleStandIn(for: LayoutIndexPath(section: 0, item: 2)) == LayoutIndexPath(section: 0, item: 1))
    }

    /// The spec registry's estimate counts an outline's levels and collapsed items.
    @Test func theSpecEstimateCountsTheOutline() {
        var list = ListConfiguration(collectionView: LayoutSize(width: 300, height: 500), sections: [.count(1000)])
        let plain = LayoutSpec.compositional(list.compositional()).estimatedBytes
        list.outlines = [Outline(levels: (0..<1000).map { Int32($0 % 2) }, collapsed: Array(stride(from: 0, to: 1000, by: 2)))]
        #expect(LayoutSpec.compositional(list.compositional()).estimatedBytes == plain + 4 * 1000 + 8 * 500)
    }

    @Test func validationNamesTheField() {
        func error(_ levels: [Int32], _ collapsed: [Int], items: Int? = nil) -> String? {
            let spec = CompositionalLayoutSpec(
                collectionView: LayoutSize(width: 300, height: 600),
                sections: [CompositionalSectionSpec(items: .count(items ?? levels.count),
                                                    outline: Outline(levels: levels, collapsed: collapsed))],
                defaultSection: ListConfiguration(collectionView: LayoutSize(width: 300, height: 600), sections: [])
                    .compositional().defaultSection)
            do { try spec.validate(limits: SpecLimits()); return nil } catch {
                return error.path.map { switch $0 { case .key(let k): k; case .index(let i): "\(i)" } }.joined(separator: "/")
            }
        }
        #expect(error([0, 1, 1, 0], [0]) == nil)
        #expect(error([1, 1], []) == "sections/0/outline/levels/0")
        #expect(error([0, 1, 3], []) == "sections/0/outline/levels/2")
        #expect(error([0, 1, -1], []) == "sections/0/outline/levels/2")
        #expect(error([0, 1], [], items: 3) == "sections/0/outline/levels")
        #expect(error([0, 1, 0, 1], [2, 0]) == "sections/0/outline/collapsed/1")
        #expect(error([0, 1, 0, 1], [0, 0]) == "sections/0/outline/collapsed/1")
        #expect(error([0, 1, 0, 1], [1]) == "sections/0/outline/collapsed/0")
        #expect(error([0, 1, 0, 1], [4]) == "sections/0/outline/collapsed/0")
    }

    /// The visible rows are the plain layout of the visible items, each with its item number and level, for whole
    /// answers, random rects (against the brute force too) and look-ups by index path; hidden items are nil.
    @Test(arguments: 0..<6)
    func visibleRowsAreThePlainLayoutOfTheVisibleItems(batch: Int) {
        var rng = SeededRandom(seed: 0x0_7_1 + UInt64(batch))
        var checked = 0
        for _ in 0..<30 {
            let spec = Self.randomSpec(&rng)
            guard (try? spec.validate(limits: SpecLimits())) != nil else { continue }
            checked += 1
            let (plainSpec, numbers) = Self.plain(spec)
            let layout = PreparedCompositionalLayout(spec)
            let plain = PreparedCompositionalLayout(plainSpec)
            #expect(layout.contentSize == plain.contentSize)
            // The plain layout's rows (and their badges) renamed by item number, with their levels.
            func renamed(_ a: LayoutAttributes) -> LayoutAttributes {
                var b = a
                let s = a.indexPath.section
                let (before, after) = plain.boundaryKinds(section: s)
                if a.category == .cell || (a.category == .supplementary && !before.contains(a.kind) && !after.contains(a.kind)) {
                    b.indexPath.item = numbers[s][a.indexPath.item]
                }
                if a.category == .cell, let o = spec.sections[s].outline { b.level = Int(o.levels[b.indexPath.item]) }
                return b
            }
            for _ in 0..<10 {
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                let answer = ElementOracle.indexed(layout, rect, offset: offset)
                #expect(answer == ElementOracle.indexed(plain, rect, offset: offset).map(renamed))
                #expect(answer == ElementOracle.query(layout, rect, offset: offset))
            }
            for (s, section) in spec.sections.enumerated() {
                let visible = Set(numbers[s])
                for i in 0..<section.items.count {
                    let a = layout.attributesForItem(at: LayoutIndexPath(section: s, item: i), offset: .zero)
                    if visible.contains(i) {
                        let p = numbers[s].firstIndex(of: i)!
                        #expect(a == plain.attributesForItem(at: LayoutIndexPath(section: s, item: p), offset: .zero).map(renamed))
                    } else {
                        #expect(a == nil)
                    }
                }
            }
        }
        #expect(checked >= 10)
    }

    /// Expanding and collapsing gives the spec posted with the new collapsed set; other batches carry levels and
    /// collapsed marks with their items.
    @Test func expandAndCollapseGiveTheSpecWithTheNewCollapsedSet() throws {
        var rng = SeededRandom(seed: 4343)
        for _ in 0..<200 {
            let n = Int.random(in: 2...40, using: &rng)
            let outline = Self.randomOutline(n, &rng)
            var list = ListConfiguration(collectionView: LayoutSize(width: 300, height: 500), sections: [.count(n)])
            list.outlines = [outline]
            let spec = LayoutSpec.compositional(list.compositional())
            let parents = (0..<n).filter(outline.hasDescendants)
            guard !parents.isEmpty else { continue }
            var expected = Set(outline.collapsed)
            var named = Set<Int>()
            var changes: [OutlineChange] = []
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let expand = Bool.random(using: &rng)
                let paths = parents.filter { !named.contains($0) && Int.random(in: 0..<3, using: &rng) == 0 }
                named.formUnion(paths)
                if expand { expected.subtract(paths) } else { expected.formUnion(paths) }
                changes.append(OutlineChange(expand: expand, indexPaths: paths.map { LayoutIndexPath(section: 0, item: $0) }))
            }
            let (changed, _) = try spec.applying(outline: changes)
            var posted = list
            posted.outlines = [Outline(levels: outline.levels, collapsed: expected.sorted())]
            #expect(changed == .compositional(posted.compositional()))
        }
        var list = ListConfiguration(collectionView: LayoutSize(width: 300, height: 500), sections: [.count(4)])
        list.outlines = [Outline(levels: [0, 1, 0, 0])]
        let spec = LayoutSpec.compositional(list.compositional())
        #expect(throws: BatchError.self) { try spec.applying(outline: [OutlineChange(expand: false, indexPaths: [LayoutIndexPath(section: 0, item: 2)])]) }
        #expect(throws: BatchError.self) {
            try spec.applying(outline: [OutlineChange(expand: false, indexPaths: [LayoutIndexPath(section: 0, item: 0)]),
                                        OutlineChange(expand: true, indexPaths: [LayoutIndexPath(section: 0, item: 0)])])
        }
    }

    @Test func batchesCarryLevelsAndCollapsedMarks() throws {
        var list = ListConfiguration(collectionView: LayoutSize(width: 300, height: 500), sections: [.count(5)])
        list.outlines = [Outline(levels: [0, 1, 1, 0, 1], collapsed: [0, 3])]
        let spec = LayoutSpec.compositional(list.compositional())
        // Insert a child at 1 (level 1), delete item 4 (3 loses its only child: no longer collapsed).
        let ops: [BatchOperation] = [.deleteItems([LayoutIndexPath(section: 0, item: 4)]),
                                     .insertItems([LayoutIndexPath(section: 0, item: 1)], sizes: nil)]
        let plan = try UpdatePlan.make(oldCounts: spec.sectionCounts, operations: ops)
        let out = try spec.applying(plan).applying(outlines: plan, old: spec,
                                                   insertedLevels: [LayoutIndexPath(section: 0, item: 1): 1])
        guard case .compositional(let c) = out else { Issue.record("not compositional"); return }
        #expect(c.sections[0].outline == Outline(levels: [0, 1, 1, 1, 0], collapsed: [0]))
        #expect(throws: BatchError.self) { try spec.applying(plan).applying(outlines: plan, old: spec, insertedLevels: [:]) }
    }
}
