import LayoutEngine
import TestSupport
import Testing

@Suite struct FramesLayoutTests {
    static let view = LayoutSize(width: 390, height: 844)

    func prepared(_ spec: FramesLayoutSpec) throws -> PreparedFramesLayout {
        try spec.validate(limits: SpecLimits())
        return PreparedFramesLayout(spec.normalized())
    }

    /// Random overlapping frames anywhere (negative, tall, wide, empty), in random sections with supplementary and
    /// decoration views and zIndexes, posted in a shuffled order.
    func randomSpec(_ rng: inout SeededRandom, count: Int) -> FramesLayoutSpec {
        let sections = Int.random(in: 1...4, using: &rng)
        var e = FrameElements(x: [], y: [], width: [], height: [], section: [], item: [], category: [], kind: [],
                              zIndex: [])
        var next = [Int](repeating: 0, count: sections)
        for _ in 0..<count {
            let shape = Int.random(in: 0..<10, using: &rng)
            let w = shape == 0 ? rng.length(0...3000) : shape == 1 ? 0 : rng.length(0...200)
            let h = shape == 2 ? rng.length(0...20000) : shape == 3 ? 0 : rng.length(0...200)
            e.x.append(rng.length(-500...1500))
            e.y.append(rng.length(-500...20000))
            e.width.append(w)
            e.height.append(h)
            let s = Int.random(in: 0..<sections, using: &rng)
            e.section!.append(s)
            e.zIndex!.append(Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: -2...2, using: &rng) : 0)
            if Int.random(in: 0..<8, using: &rng) == 0 {
                e.category!.append(.supplementary)
                e.kind!.append(Bool.random(using: &rng) ? "header" : "badge")
                e.item!.append(e.item!.count)  // distinct
            } else {
                e.category!.append(.cell)
                e.kind!.append(nil)
                e.item!.append(next[s])
                next[s] += 1
            }
        }
        let order = Array(0..<count).shuffled(using: &rng)
        e = FrameElements(x: order.map { e.x[$0] }, y: order.map { e.y[$0] }, width: order.map { e.width[$0] },
                          height: order.map { e.height[$0] }, section: order.map { e.section![$0] },
                          item: order.map { e.item![$0] }, category: order.map { e.category![$0] },
                          kind: order.map { e.kind![$0] }, zIndex: order.map { e.zIndex![$0] })
        return FramesLayoutSpec(collectionView: Self.view, elements: e)
    }

    /// Every element, in answer order, by brute force from the spec's arrays.
    func brute(_ spec: FramesLayoutSpec) -> [LayoutAttributes] {
        let e = spec.elements
        var all: [LayoutAttributes] = []
        for i in 0..<e.count {
            all.append(LayoutAttributes(category: e.category?[i] ?? .cell, kind: e.kind?[i] ?? "",
                                        indexPath: LayoutIndexPath(section: e.section?[i] ?? 0, item: e.item?[i] ?? i),
                                        frame: LayoutRect(x: e.x[i], y: e.y[i], width: e.width[i], height: e.height[i]),
                                        zIndex: e.zIndex?[i] ?? 0))
        }
        return all.sorted {
            ($0.indexPath.section, $0.indexPath.item, $0.category.rawValue, $0.kind)
                < ($1.indexPath.section, $1.indexPath.item, $1.category.rawValue, $1.kind)
        }
    }

    @Test func literalFrames() throws {
        let spec = FramesLayoutSpec(collectionView: Self.view, elements: FrameElements(
            x: [0, 200], y: [0, 0], width: [190, 190], height: [300, 120]))
        let layout = try prepared(spec)
        #expect(layout.contentSize == LayoutSize(width: 390, height: 300))
        #expect(layout.numberOfSections == 1 && layout.numberOfItems == 2)
        var out: [LayoutAttributes] = []
        #expect(layout.elements(in: LayoutRect(x: 0, y: 200, width: 390, height: 100), offset: .zero, limit: 10, into: &out))
        #expect(out == [.cell(LayoutIndexPath(section: 0, item: 0), LayoutRect(x: 0, y: 0, width: 190, height: 300))])
        out = []
        _ = layout.elements(in: LayoutRect(x: 190, y: 120, width: 10, height: 0), offset: .zero, limit: 10, into: &out)
        #expect(out.map(\.indexPath.item) == [0, 1])  // touching counts
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 250, y: 50), offset: .zero) == LayoutIndexPath(section: 0, item: 1))
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 250, y: 150), offset: .zero) == nil)
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 1), offset: .zero)?.frame
                    == LayoutRect(x: 200, y: 0, width: 190, height: 120))
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 2), offset: .zero) == nil)
        #expect(layout.scrollOffset(toItem: LayoutIndexPath(section: 0, item: 0), at: .bottom, from: .zero) == .zero)
    }

    @Test func topmostHitAndKinds() throws {
        var spec = FramesLayoutSpec(collectionView: Self.view, elements: FrameElements(
            x: [0, 50, 0, 0], y: [0, 50, 0, 0], width: [100, 100, 100, 390], height: [100, 100, 100, 40],
            section: [0, 0, 1, 1], item: [1, 0, 0, 0], category: [.cell, .cell, .cell, .supplementary],
            kind: [nil, nil, nil, "header"], zIndex: [1, 0, 0, 5]))
        spec.contentSize = LayoutSize(width: 390, height: 2000)
        let layout = try prepared(spec)
        #expect(layout.numberOfSections == 2 && layout.numberOfItems(inSection: 0) == 2)
        #expect(layout.contentSize == LayoutSize(width: 390, height: 2000))
        // (60, 60) is in cells (0,0), (0,1) and (1,0); (0,1) has zIndex 1. The header is not a cell.
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 60, y: 60), offset: .zero) == LayoutIndexPath(section: 0, item: 1))
        // Equal zIndex: the last in answer order.
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 10, y: 10), offset: .zero) == LayoutIndexPath(section: 0, item: 1))
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 120, y: 120), offset: .zero) == LayoutIndexPath(section: 0, item: 0))
        let header = layout.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: 1, item: 0),
                                                           offset: .zero)
        #expect(header?.frame == LayoutRect(x: 0, y: 0, width: 390, height: 40) && header?.zIndex == 5)
        #expect(layout.attributesForSupplementaryView(ofKind: "footer", at: LayoutIndexPath(section: 1, item: 0),
                                                      offset: .zero) == nil)
        var out: [LayoutAttributes] = []
        _ = layout.elements(in: LayoutRect(x: 0, y: 0, width: 10, height: 10), offset: .zero, limit: 10, into: &out)
        #expect(out.map { [$0.indexPath.section, $0.indexPath.item, Int($0.category.rawValue)] }
                    == [[0, 1, 0], [1, 0, 0], [1, 0, 1]])
    }

    @Test func rectQueriesHitsAndTilesEqualABruteForceScan() throws {
        var rng = SeededRandom(seed: 32)
        for round in 0..<40 {
            let count = [0, 1, 15, 17, 300, 3000][round % 6]
            let spec = randomSpec(&rng, count: count)
            let layout = try prepared(spec)
            let all = brute(spec)
            for _ in 0..<60 {
                let rect = LayoutRect(x: rng.length(-800...1800), y: rng.length(-800...21000), width: rng.length(0...900),
                                height: Int.random(in: 0..<5, using: &rng) == 0 ? 0 : rng.length(0...3000))
                let expected = all.filter { $0.frame.intersects(rect) }
                var list = ElementList()
                #expect(layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &list))
                #expect(list.elements == expected, "round \(round), rect \(rect)")
                // Pages of 7 put together, and the answer cut at a limit.
                var paged: [LayoutAttributes] = []
                var skip = 0
                while true {
                    var page = ElementList(skip: skip, take: 7)
                    let complete = layout.elements(in: rect, offset: .zero, limit: skip + 7, into: &page)
                    paged += page.elements
                    if complete { break }
                    skip += 7
                }
                #expect(paged == expected)
                if expected.count > 2 {
                    var cut = ElementList()
                    #expect(!layout.elements(in: rect, offset: .zero, limit: 1, into: &cut))
                    #expect(cut.elements == Array(expected.prefix(2)))
                }
                // Hit: the topmost cell (zIndex, then last in answer order) holding the point.
                let point = LayoutPoint(x: rect.x, y: rect.y)
                let holding = all.enumerated().filter { $0.element.category == .cell && $0.element.frame.contains(point) }
                let top = holding.max { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
                #expect(layout.itemIndexPath(at: point, offset: .zero) == top?.element.indexPath)
            }
            // Tiles: the unpinned query of each band across the whole content.
            let length = Self.view.height
            for k in 0..<Int((layout.contentSize.height / length).rounded(.up)) {
                let band = LayoutRect(x: -1e15, y: Double(k) * length, width: 2e15, height: length)
                var tile = ElementList(unpinned: true)
                _ = layout.elements(in: band, offset: .zero, limit: .max - 1, into: &tile)
                #expect(tile.elements == all.filter { $0.frame.intersects(band) } && tile.sticky.isEmpty)
            }
            // Every element by its index path.
            for a in all {
                let found = switch a.category {
                case .cell: layout.attributesForItem(at: a.indexPath, offset: .zero)
                case .supplementary: layout.attributesForSupplementaryView(ofKind: a.kind, at: a.indexPath, offset: .zero)
                case .decoration: layout.attributesForDecorationView(ofKind: a.kind, at: a.indexPath, offset: .zero)
                }
                #expect(found == a)
            }
        }
    }

    /// A feed posted about in order along y (sorted by insertion when packed) and a square board (packed in
    /// several slices), against a brute-force scan.
    @Test func feedsAndBoardsEqualABruteForceScan() throws {
        var rng = SeededRandom(seed: 3)
        var feed = FrameElements(x: [], y: [], width: [], height: [])
        var bottoms = [0.0, 0, 0]
        for _ in 0..<5000 {
            let c = bottoms.firstIndex(of: bottoms.min()!)!
            let h = rng.length(20...300)
            feed.x.append(130 * Double(c))
            feed.y.append(bottoms[c])
            feed.width.append(120)
            feed.height.append(h)
            bottoms[c] += h + 10
        }
        var board = FrameElements(x: [], y: [], width: [], height: [])
        for i in 0..<4900 {
            board.x.append(Double(i % 70) * 50 + rng.length(-20...20))
            board.y.append(Double(i / 70) * 50 + rng.length(-20...20))
            board.width.append(rng.length(0...80))
            board.height.append(rng.length(0...80))
        }
        for elements in [feed, board] {
            let spec = FramesLayoutSpec(collectionView: Self.view, elements: elements)
            let layout = try prepared(spec)
            let all = brute(spec)
            for _ in 0..<200 {
                let rect = LayoutRect(x: rng.length(-100...3600), y: rng.length(-100...bottoms.max()!),
                                width: rng.length(0...500), height: rng.length(0...900))
                var out: [LayoutAttributes] = []
                _ = layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &out)
                #expect(out == all.filter { $0.frame.intersects(rect) })
            }
        }
    }

    @Test func canonicalFormIgnoresOrderAndWrittenDefaults() throws {
        var rng = SeededRandom(seed: 7)
        let spec = randomSpec(&rng, count: 200)
        var shuffled = spec
        let order = Array(0..<200).shuffled(using: &rng)
        let e = spec.elements
        shuffled.elements = FrameElements(
            x: order.map { e.x[$0] }, y: order.map { e.y[$0] }, width: order.map { e.width[$0] },
            height: order.map { e.height[$0] }, section: order.map { e.section![$0] }, item: order.map { e.item![$0] },
            category: order.map { e.category![$0] }, kind: order.map { e.kind![$0] }, zIndex: order.map { e.zIndex![$0] })
        #expect(spec.normalized() == shuffled.normalized())
        // Defaults written: one section of cells numbered in order, zIndex 0, the default content size.
        let plain = FrameElements(x: [0, 1, 2], y: [5, 0, 9], width: [1, 1, 1], height: [1, 1, 1])
        var written = FramesLayoutSpec(collectionView: Self.view, elements: FrameElements(
            x: [0, 1, 2], y: [5, 0, 9], width: [1, 1, 1], height: [1, 1, 1], section: [0, 0, 0], item: [0, 1, 2],
            category: [.cell, .cell, .cell], kind: [nil, nil, nil], zIndex: [0, 0, 0]))
        written.contentSize = LayoutSize(width: 3, height: 10)
        #expect(written.normalized() == FramesLayoutSpec(collectionView: Self.view, elements: plain))
        // Items numbered by default in a section given out of order.
        let bySection = FramesLayoutSpec(collectionView: Self.view, elements: FrameElements(
            x: [0, 1, 2], y: [0, 0, 0], width: [1, 1, 1], height: [1, 1, 1], section: [1, 0, 1]))
        let n = bySection.normalized().elements
        #expect(n.section == [0, 1, 1] && n.item == nil && n.x == [1, 0, 2])
    }

    @Test(arguments: [
        (FrameElements(x: [0, 1], y: [0], width: [1, 1], height: [1, 1]), "/elements/y"),
        (FrameElements(x: [0, 1], y: [0, 0], width: [1, -1], height: [1, 1]), "/elements/width/1"),
        (FrameElements(x: [0, .infinity], y: [0, 0], width: [1, 1], height: [1, 1]), "/elements/x/1"),
        (FrameElements(x: [0, 1], y: [0, 0], width: [1, 1], height: [1, 1], item: [0, 0]), "/elements/item/1"),
        (FrameElements(x: [0, 1], y: [0, 0], width: [1, 1], height: [1, 1], item: [1, 2]), "/elements/item/0"),
        (FrameElements(x: [0, 1], y: [0, 0], width: [1, 1], height: [1, 1], category: [.cell, .decoration]),
         "/elements/kind"),
        (FrameElements(x: [0, 1], y: [0, 0], width: [1, 1], height: [1, 1], kind: [nil, "x"]), "/elements/kind/1"),
        (FrameElements(x: [0], y: [0], width: [1], height: [1], sticky: [StickyRange(edge: .leading, min: 5, max: 1)]),
         "/elements/sticky/0"),
        (FrameElements(x: [0], y: [0], width: [1], height: [1],
                       sticky: [StickyRange(edge: .leading, min: 0, max: .infinity)]), "/elements/sticky/0/2"),
        (FrameElements(x: [0], y: [0], width: [1], height: [1], sticky: [nil, nil]), "/elements/sticky"),
    ])
    func invalidElementsNameTheirEntry(elements: FrameElements, pointer: String) {
        let spec = FramesLayoutSpec(collectionView: Self.view, elements: elements)
        do {
            try spec.validate(limits: SpecLimits())
            Issue.record("accepted \(elements)")
        } catch {
            let path = error.path.map { c in
                switch c {
                case .key(let k): "/" + k
                case .index(let i): "/\(i)"
                }
            }.joined()
            #expect(path == pointer, "\(error.reason)")
        }
    }
}
