import LayoutEngine
import TestSupport
import Testing

/// Pinned elements of a frames layout (`FrameElements.sticky`) against a brute-force scan: placed for the
/// query's offset in rect queries, hits and their own attributes; unpinned with their ranges in tiles.
@Suite struct FramesStickyTests {
    /// `FramesLayoutTests`' random elements, about one in five pinned (leading or trailing), with a content
    /// inset, scrolling either way.
    static func randomSpec(_ rng: inout SeededRandom, count: Int) -> FramesLayoutSpec {
        var spec = FramesLayoutTests().randomSpec(&rng, count: count)
        spec.scrollDirection = Bool.random(using: &rng) ? .vertical : .horizontal
        if Bool.random(using: &rng) {
            spec.contentInset = LayoutEdgeInsets(top: rng.length(0...60), left: rng.length(0...60),
                                                 bottom: rng.length(0...60), right: rng.length(0...60))
        }
        spec.elements.sticky = (0..<count).map { _ in
            guard Int.random(in: 0..<5, using: &rng) == 0 else { return nil }
            let min = rng.length(-500...15000)
            return StickyRange(edge: Bool.random(using: &rng) ? .leading : .trailing, min: min,
                               max: min + (Bool.random(using: &rng) ? 0 : rng.length(0...5000)))
        }
        return spec
    }

    /// Element `i` of `spec` (normalized) placed for `offset`, by the rule of docs/specs.md.
    static func placed(_ spec: FramesLayoutSpec, _ a: LayoutAttributes, _ range: StickyRange?, offset: LayoutPoint)
        -> LayoutAttributes
    {
        guard let range else { return a }
        var a = a
        let inset = spec.contentInset
        let vertical = spec.scrollDirection == .vertical
        // The visible bounds less the content inset: from `low` to `high`.
        let view = spec.collectionView
        let low = vertical ? offset.y + inset.top : offset.x + inset.left
        let high = vertical ? offset.y + view.height - inset.bottom : offset.x + view.width - inset.right
        let length = vertical ? a.frame.height : a.frame.width
        let v = range.edge == .leading ? low : high - length
        let at = max(range.min, min(v, range.max))
        if vertical { a.frame.y = at } else { a.frame.x = at }
        return a
    }

    /// Every place a pinned element may take.
    static func span(_ spec: FramesLayoutSpec, _ a: LayoutAttributes, _ range: StickyRange) -> LayoutRect {
        var r = a.frame
        if spec.scrollDirection == .vertical {
            (r.y, r.height) = (range.min, range.max - range.min + r.height)
        } else {
            (r.x, r.width) = (range.min, range.max - range.min + r.width)
        }
        return r
    }

    @Test func pinnedElementsEqualABruteForceScan() throws {
        var rng = SeededRandom(seed: 61)
        for round in 0..<30 {
            let spec = Self.randomSpec(&rng, count: [0, 1, 17, 300, 2000][round % 5])
            try spec.validate(limits: SpecLimits())
            let layout = PreparedFramesLayout(spec.normalized())
            // Each element with its range, in answer order.
            let e = spec.elements
            var rangeOf: [String: StickyRange] = [:]
            for i in e.x.indices {
                rangeOf["\(e.section![i]) \(e.item![i]) \(e.category![i]) \(e.kind![i] ?? "")"] = e.sticky![i]
            }
            let pairs = FramesLayoutTests().brute(spec).map { a in
                (a, rangeOf["\(a.indexPath.section) \(a.indexPath.item) \(a.category) \(a.kind)"])
            }
            let all = pairs.map(\.0)
            let ranges = pairs.map(\.1)
            for _ in 0..<40 {
                let rect = LayoutRect(x: rng.length(-800...1800), y: rng.length(-800...21000),
                                      width: rng.length(0...900), height: rng.length(0...3000))
                let offset = LayoutPoint(x: rng.length(-1000...20000), y: rng.length(-1000...20000))
                let placed = all.indices.map { Self.placed(spec, all[$0], ranges[$0], offset: offset) }
                var list = ElementList()
                #expect(layout.elements(in: rect, offset: offset, limit: .max - 1, into: &list))
                #expect(list.elements == placed.filter { $0.frame.intersects(rect) }, "round \(round), \(rect)")
                // Hit: the topmost cell (zIndex, then last in answer order) holding the point, pinned ones placed.
                let point = LayoutPoint(x: rect.x, y: rect.y)
                let holding = placed.enumerated().filter { $0.element.category == .cell && $0.element.frame.contains(point) }
                let top = holding.max { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
                #expect(layout.itemIndexPath(at: point, offset: offset) == top?.element.indexPath)
                // Tiles: unpinned, with their ranges, wherever a place of the range meets the rect.
                var tile = ElementList(unpinned: true)
                _ = layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &tile)
                let expected = all.indices.filter { i in
                    ranges[i].map { Self.span(spec, all[i], $0).intersects(rect) } ?? all[i].frame.intersects(rect)
                }
                #expect(tile.elements == expected.map { all[$0] })
                #expect(tile.stickyRanges.map { $0 != nil } == expected.map { ranges[$0] != nil })
                // A tile's range places its element where the rect query with the offset does, from the offset and
                // the whole view (the content inset is in the range's `inset`).
                let vertical = spec.scrollDirection == .vertical
                for (i, range) in zip(expected, tile.stickyRanges) {
                    guard let range else { continue }
                    let v = range.coordinate(leading: vertical ? offset.y : offset.x,
                                             length: vertical ? spec.collectionView.height : spec.collectionView.width,
                                             elementLength: vertical ? all[i].frame.height : all[i].frame.width)
                    #expect(v == (vertical ? placed[i].frame.y : placed[i].frame.x))
                    #expect(range.min == ranges[i]?.min && range.max == ranges[i]?.max && range.edge == ranges[i]?.edge)
                }
                // Each element by its index path, placed for the offset.
                for i in all.indices.prefix(50) where ranges[i] != nil {
                    let a = all[i]
                    let found = switch a.category {
                    case .cell: layout.attributesForItem(at: a.indexPath, offset: offset)
                    case .supplementary: layout.attributesForSupplementaryView(ofKind: a.kind, at: a.indexPath, offset: offset)
                    case .decoration: layout.attributesForDecorationView(ofKind: a.kind, at: a.indexPath, offset: offset)
                    }
                    #expect(found == placed[i])
                }
            }
        }
    }

    /// A pinned header of a section 1000 long, as flow pins one: at its place, then following the top edge
    /// below the inset, then stopping at the section's end.
    @Test func aPinnedHeaderFollowsTheOffset() throws {
        var spec = FramesLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), elements: FrameElements(
            x: [0, 0], y: [100, 150], width: [390, 390], height: [50, 900], section: [0, 0], item: [0, 0],
            category: [.supplementary, .cell], kind: ["header", nil],
            sticky: [StickyRange(edge: .leading, min: 100, max: 1000), nil]))
        spec.contentInset = LayoutEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        try spec.validate(limits: SpecLimits())
        let layout = PreparedFramesLayout(spec.normalized())
        for (offset, y) in [(0.0, 100.0), (-20, 100), (200, 220), (979, 999), (2000, 1000)] {
            let header = layout.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: 0, item: 0),
                                                               offset: LayoutPoint(x: 0, y: offset))
            #expect(header?.frame == LayoutRect(x: 0, y: y, width: 390, height: 50), "offset \(offset)")
        }
        var out: [LayoutAttributes] = []
        _ = layout.elements(in: LayoutRect(x: 0, y: 600, width: 390, height: 10), offset: LayoutPoint(x: 0, y: 580),
                            limit: 10, into: &out)
        #expect(out.map(\.category) == [.cell, .supplementary])
    }
}
