import LayoutEngine
import TestSupport
import Testing

/// Answers for every offset (`ElementList.unpinned`, what tiles are made of): pinned headers and footers where
/// they sit unpinned, with sticky ranges that put them where the pinned query does, at any offset.
@Suite struct StickyRangeTests {
    static func layouts() -> [any PreparedLayout] {
        var rng = SeededRandom(seed: 31)
        var out: [any PreparedLayout] = []
        while out.count < 40 {
            // Half with a content inset, inside which headers and footers pin (their ranges carry it).
            let inset = out.count % 4 < 2 ? LayoutEdgeInsets.zero : RandomSpecs.contentInset(&rng)
            var spec: LayoutSpec
            if out.count % 2 == 0 {
                var flow = RandomSpecs.flowWithOptions(&rng)
                flow.contentInset = inset
                spec = .flow(flow)
            } else {
                var waterfall = RandomSpecs.waterfall(&rng, maxItems: 40)
                waterfall.contentInset = inset
                spec = .waterfall(waterfall)
            }
            guard (try? spec.validate(limits: SpecLimits())) != nil else { continue }
            out.append(spec.normalized().prepare())
        }
        return out
    }

    static let everything = LayoutRect(x: -1e9, y: -1e9, width: 4e9, height: 4e9)

    /// Every element, for every offset: pinned ones unpinned with their ranges.
    func unpinned(_ layout: any PreparedLayout, in rect: LayoutRect = everything) -> [(LayoutAttributes, StickyRange?)] {
        var list = ElementList(unpinned: true)
        _ = layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &list)
        return Array(zip(list.elements, list.stickyRanges))
    }

    @Test func stickyRangesPlacePinnedElementsAsThePinnedQueryDoes() {
        var rng = SeededRandom(seed: 32)
        var checked = 0
        for layout in Self.layouts() {
            let vertical = layout.spec.scrollDirection == .vertical
            let viewLength = vertical ? layout.viewSize.height : layout.viewSize.width
            for (a, range) in unpinned(layout) {
                guard let range else { continue }
                let length = vertical ? a.frame.height : a.frame.width
                for _ in 0..<25 {
                    let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                    let pinned = layout.attributesForSupplementaryView(ofKind: a.kind, at: a.indexPath, offset: offset)
                    let leading = vertical ? offset.y : offset.x
                    let v = range.coordinate(leading: leading, length: viewLength, elementLength: length)
                    let expected = vertical ? pinned?.frame.y : pinned?.frame.x
                    #expect(expected.map { abs($0 - v) <= 1e-9 * max(1, abs(v)) } == true,
                            "\(a.kind) \(a.indexPath) at \(offset): sticky \(v), pinned \(String(describing: expected))")
                    // Across the axis and in size, the pinned element is the unpinned one.
                    #expect(vertical ? pinned?.frame.x == a.frame.x : pinned?.frame.y == a.frame.y)
                    #expect(pinned?.frame.size == a.frame.size && pinned?.zIndex == a.zIndex)
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    /// A band's answer holds exactly the elements that a scan of all of them finds meeting it: unpinned frames,
    /// and for sticky elements any place of their range.
    @Test func bandsHoldWhatABruteForceScanFinds() {
        var rng = SeededRandom(seed: 33)
        for layout in Self.layouts() {
            let all = unpinned(layout)
            let vertical = layout.spec.scrollDirection == .vertical
            let content = vertical ? layout.contentSize.height : layout.contentSize.width
            for _ in 0..<10 {
                let start = Double.random(in: -20...(content + 20), using: &rng)
                let length = Double.random(in: 0...(max(content, 1) / 2), using: &rng)
                let band = vertical ? LayoutRect(x: -1e6, y: start, width: 2e6, height: length)
                    : LayoutRect(x: start, y: -1e6, width: length, height: 2e6)
                let expected = all.filter { a, range in
                    guard let range else { return a.frame.intersects(band) }
                    let l = vertical ? a.frame.height : a.frame.width
                    let span = vertical ? LayoutRect(x: a.frame.x, y: range.min, width: a.frame.width, height: range.max - range.min + l)
                        : LayoutRect(x: range.min, y: a.frame.y, width: range.max - range.min + l, height: a.frame.height)
                    return span.intersects(band)
                }
                let got = unpinned(layout, in: band)
                #expect(got.map(\.0) == expected.map(\.0))
                #expect(got.map(\.1) == expected.map(\.1))
            }
        }
    }
}
