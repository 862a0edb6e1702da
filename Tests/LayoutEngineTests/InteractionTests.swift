@testable import LayoutEngine
import TestSupport
import Testing

/// Hit testing, scroll targets, transitions and interactive movement, against brute force where it applies.
@Suite struct InteractionTests {
    /// The topmost cell holding the point by scanning every element (identity transforms).
    func bruteForceHit(_ layout: any PreparedLayout, _ p: LayoutPoint, offset: LayoutPoint = .zero) -> LayoutIndexPath? {
        var best: (Int, Int, LayoutIndexPath)?
        for (i, a) in ElementOracle.all(layout, offset: offset).enumerated()
        where a.category == .cell && !a.isHidden && a.frame.contains(p) {
            if best == nil || (a.zIndex, i) > (best!.0, best!.1) { best = (a.zIndex, i, a.indexPath) }
        }
        return best?.2
    }

    @Test func hitTestingMatchesBruteForce() {
        var rng = SeededRandom(seed: 31)
        for round in 0..<60 {
            let layout: any PreparedLayout = round % 2 == 0
                ? PreparedFlowLayout(RandomSpecs.flowWithOptions(&rng)) : PreparedWaterfallLayout(RandomSpecs.waterfall(&rng))
            var points = (0..<30).map { _ in
                LayoutPoint(x: Double.random(in: -20...(layout.contentSize.width + 20), using: &rng),
                      y: Double.random(in: -20...(layout.contentSize.height + 20), using: &rng))
            }
            // Corners and edges of cells: a point on the edge is inside (closed frames).
            for a in ElementOracle.all(layout).filter({ $0.category == .cell }).prefix(10) {
                points += [LayoutPoint(x: a.frame.minX, y: a.frame.minY), LayoutPoint(x: a.frame.maxX, y: a.frame.center.y)]
            }
            for p in points { #expect(layout.itemIndexPath(at: p, offset: .zero) == bruteForceHit(layout, p), "\(p)") }
        }
    }

    @Test func theWheelIsHitOnItsFrontItem() {
        // At offset k·viewHeight the item facing the viewer is (n - k) mod n (its angle is a whole turn).
        let layout = PreparedWheelLayout(WheelLayoutSpec(collectionView: LayoutSize(width: 320, height: 200), items: 10))
        for k in 0..<12 {
            let offset = LayoutPoint(x: 0, y: Double(k) * 200)
            let centre = LayoutPoint(x: 160, y: offset.y + 100)
            #expect(layout.itemIndexPath(at: centre, offset: offset) == LayoutIndexPath(section: 0, item: (10 - k % 10) % 10))
        }
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 2, y: 2), offset: .zero) == nil)
    }

    @Test func pagingAndClamping() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [FlowSectionSpec(items: .count(100))])
        spec.itemSize = LayoutSize(width: 100, height: 100)
        spec.minimumInteritemSpacing = 0
        // 3 per row, 34 rows of 100 with 10 between: content 3400 + 330 = 3730 tall, scroll range 0...3330.
        let none = PreparedFlowLayout(spec)
        #expect(none.targetContentOffset(proposed: LayoutPoint(x: 50, y: 5000), velocity: .zero) == LayoutPoint(x: 0, y: 3330))
        #expect(none.targetContentOffset(proposed: LayoutPoint(x: 0, y: -40), velocity: .zero) == LayoutPoint(x: 0, y: 0))
        spec.scrollTargetBehavior = .paging
        let paging = PreparedFlowLayout(spec)
        #expect(paging.targetContentOffset(proposed: LayoutPoint(x: 0, y: 500), velocity: .zero).y == 400)  // 1.25 pages
        #expect(paging.targetContentOffset(proposed: LayoutPoint(x: 0, y: 500), velocity: LayoutPoint(x: 0, y: 1)).y == 800)
        #expect(paging.targetContentOffset(proposed: LayoutPoint(x: 0, y: 700), velocity: LayoutPoint(x: 0, y: -1)).y == 400)
        spec.scrollTargetBehavior = .item
        let item = PreparedFlowLayout(spec)
        // Row tops at 0, 110, 220, 330...
        #expect(item.targetContentOffset(proposed: LayoutPoint(x: 0, y: 250), velocity: .zero).y == 220)
        #expect(item.targetContentOffset(proposed: LayoutPoint(x: 0, y: 250), velocity: LayoutPoint(x: 0, y: 2)).y == 330)
        #expect(item.targetContentOffset(proposed: LayoutPoint(x: 0, y: 330), velocity: LayoutPoint(x: 0, y: -2)).y == 330)
        spec.scrollTargetBehavior = .centeredItem
        let centred = PreparedFlowLayout(spec)
        // Row centres at 50, 160, 270...; centred in a 400 tall view: offsets -150, -40, 70, 180, 290...
        #expect(centred.targetContentOffset(proposed: LayoutPoint(x: 0, y: 200), velocity: .zero).y == 180)
        #expect(centred.targetContentOffset(proposed: LayoutPoint(x: 0, y: 200), velocity: LayoutPoint(x: 0, y: 1)).y == 290)
    }

    /// A viewport of 5e-324 points (schemathesis found it): a quarter of it is 0, which doubling never widened,
    /// and the item search went on for ever. It ends, at the nearest item edge.
    @Test func aVanishingViewportStillEndsTheSearch() {
        for behavior in [ScrollTargetBehavior.item, .centeredItem, .paging] {
            var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: .leastNonzeroMagnitude),
                                      sections: [FlowSectionSpec(items: .count(30)),
                                                 FlowSectionSpec(items: .sizes([LayoutSize(width: 50, height: 80)]))])
            spec.scrollTargetBehavior = behavior
            let layout = PreparedFlowLayout(spec)
            for velocity in [-1.0, 0, 1e45] {
                let target = layout.targetContentOffset(proposed: LayoutPoint(x: 632, y: 0.23), velocity: LayoutPoint(x: 0, y: velocity))
                #expect(target.y.isFinite && target.y >= 0 && target.y <= layout.contentSize.height, "\(behavior) \(velocity)")
            }
        }
    }

    /// Item and centred-item targets against the stops of every cell.
    @Test func itemTargetsMatchBruteForce() {
        var rng = SeededRandom(seed: 77)
        for round in 0..<80 {
            let behavior: ScrollTargetBehavior = round % 2 == 0 ? .item : .centeredItem
            let layout: any PreparedLayout
            if round % 4 < 2 {
                var spec = RandomSpecs.flow(&rng)
                spec.scrollTargetBehavior = behavior
                layout = PreparedFlowLayout(spec)
            } else {
                var spec = RandomSpecs.waterfall(&rng)
                spec.chrome = SectionChromeSpec()
                spec.scrollTargetBehavior = behavior
                layout = PreparedWaterfallLayout(spec)
            }
            let vertical: Bool = {
                switch layout.spec {
                case .flow(let f): f.scrollDirection == .vertical
                case .waterfall(let w): w.scrollDirection == .vertical
                default: true
                }
            }()
            let view = layout.viewSize
            let viewLength = vertical ? view.height : view.width
            let contentLength = vertical ? layout.contentSize.height : layout.contentSize.width
            let stops = ElementOracle.all(layout).filter { $0.category == .cell }.map { a in
                behavior == .item ? (vertical ? a.frame.minY : a.frame.minX)
                    : (vertical ? a.frame.center.y : a.frame.center.x) - viewLength / 2
            }
            for _ in 0..<20 {
                let along = Double.random(in: -200...(contentLength + 200), using: &rng)
                let speed = [-1.0, 0, 1].randomElement(using: &rng)!
                let proposed = vertical ? LayoutPoint(x: 0, y: along) : LayoutPoint(x: along, y: 0)
                let velocity = vertical ? LayoutPoint(x: 0, y: speed) : LayoutPoint(x: speed, y: 0)
                let got = layout.targetContentOffset(proposed: proposed, velocity: velocity)
                // The proposal is clamped to the scroll range first, then the nearest stop (ahead) taken.
                let range = max(0, contentLength - viewLength)
                let clamped = min(max(along, 0), range)
                let ahead = stops.filter { speed > 0 ? $0 >= clamped : speed < 0 ? $0 <= clamped : true }
                let pool = ahead.isEmpty ? stops : ahead
                let best = pool.min { abs($0 - clamped) < abs($1 - clamped) } ?? clamped
                let expected = min(max(best, 0), range)
                let value = vertical ? got.y : got.x
                // Ties between equally near stops may go either way: compare distances.
                #expect(abs(abs(value - clamped) - abs(expected - clamped)) < 1e-9 || value == expected,
                        "\(behavior) along \(along) speed \(speed): \(value) vs \(expected)")
            }
        }
    }

    @Test func theWheelSnapsToWholeItems() {
        var spec = WheelLayoutSpec(collectionView: LayoutSize(width: 320, height: 200), items: 10)
        spec.scrollTargetBehavior = .item
        let layout = PreparedWheelLayout(spec)
        #expect(layout.targetContentOffset(proposed: LayoutPoint(x: 0, y: 530), velocity: .zero).y == 600)
        #expect(layout.targetContentOffset(proposed: LayoutPoint(x: 0, y: 530), velocity: LayoutPoint(x: 0, y: -3)).y == 400)
        #expect(layout.targetContentOffset(proposed: LayoutPoint(x: 0, y: 5000), velocity: .zero).y == 1800)  // (n-1)·H
    }

    /// Progress 0 and 1 are the two layouts exactly; in between, frames are interpolated.
    @Test func transitionsEndOnTheirLayouts() {
        var rng = SeededRandom(seed: 90)
        for _ in 0..<40 {
            let a = RandomSpecs.flowWithOptions(&rng)
            var b = RandomSpecs.flowWithOptions(&rng)
            b.sections = a.sections.map { s in
                var t = s
                t.itemSize = LayoutSize(width: rng.length(5...150), height: rng.length(5...150))
                return t
            }
            let from = PreparedFlowLayout(a)
            let to = PreparedFlowLayout(b)
            #expect(Transition.mismatch(from, to) == nil)
            let offset = RandomSpecs.offset(&rng, over: from.contentSize)
            for _ in 0..<10 {
                let rect = RandomSpecs.rect(&rng, over: from.contentSize)
                #expect(Transition.elements(from: from, to: to, progress: 0, in: rect, offset: offset, limit: .max - 1)
                        == ElementOracle.indexed(from, rect, offset: offset))
                #expect(Transition.elements(from: from, to: to, progress: 1, in: rect, offset: offset, limit: .max - 1)
                        == ElementOracle.indexed(to, rect, offset: offset))
            }
        }
    }

    @Test func transitionMidpoint() {
        var grid = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [FlowSectionSpec(items: .count(2))])
        grid.itemSize = LayoutSize(width: 100, height: 100)
        var list = grid
        list.itemSize = LayoutSize(width: 300, height: 50)
        let from = PreparedFlowLayout(grid)  // items at (0,0) and (200,0), 100 x 100
        let to = PreparedFlowLayout(list)  // items at (0,0) and (0,60), 300 x 50
        let mid = Transition.elements(from: from, to: to, progress: 0.5, in: LayoutRect(x: 0, y: 0, width: 300, height: 400),
                                      offset: .zero, limit: 100)!
        #expect(mid.map(\.frame) == [LayoutRect(x: 0, y: 0, width: 200, height: 75), LayoutRect(x: 100, y: 30, width: 200, height: 75)])
        let three = PreparedFlowLayout(FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400),
                                                      sections: [FlowSectionSpec(items: .count(3))]))
        #expect(Transition.mismatch(from, three) == "section 0 has 2 and 3 items")
    }

    @Test func interactiveMovement() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [FlowSectionSpec(items: .count(5))])
        spec.itemSize = LayoutSize(width: 100, height: 100)
        spec.minimumInteritemSpacing = 0
        let layout = PreparedFlowLayout(spec)  // row 0: items 0, 1, 2; row 1 (110..210): items 3, 4
        let over = layout.interactiveMove(of: LayoutIndexPath(section: 0, item: 0), to: LayoutPoint(x: 150, y: 150), offset: .zero)!
        #expect(over.target == LayoutIndexPath(section: 0, item: 4))
        #expect(over.attributes.frame == LayoutRect(x: 100, y: 100, width: 100, height: 100))  // centred at the finger
        #expect(over.attributes.zIndex == InteractiveMove.zIndex)
        // In the gap between rows: the nearest item (item 1, 3 pt above).
        let gap = layout.interactiveMove(of: LayoutIndexPath(section: 0, item: 0), to: LayoutPoint(x: 150, y: 103), offset: .zero)!
        #expect(gap.target == LayoutIndexPath(section: 0, item: 1))
        // Far from every item: its own place.
        let far = layout.interactiveMove(of: LayoutIndexPath(section: 0, item: 2), to: LayoutPoint(x: 150, y: 5000), offset: .zero)!
        #expect(far.target == LayoutIndexPath(section: 0, item: 2))
        #expect(layout.interactiveMove(of: LayoutIndexPath(section: 0, item: 9), to: .zero, offset: .zero) == nil)
    }
}

/// A proposal far outside the content is clamped before the item search, which then stays short: it widens only
/// until it covers the content (found by schemathesis: a proposal of 1e300 made it widen a thousand times).
@Suite struct ScrollTargetBoundsTests {
    @Test func farProposalsAreClampedAndSearchedBriefly() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), sections: [FlowSectionSpec(items: .count(3000))])
        spec.itemSize = LayoutSize(width: 100, height: 100)
        spec.minimumInteritemSpacing = 0
        spec.scrollTargetBehavior = .item
        let layout = PreparedFlowLayout(spec)
        let maxOffset = layout.contentSize.height - 400
        for (proposed, speed) in [(1e300, 1.0), (1e300, -1.0), (-1e300, 1.0), (-1e300, -1.0), (1e300, 0.0)] {
            var searches = 0
            let targeting = ScrollTargeting(behavior: .item, direction: .vertical, view: layout.viewSize,
                                            content: layout.contentSize)
            let target = targeting.target(proposed: LayoutPoint(x: 0, y: proposed), velocity: LayoutPoint(x: 0, y: speed)) { rect in
                searches += 1
                return layout.cellsAndCompleteness(in: rect, offset: .zero)
            }
            #expect(target.y >= 0 && target.y <= maxOffset)
            #expect(searches <= 16, "\(searches) searches for \(proposed), speed \(speed)")
        }
    }
}

extension ScrollTargetBoundsTests {
    /// A window over more sections than the limit is cut short, and the search stops there (found by
    /// schemathesis: layouts of 100,000 empty sections made every search window walk all of them, again and again).
    @Test func degenerateLayoutsEndTheSearchEarly() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 400),
                                  sections: Array(repeating: FlowSectionSpec(items: .count(0)), count: 20_000)
                                      + [FlowSectionSpec(items: .count(3))])
        spec.scrollTargetBehavior = .item
        let layout = PreparedFlowLayout(spec)
        var searches = 0
        let targeting = ScrollTargeting(behavior: .item, direction: .vertical, view: layout.viewSize,
                                        content: layout.contentSize)
        _ = targeting.target(proposed: .zero, velocity: LayoutPoint(x: 0, y: 1)) { rect in
            searches += 1
            return layout.cellsAndCompleteness(in: rect, offset: .zero, limit: 1000)
        }
        #expect(searches <= 2)
        var out: [LayoutAttributes] = []
        #expect(!layout.elements(in: LayoutRect(x: 0, y: 0, width: 300, height: 10), offset: .zero, limit: 1000, into: &out))
    }
}
