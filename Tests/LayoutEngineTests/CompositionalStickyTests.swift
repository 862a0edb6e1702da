import LayoutEngine
import TestSupport
import Testing

/// Compositional answers for every offset (`ElementList.unpinned`, what tiles are made of): pinned boundary items
/// where they sit unpinned, with sticky ranges that put them where the pinned query does at any offset, and bands
/// that hold what a scan of every element (from the per-element look-ups) finds.
@Suite struct CompositionalStickyTests {
    static func layouts() -> [PreparedCompositionalLayout] {
        var rng = SeededRandom(seed: 71)
        var out: [PreparedCompositionalLayout] = []
        var tries = 0
        while out.count < 40, tries < 400 {
            tries += 1
            var spec = RandomSpecs.compositional(&rng, maxSections: 5, maxItems: 30)
            if Bool.random(using: &rng) {
                // Pinned items stick inside the content inset, which their ranges carry as `inset`.
                spec.contentInset = LayoutEdgeInsets(top: rng.length(0...60), left: rng.length(0...60),
                                               bottom: rng.length(0...60), right: rng.length(0...60))
            }
            let layout: LayoutSpec = .compositional(spec)
            guard (try? layout.validate(limits: SpecLimits())) != nil else { continue }
            if let p = layout.normalized().prepare() as? PreparedCompositionalLayout { out.append(p) }
        }
        return out
    }

    static let everything = LayoutRect(x: -1e9, y: -1e9, width: 4e9, height: 4e9)

    func unpinned(_ layout: PreparedCompositionalLayout, in rect: LayoutRect = everything) -> [(LayoutAttributes, StickyRange?)] {
        var list = ElementList(unpinned: true)
        #expect(layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &list))
        return Array(zip(list.elements, list.stickyRanges))
    }

    @Test func stickyRangesPlacePinnedBoundaryItemsAsThePinnedQueryDoes() {
        var rng = SeededRandom(seed: 72)
        var checked = 0
        var pinnedItems = 0
        for layout in Self.layouts() {
            let vertical = layout.spec.scrollDirection == .vertical
            // The range holds the content inset: it applies to the offset and the whole view.
            let viewLength = vertical ? layout.viewSize.height : layout.viewSize.width
            let answer = unpinned(layout)
            // Every pinned boundary item has its range in the answer, and only those.
            let expectedPinned = ElementOracle.unpinned(layout).filter { $0.1 != nil }.count
            #expect(answer.filter { $0.1 != nil }.count == expectedPinned)
            pinnedItems += expectedPinned
            for (a, range) in answer {
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
        #expect(pinnedItems > 10 && checked > 250)
    }

    /// A band's answer holds exactly the elements that a scan of all of them finds meeting it: unpinned frames,
    /// and for sticky elements any place of their range; orthogonal rows unscrolled, whole across the axis.
    @Test func bandsHoldWhatABruteForceScanFinds() {
        var rng = SeededRandom(seed: 73)
        var nonEmpty = 0
        for layout in Self.layouts() {
            let all = ElementOracle.unpinned(layout)
            #expect(unpinned(layout).map(\.0) == all.map(\.0))
            let vertical = layout.spec.scrollDirection == .vertical
            let content = vertical ? layout.contentSize.height : layout.contentSize.width
            for _ in 0..<12 {
                let start = Double.random(in: -20...(content + 20), using: &rng)
                let length = Double.random(in: 0...(max(content, 1) / 2), using: &rng)
                let band = vertical ? LayoutRect(x: -1e15, y: start, width: 2e15, height: length)
                    : LayoutRect(x: start, y: -1e15, width: length, height: 2e15)
                let expected = all.filter { ElementOracle.meets($0.0, $0.1, band, vertical: vertical) }
                let got = unpinned(layout, in: band)
                #expect(got.map(\.0) == expected.map(\.0))
                #expect(got.map(\.1) == expected.map(\.1))
                if !got.isEmpty { nonEmpty += 1 }
            }
        }
        #expect(nonEmpty > 100)
    }
}
