@testable import LayoutEngine
import TestSupport
import Testing

/// Pages of frames layouts (`limit`, and the elements a page skips) against a brute force over every frame:
/// crowded piles (thousands of frames in one small square, hundreds stacked on one point), random rects, offsets,
/// limits and skips, pinned elements, hits, refusals told from the index; layouts after batches, whose parts map
/// ids to positions out of order; and the search's bound, by the nodes it opens.
@Suite struct FramesPageTests {
    /// `count` of `FramesStickyTests`' random elements (sections, views, zIndexes, about one in five pinned when
    /// `sticky`), moved into one `side`-wide square at the origin: one in eight on the point at its centre.
    static func pile(_ rng: inout SeededRandom, count: Int, side: Double, sticky: Bool) -> FramesLayoutSpec {
        var spec = FramesStickyTests.randomSpec(&rng, count: count)
        if !sticky { spec.elements.sticky = nil }
        for i in 0..<count {
            if i % 8 == 0 {
                (spec.elements.x[i], spec.elements.y[i]) = (side / 2 - 1, side / 2 - 1)
                (spec.elements.width[i], spec.elements.height[i]) = (2, 2)
            } else {
                (spec.elements.x[i], spec.elements.y[i]) = (rng.length(0...side * 0.9), rng.length(0...side * 0.9))
                (spec.elements.width[i], spec.elements.height[i]) = (rng.length(0...side / 10), rng.length(0...side / 10))
            }
        }
        return spec
    }

    /// Every element of `spec` in answer order, each with its sticky range.
    static func brute(_ spec: FramesLayoutSpec) -> [(LayoutAttributes, StickyRange?)] {
        let e = spec.elements
        var rangeOf: [String: StickyRange] = [:]
        for i in e.x.indices {
            rangeOf["\(e.section![i]) \(e.item![i]) \(e.category![i]) \(e.kind![i] ?? "")"] = e.sticky?[i] ?? nil
        }
        return FramesLayoutTests().brute(spec).map { a in
            (a, rangeOf["\(a.indexPath.section) \(a.indexPath.item) \(a.category) \(a.kind)"])
        }
    }

    @Test func pagesOfPilesEqualABruteForceScan() throws {
        var rng = SeededRandom(seed: 2026_12_06)
        var (deep, cut, stackedHits, told) = (0, 0, 0, 0)
        for round in 0..<16 {
            let side = [20.0, 100, 400][round % 3]
            let spec = Self.pile(&rng, count: [300, 3000, 20000][round % 3], side: side, sticky: round % 2 == 1)
            try spec.validate(limits: SpecLimits())
            let layout = PreparedFramesLayout(spec.normalized())
            let all = Self.brute(spec)
            func unpinnedCount(_ rect: LayoutRect) -> Int {
                all.filter { a, range in
                    range.map { FramesStickyTests.span(spec, a, $0).intersects(rect) } ?? a.frame.intersects(rect)
                }.count
            }
            for _ in 0..<25 {
                let rect = switch Int.random(in: 0..<4, using: &rng) {
                case 0: LayoutRect(x: 0, y: 0, width: side, height: side)  // the whole pile
                case 1: LayoutRect(x: side / 2, y: side / 2, width: 0, height: 0)  // the point at its centre
                default: LayoutRect(x: rng.length(-10...side), y: rng.length(-10...side),
                                    width: rng.length(0...side), height: rng.length(0...side))
                }
                let offset = LayoutPoint(x: rng.length(-100...16000), y: rng.length(-100...16000))
                let placed = all.map { FramesStickyTests.placed(spec, $0.0, $0.1, offset: offset) }
                let expected = placed.filter { $0.frame.intersects(rect) }
                let take = Int.random(in: 1...40, using: &rng)
                let skip = Bool.random(using: &rng) ? Int.random(in: 0...expected.count + 2, using: &rng)
                    : Int.random(in: 0...3, using: &rng) * take
                var page = ElementList(skip: skip, take: take)
                let complete = layout.elements(in: rect, offset: offset, limit: skip + take, into: &page)
                #expect(page.elements == Array(expected.dropFirst(skip).prefix(take)), "round \(round), \(rect)")
                #expect(complete == (expected.count <= skip + take))
                if skip > 1000 { deep += 1 }
                // Told from the index: only when so, whatever the offset or pins.
                let atMost = Int.random(in: 0...(expected.count + 10), using: &rng)
                if layout.holdsMoreElements(than: atMost, in: rect, budget: Int.random(in: 0...80, using: &rng)) {
                    #expect(expected.count > atMost && unpinnedCount(rect) > atMost, "round \(round), \(rect)")
                    told += 1
                }
                if !complete { cut += 1 }
                // Tiles' pages: unpinned, where a place of the range meets the rect.
                let unpinned = all.filter { a, range in
                    range.map { FramesStickyTests.span(spec, a, $0).intersects(rect) } ?? a.frame.intersects(rect)
                }
                var tile = ElementList(skip: skip, take: take, unpinned: true)
                #expect(layout.elements(in: rect, offset: .zero, limit: skip + take, into: &tile)
                    == (unpinned.count <= skip + take))
                let kept = unpinned.dropFirst(skip).prefix(take)
                #expect(tile.elements == kept.map(\.0) && tile.stickyRanges.map { $0 != nil } == kept.map { $0.1 != nil })
                // Hit: today's answer, the topmost cell (zIndex, then last in answer order) holding the point among
                // the first 2,001 elements meeting it (`internalQueryLimit`).
                let point = LayoutPoint(x: rect.x, y: rect.y)
                let meeting = placed.filter { $0.frame.intersects(LayoutRect(x: point.x, y: point.y, width: 0, height: 0)) }
                let holding = meeting.prefix(internalQueryLimit + 1).enumerated()
                    .filter { $0.element.category == .cell && !$0.element.isHidden && $0.element.frame.contains(point) }
                let top = holding.max { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
                #expect(layout.itemIndexPath(at: point, offset: offset) == top?.element.indexPath)
                if meeting.count > internalQueryLimit + 1 { stackedHits += 1 }
            }
        }
        #expect(deep > 10 && cut > 100 && stackedHits > 5 && told > 20,
                "\(deep) deep pages, \(cut) cut, \(stackedHits) stacked hits, \(told) told from the index")
    }

    /// The first page of a pile inside the rect opens, at each level, only nodes whose lowest id is one of the
    /// page's: at most `limit + 1` a level, whatever the pile's size (gathering the pile would open every node).
    @Test func theFirstPageOfAPileOpensNodesForItsAnswersOnly() {
        var rng = SeededRandom(seed: 5)
        let n = 50_000
        var e = FrameElements(x: [], y: [], width: [Double](repeating: 10, count: n),
                              height: [Double](repeating: 10, count: n))
        for _ in 0..<n {
            e.x.append(rng.length(0...90))
            e.y.append(rng.length(0...90))
        }
        let layout = PreparedFramesLayout(FramesLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                                           elements: e))
        let levels = layout.parts[0].index.levels.count
        #expect(levels >= 3)
        for limit in [1, 10, 100] {
            let square = FrameIndex.Box(LayoutRect(x: 0, y: 0, width: 100, height: 100))
            let (positions, opened) = FrameSearch.lowest(limit + 1, in: layout.parts, meeting: square) { _ in true }
            #expect(positions == (0...Int32(limit)).map { $0 })
            #expect(opened <= (limit + 1) * levels, "\(opened) nodes opened for \(limit + 1) frames")
        }
        // A whole answer past the limit is refused from the roots, inside the square.
        let whole = LayoutRect(x: 0, y: 0, width: 100, height: 100)
        #expect(layout.holdsMoreElements(than: n - 1, in: whole, budget: 0))
        #expect(!layout.holdsMoreElements(than: n, in: whole))
        let corner = LayoutRect(x: 0, y: 0, width: 20, height: 20)
        // Unbounded, it counts the frames lying inside the rect exactly (each meets it, pinned or not).
        let inside = (0..<n).filter { e.x[$0] + 10 <= 20 && e.y[$0] + 10 <= 20 }.count
        #expect(inside > 10)
        #expect(!layout.holdsMoreElements(than: inside, in: corner, budget: .max))
        #expect(layout.holdsMoreElements(than: inside - 1, in: corner, budget: .max))
        var page = ElementList(skip: 0, take: 10)
        #expect(!layout.elements(in: LayoutRect(x: 0, y: 0, width: 100, height: 100), offset: .zero, limit: 10,
                                 into: &page))
        #expect(page.elements.map(\.indexPath.item) == Array(0..<10))
    }

    /// After batches (cells moved out of order among them), pages of the layout made from the old one's parts
    /// equal those of the same spec prepared afresh, skips included.
    @Test func pagesAfterBatchesEqualTheLayoutPreparedAfresh() throws {
        var rng = SeededRandom(seed: 2026_12_06_2)
        var unordered = 0
        for round in 0..<12 {
            var spec = FramesReuseTests.randomCells(&rng, count: [300, 2000][round % 2], sticky: round % 3 == 2)
            var layout = PreparedFramesLayout(spec)
            for _ in 0..<12 {
                let (ops, updates) = FramesReuseTests.randomBatch(spec, sticky: round % 3 == 2, &rng)
                guard let plan = try? UpdatePlan.make(oldCounts: spec.cellCounts, operations: ops),
                      case .frames(let updated) = try? LayoutSpec.frames(spec).applying(plan, frames: updates)
                else { continue }
                let reused = PreparedFramesLayout(updated, reusing: layout, plan: plan, frames: updates)
                let fresh = PreparedFramesLayout(updated)
                if reused.parts.contains(where: { $0.minima != nil }) { unordered += 1 }
                for _ in 0..<10 {
                    let rect = LayoutRect(x: rng.length(-800...1800), y: rng.length(-800...21000),
                                          width: rng.length(0...2000), height: rng.length(0...8000))
                    let offset = LayoutPoint(x: rng.length(-100...20000), y: rng.length(-100...20000))
                    let (skip, take) = (Int.random(in: 0...60, using: &rng), Int.random(in: 1...30, using: &rng))
                    var a = ElementList(skip: skip, take: take)
                    var b = ElementList(skip: skip, take: take)
                    #expect(reused.elements(in: rect, offset: offset, limit: skip + take, into: &a)
                        == fresh.elements(in: rect, offset: offset, limit: skip + take, into: &b))
                    #expect(a.elements == b.elements, "round \(round), \(rect), skip \(skip), take \(take)")
                }
                (spec, layout) = (updated, reused)
            }
        }
        #expect(unordered > 20, "\(unordered) layouts with parts out of order")
    }

    /// Range minima and the lowest position of a range of ids, against a scan of every id.
    @Test func lowestPositionsOfIDRangesEqualAScan() {
        var rng = SeededRandom(seed: 11)
        for _ in 0..<200 {
            let values = (0..<Int.random(in: 0...70, using: &rng)).map { _ in Int32.random(in: -50...50, using: &rng) }
            let minima = RangeMinima(values)
            for _ in 0..<20 {
                let lo = Int.random(in: 0...values.count, using: &rng)
                let hi = Int.random(in: lo...values.count, using: &rng)
                #expect(minima.minimum(lo..<hi) == values[lo..<hi].min() ?? .max)
            }
            // Runs over ids 0 ..< 300, in or out of order.
            var runs = PositionRuns()
            var map: [Int32: Int32] = [:]
            var targets = Array(0..<60).shuffled(using: &rng)
            if Bool.random(using: &rng) { targets.sort(by: >) }
            var id = 0
            while id < 300, let t = targets.popLast() {
                let length = Int.random(in: 1...5, using: &rng)
                if Bool.random(using: &rng) {
                    runs.append(first: id, length: length, position: t * 8)
                    for k in 0..<length { map[Int32(id + k)] = Int32(t * 8 + k) }
                }
                id += length + Int.random(in: 0...4, using: &rng)
            }
            let given = runs.targetsIncrease ? nil : runs.targetMinima
            for _ in 0..<30 {
                let lo = Int32.random(in: 0...310, using: &rng)
                let hi = Int32.random(in: lo...320, using: &rng)
                #expect(runs.lowestPosition(ofIDs: lo...hi, minima: given) == (lo...hi).compactMap { map[$0] }.min())
            }
        }
    }
}
