import LayoutEngine
import TestSupport
import Testing

/// Seeded random specs against the naive reference layout (`ReferenceFlowLayout`, which computes every frame
/// without the prepared layout or its index) and brute-force rect filtering of its frames.
@Suite struct FlowPropertyTests {
    func close(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        func c(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-6 * max(1, abs(y)) }
        return c(a.x, b.x) && c(a.y, b.y) && c(a.width, b.width) && c(a.height, b.height)
    }

    @Test(arguments: 0..<8)
    func matchesTheReferenceLayout(batch: Int) {
        var rng = SeededRandom(seed: UInt64(1000 + batch))
        for _ in 0..<40 {
            let spec = RandomSpecs.flow(&rng)
            let layout = PreparedFlowLayout(spec)
            let reference = ReferenceFlowLayout.layout(spec)
            #expect(close(LayoutRect(x: 0, y: 0, width: layout.contentSize.width, height: layout.contentSize.height),
                          LayoutRect(x: 0, y: 0, width: reference.contentSize.width,
                               height: reference.contentSize.height)))
            let all = RandomSpecs.allElements(layout)
            #expect(all.count == reference.elements.count)
            for (a, b) in zip(all, reference.elements) {
                #expect(a.category == b.category && a.kind == b.kind && a.indexPath == b.indexPath)
                #expect(close(a.frame, b.frame), "\(spec.scrollDirection) \(a.indexPath): \(a.frame) != \(b.frame)")
            }
        }
    }

    /// Thousands of rects per batch: the index answers exactly the elements of the reference layout that meet
    /// the rect (a scan of every reference frame), in order, with the reference's frames.
    @Test(arguments: 0..<8)
    func rectQueriesMatchBruteForce(batch: Int) {
        var rng = SeededRandom(seed: UInt64(2000 + batch))
        for _ in 0..<25 {
            let spec = RandomSpecs.flow(&rng, maxSections: 8, maxItems: 120)
            let layout = PreparedFlowLayout(spec)
            let reference = ReferenceFlowLayout.layout(spec).elements
            for _ in 0..<60 {
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                var found: [LayoutAttributes] = []
                #expect(layout.elements(in: rect, offset: .zero, limit: .max - 1, into: &found))
                let expected = reference.filter { $0.frame.intersects(rect) }
                #expect(found.count == expected.count, "rect \(rect) in a \(spec.scrollDirection) layout")
                for (a, b) in zip(found, expected) {
                    #expect(a.category == b.category && a.kind == b.kind && a.indexPath == b.indexPath,
                            "rect \(rect) in a \(spec.scrollDirection) layout")
                    #expect(close(a.frame, b.frame), "\(a.indexPath): \(a.frame) != \(b.frame)")
                }
            }
        }
    }

    /// Rects whose edges lie exactly on element edges: touching counts as intersecting. The elements come from
    /// the per-element look-ups (`ElementOracle`), not the index, so that the probes hit their edges exactly.
    @Test func touchingEdgesIntersect() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<40 {
            let layout = PreparedFlowLayout(RandomSpecs.flow(&rng))
            let all = ElementOracle.all(layout)
            for element in all.prefix(30) {
                let f = element.frame
                for probe in [LayoutRect(x: f.maxX, y: f.minY, width: 0, height: 0),
                              LayoutRect(x: f.minX - 5, y: f.maxY, width: 5, height: 0),
                              LayoutRect(x: f.minX, y: f.minY - 3, width: 0, height: 3)] {
                    var found: [LayoutAttributes] = []
                    _ = layout.elements(in: probe, offset: .zero, limit: .max - 1, into: &found)
                    #expect(found.contains(element))
                    #expect(found == all.filter { $0.frame.intersects(probe) })
                }
            }
        }
    }

    @Test func lookupsMatchTheRectQuery() {
        var rng = SeededRandom(seed: 99)
        for _ in 0..<60 {
            let layout = PreparedFlowLayout(RandomSpecs.flow(&rng))
            for element in RandomSpecs.allElements(layout) {
                let found = element.category == .cell
                    ? layout.attributesForItem(at: element.indexPath, offset: .zero)
                    : layout.attributesForSupplementaryView(ofKind: element.kind, at: element.indexPath, offset: .zero)
                #expect(found == element)
            }
            for s in 0..<layout.numberOfSections {
                #expect(layout.attributesForItem(at: LayoutIndexPath(section: s, item: layout.numberOfItems(inSection: s)),
                                                 offset: .zero) == nil)
                #expect(layout.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: s, item: 1),
                                                              offset: .zero) == nil)
            }
            #expect(layout.attributesForItem(at: LayoutIndexPath(section: layout.numberOfSections, item: 0),
                                             offset: .zero) == nil)
            #expect(layout.attributesForItem(at: LayoutIndexPath(section: 0, item: -1), offset: .zero) == nil)
        }
    }
}
