import LayoutEngine
import TestSupport
import Testing

@Suite struct RingLayoutTests {
    @Test func circleFrames() {
        // 400 x 400 view, 40 pt items: radius 200 - 20 = 180 around (200, 200); item i at angle 2πi/4.
        var spec = CircleLayoutSpec(collectionView: LayoutSize(width: 400, height: 400), items: 4)
        spec.itemSize = LayoutSize(width: 40, height: 40)
        let layout = PreparedCircleLayout(spec)
        let frames = ElementOracle.all(layout).map(\.frame)
        let expected = [LayoutRect(x: 360, y: 180, width: 40, height: 40),  // right: centre (380, 200)
                        LayoutRect(x: 180, y: 360, width: 40, height: 40),  // down (y grows down): (200, 380)
                        LayoutRect(x: 0, y: 180, width: 40, height: 40),  // left
                        LayoutRect(x: 180, y: 0, width: 40, height: 40)]  // up
        for (f, e) in zip(frames, expected) {
            #expect(abs(f.x - e.x) < 1e-9 && abs(f.y - e.y) < 1e-9 && f.width == 40 && f.height == 40)
        }
        #expect(layout.contentSize == LayoutSize(width: 400, height: 400))
        spec.radius = 100
        #expect(abs(PreparedCircleLayout(spec).attributesForItem(at: LayoutIndexPath(section: 0, item: 0), offset: .zero)!
                        .frame.x - 280) < 1e-9)
    }

    /// The arcs index against a scan of every item, including rects that only touch the ring.
    @Test func circleQueriesMatchBruteForce() {
        var rng = SeededRandom(seed: 8)
        for _ in 0..<80 {
            var spec = CircleLayoutSpec(collectionView: LayoutSize(width: rng.length(50...800), height: rng.length(50...800)),
                                        items: Int.random(in: 0...600, using: &rng))
            spec.itemSize = LayoutSize(width: rng.length(0...80), height: rng.length(0...80))
            if Bool.random(using: &rng) { spec.radius = rng.length(0...500) }
            let layout = PreparedCircleLayout(spec)
            let all = ElementOracle.all(layout)
            var rects = (0..<40).map { _ in RandomSpecs.rect(&rng, over: layout.contentSize) }
            for e in all.prefix(10) {  // rects touching an item's edge
                rects.append(LayoutRect(x: e.frame.maxX, y: e.frame.center.y, width: 5, height: 0))
                rects.append(LayoutRect(x: e.frame.minX - 3, y: e.frame.minY - 3, width: 3, height: 3))
            }
            for rect in rects {
                #expect(ElementOracle.indexed(layout, rect) == all.filter { $0.frame.intersects(rect) }, "\(rect)")
            }
        }
    }

    /// A ring smaller than the rounding slack makes every item a candidate for a point beside it: the misses
    /// count against the limit, so the query stops after about `limit` of them instead of scanning every item.
    @Test func candidatesThatMissCountAgainstTheLimit() {
        var spec = CircleLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), items: 2_000_000)
        spec.itemSize = LayoutSize(width: 0, height: 0)
        spec.radius = 1e-10
        let layout = PreparedCircleLayout(spec)
        var found: [LayoutAttributes] = []
        let beside = LayoutRect(x: 195.0000001, y: 422, width: 0, height: 0)
        #expect(!layout.elements(in: beside, offset: .zero, limit: 100, into: &found))
        #expect(found.isEmpty)
        // With room for every candidate, the answer is the scan's (none of them meets the point).
        var small = spec
        small.items = 300
        let few = PreparedCircleLayout(small)
        #expect(ElementOracle.indexed(few, beside) == ElementOracle.all(few).filter { $0.frame.intersects(beside) })
    }

    @Test func wheelTransforms() {
        // 4 items 44 tall: radius = 22 / tan(π/4) = 22. Item 1 at offset 0: angle π/2 (cos 0, sin 1).
        var spec = WheelLayoutSpec(collectionView: LayoutSize(width: 320, height: 200), items: 4)
        spec.itemSize = LayoutSize(width: 200, height: 44)
        let layout = PreparedWheelLayout(spec)
        #expect(abs(layout.radius - 22) < 1e-12)
        let a = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 1), offset: .zero)!
        let p = -1.0 / 900
        // T(0,0,r)·Rx(a)·P: rows [1 0 0 0] [0 c s p·s] [0 -s c p·c] [0 -r·s r·c 1+p·r·c].
        let expected: [Double] = [1, 0, 0, 0, 0, 0, 1, p, 0, -1, 0, 0, 0, -22, 0, 1]
        for i in 0..<16 { #expect(abs(a.transform3D[i] - expected[i]) < 1e-12, "m[\(i)]") }
        // Centred in the visible bounds.
        #expect(a.frame == LayoutRect(x: 60, y: 78, width: 200, height: 44))
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 1), offset: LayoutPoint(x: 0, y: 30))!.frame.y == 108)
    }

    /// Scrolling one view height turns the wheel by one item.
    @Test func oneViewHeightIsOneItem() {
        var rng = SeededRandom(seed: 12)
        for _ in 0..<50 {
            let n = Int.random(in: 3...60, using: &rng)
            var spec = WheelLayoutSpec(collectionView: LayoutSize(width: 320, height: rng.length(100...600)), items: n)
            spec.itemSize = LayoutSize(width: 200, height: rng.length(10...80))
            let layout = PreparedWheelLayout(spec)
            let y = Double.random(in: 0...1000, using: &rng)
            for i in 0..<(n - 1) {
                let later = layout.transform(item: i, offset: LayoutPoint(x: 0, y: y + spec.collectionView.height))
                let next = layout.transform(item: i + 1, offset: LayoutPoint(x: 0, y: y))
                for k in 0..<16 { #expect(abs(later[k] - next[k]) < 1e-9) }
            }
        }
    }

    @Test func infiniteWheelsWrap() {
        var spec = WheelLayoutSpec(collectionView: LayoutSize(width: 320, height: 200), items: 12)
        spec.infinite = true
        let layout = PreparedWheelLayout(spec)
        #expect(layout.contentSize.height == 3 * 12 * 200 + 200)  // a turn each side of the central one, a viewport
        #expect(layout.initialOffset == LayoutPoint(x: 0, y: 2400))
        #expect(layout.wrapAdjustment(for: LayoutPoint(x: 0, y: -10)) == LayoutPoint(x: 0, y: 4800))
        #expect(layout.wrapAdjustment(for: LayoutPoint(x: 0, y: 2390)) == LayoutPoint(x: 0, y: 2400))
        #expect(layout.wrapAdjustment(for: LayoutPoint(x: 0, y: 4800)) == LayoutPoint(x: 0, y: -2400))
        #expect(layout.wrapAdjustment(for: LayoutPoint(x: 0, y: 7000)) == LayoutPoint(x: 0, y: -2400))
        #expect(layout.wrapAdjustment(for: LayoutPoint(x: 0, y: 7300)) == LayoutPoint(x: 0, y: -4800))
        #expect(layout.wrapAdjustment(for: LayoutPoint(x: 0, y: 2400)) == nil)
        #expect(layout.wrapAdjustment(for: LayoutPoint(x: 0, y: 4799)) == nil)
        // The move changes nothing on screen: the same transforms, frames at the same place in the bounds.
        for i in 0..<12 {
            let before = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: i), offset: LayoutPoint(x: 0, y: -10))!
            let after = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: i), offset: LayoutPoint(x: 0, y: 2390))!
            for k in 0..<16 { #expect(abs(before.transform3D[k] - after.transform3D[k]) < 1e-9) }
            #expect(abs((after.frame.y - 2390) - (before.frame.y + 10)) < 1e-9)
        }
        spec.infinite = false
        #expect(PreparedWheelLayout(spec).wrapAdjustment(for: LayoutPoint(x: 0, y: -10)) == nil)
    }

    @Test func wheelQueriesReturnAllOrNothing() {
        let layout = PreparedWheelLayout(WheelLayoutSpec(collectionView: LayoutSize(width: 320, height: 200), items: 7))
        #expect(ElementOracle.indexed(layout, LayoutRect(x: 0, y: 0, width: 320, height: 200)).count == 7)
        #expect(ElementOracle.indexed(layout, LayoutRect(x: 0, y: 0, width: 10, height: 10)).isEmpty)
        #expect(ElementOracle.indexed(layout, LayoutRect(x: 0, y: 500, width: 320, height: 200), offset: LayoutPoint(x: 0, y: 500))
                    .count == 7)
    }
}
