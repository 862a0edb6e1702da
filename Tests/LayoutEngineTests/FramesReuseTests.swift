@testable import LayoutEngine
import TestSupport
import Testing

/// Frames layouts prepared from the layout before a batch (`init(_:reusing:plan:frames:)`) against the same specs
/// prepared afresh: random layouts of cells scrolling either way, batches in a row (parts stack, merge, and the
/// index is built afresh past its bound), every answer compared.
@Suite struct FramesReuseTests {
    /// `FramesStickyTests`' random elements with the views left out: cells anywhere (overlapping, empty, tall,
    /// wide), in up to four sections, some raised, scrolling either way, with a content inset half of the time;
    /// about one in five pinned (leading or trailing) when `sticky`.
    static func randomCells(_ rng: inout SeededRandom, count: Int, sticky: Bool) -> FramesLayoutSpec {
        var spec = FramesStickyTests.randomSpec(&rng, count: count)
        let e = spec.elements
        let cells = e.x.indices.filter { e.category![$0] == .cell }
        spec.elements = FrameElements(
            x: cells.map { e.x[$0] }, y: cells.map { e.y[$0] }, width: cells.map { e.width[$0] },
            height: cells.map { e.height[$0] }, section: cells.map { e.section![$0] }, item: cells.map { e.item![$0] },
            zIndex: cells.map { e.zIndex![$0] }, sticky: sticky ? cells.map { e.sticky![$0] } : nil)
        spec.scrollTargetBehavior = .item
        return spec.normalized()
    }

    /// `FramesUpdateTests.randomBatch`, its pinned cells pinned to the trailing edge at odd index paths.
    static func randomBatch(_ spec: FramesLayoutSpec, sticky: Bool, _ rng: inout SeededRandom)
        -> ([BatchOperation], FrameUpdates)
    {
        var (ops, updates) = FramesUpdateTests.randomBatch(spec, sticky: sticky, &rng)
        func edged(_ path: LayoutIndexPath, _ f: FrameElement) -> FrameElement {
            var f = f
            if (path.section + path.item) % 2 == 1 { f.sticky?.edge = .trailing }
            return f
        }
        for (path, f) in updates.placed { updates.placed[path] = edged(path, f) }
        for (path, f) in updates.reloaded { updates.reloaded[path] = edged(path, f) }
        return (ops, updates)
    }

    /// The frames spec `spec` holds, or nil for another kind of layout.
    static func frames(_ spec: LayoutSpec) -> FramesLayoutSpec? {
        guard case .frames(let f) = spec else { return nil }
        return f
    }

    /// Every answer the two layouts give for random rects, offsets and points is the same.
    func expectSameAnswers(_ reused: PreparedFramesLayout, _ fresh: PreparedFramesLayout, _ rng: inout SeededRandom,
                           _ note: String) {
        #expect(reused.contentSize == fresh.contentSize && reused.numberOfSections == fresh.numberOfSections)
        #expect(reused.numberOfItems == fresh.numberOfItems, "\(note)")
        // Pinned cells take places along x when the layout scrolls horizontally: rects reach as far there.
        let horizontal = fresh.framesSpec.scrollDirection == .horizontal
        for _ in 0..<12 {
            let rect = LayoutRect(x: rng.length(-800...(horizontal ? 21000 : 1800)), y: rng.length(-800...21000),
                                  width: rng.length(0...(horizontal ? 4000 : 900)), height: rng.length(0...4000))
            let offset = LayoutPoint(x: rng.length(-100...20000), y: rng.length(-100...20000))
            var a = ElementList()
            var b = ElementList()
            _ = reused.elements(in: rect, offset: offset, limit: .max - 1, into: &a)
            _ = fresh.elements(in: rect, offset: offset, limit: .max - 1, into: &b)
            #expect(a.elements == b.elements, "\(note), rect \(rect), offset \(offset)")
            // Tiles and columnar answers: pinned cells unpinned with their ranges; a page of them.
            var c = ElementList(unpinned: true)
            var d = ElementList(unpinned: true)
            let limit = Int.random(in: 0...20, using: &rng)
            #expect(reused.elements(in: rect, offset: .zero, limit: limit, into: &c)
                == fresh.elements(in: rect, offset: .zero, limit: limit, into: &d))
            #expect(c.elements == d.elements && c.stickyRanges == d.stickyRanges, "\(note), tile \(rect)")
            let point = LayoutPoint(x: rect.x, y: rect.y)
            #expect(reused.itemIndexPath(at: point, offset: offset) == fresh.itemIndexPath(at: point, offset: offset))
        }
        let proposed = LayoutPoint(x: rng.length(0...20000), y: rng.length(0...20000))
        #expect(reused.targetContentOffset(proposed: proposed, velocity: LayoutPoint(x: 1, y: 1))
            == fresh.targetContentOffset(proposed: proposed, velocity: LayoutPoint(x: 1, y: 1)))
    }

    @Test func batchesInARowAnswerAsTheLayoutPreparedAfresh() throws {
        var rng = SeededRandom(seed: 2026_11_27_1)
        var (stacked, merged, rebuilt, batches, mostParts, pinnedAlongX) = (0, 0, 0, 0, 0, 0)
        for round in 0..<24 {
            var spec = Self.randomCells(&rng, count: [0, 1, 40, 300, 1500, 4000][round % 6], sticky: round % 3 == 2)
            var layout = PreparedFramesLayout(spec)
            for batch in 0..<30 {
                let (ops, updates) = Self.randomBatch(spec, sticky: round % 3 == 2, &rng)
                guard let plan = try? UpdatePlan.make(oldCounts: spec.cellCounts, operations: ops),
                      case .frames(let updated) = try? LayoutSpec.frames(spec).applying(plan, frames: updates)
                else { continue }
                try updated.validate(limits: SpecLimits())
                let reused = PreparedFramesLayout(updated, reusing: layout, plan: plan, frames: updates)
                let fresh = PreparedFramesLayout(updated)
                expectSameAnswers(reused, fresh, &rng, "round \(round), batch \(batch): \(ops)")
                // The parts hold every element once, at its position.
                var positions: [Int] = []
                for part in reused.parts { part.runs.forEachPosition { positions.append($0) } }
                #expect(positions.sorted() == Array(0..<updated.elements.count), "round \(round), batch \(batch)")
                if reused.parts.count > 1 { stacked += 1 }
                mostParts = max(mostParts, reused.parts.count)
                // Merged: the last part holds more than the cells this batch changed (alone, their part holds just
                // those).
                let changed = try #require(plan.cellPositions(frames: updates, oldCellCounts: layout.cellCounts))
                    .changed.count
                if reused.parts.count > 1, changed > 0, reused.parts[reused.parts.count - 1].size > changed {
                    merged += 1
                }
                // Built afresh: one part that holds every element at its own position.
                if layout.parts.count > 1, reused.parts.count == 1, reused.parts[0].isIdentity,
                   reused.parts[0].size == updated.elements.count
                {
                    rebuilt += 1
                }
                // A horizontal layout with pins: they move along x.
                if updated.scrollDirection == .horizontal, updated.elements.sticky != nil { pinnedAlongX += 1 }
                batches += 1
                (spec, layout) = (updated, reused)
            }
        }
        let counts = "\(batches) batches, \(stacked) stacked, \(merged) merged, at most \(mostParts) parts, "
            + "\(rebuilt) rebuilt, \(pinnedAlongX) pinned along x"
        #expect(batches > 300 && stacked > 100 && merged > 20 && mostParts >= 3 && rebuilt > 10 && pinnedAlongX > 30,
                "\(counts)")
    }

    /// A layout with views is prepared afresh; a moved cell keeping its frame stays in its part.
    @Test func viewsArePreparedAfreshAndKeptFramesStayPut() throws {
        var views = FramesLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), elements: FrameElements(
            x: [0, 0, 0], y: [0, 50, 150], width: [390, 390, 390], height: [50, 100, 100], category: [.supplementary, .cell, .cell],
            kind: ["header", nil, nil]))
        views = views.normalized()
        let move: [BatchOperation] = [.moveItem(from: LayoutIndexPath(section: 0, item: 0), to: LayoutIndexPath(section: 0, item: 1))]
        let plan = try UpdatePlan.make(oldCounts: views.cellCounts, operations: move)
        let moved = try #require(Self.frames(try LayoutSpec.frames(views).applying(plan, frames: FrameUpdates())))
        let afresh = PreparedFramesLayout(moved, reusing: PreparedFramesLayout(views), plan: plan, frames: FrameUpdates())
        #expect(afresh.parts.count == 1 && afresh.parts[0].isIdentity)

        let cells = FramesLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), elements: FrameElements(
            x: [Double](repeating: 0, count: 20), y: (0..<20).map { Double($0) * 100 }, width: [Double](repeating: 390, count: 20),
            height: [Double](repeating: 90, count: 20)))
        let plan2 = try UpdatePlan.make(oldCounts: cells.cellCounts, operations: [
            .moveItem(from: LayoutIndexPath(section: 0, item: 3), to: LayoutIndexPath(section: 0, item: 10)),
            .insertItems([LayoutIndexPath(section: 0, item: 0)], sizes: nil),
        ])
        let updates = FrameUpdates(placed: [LayoutIndexPath(section: 0, item: 0): FrameElement(frame: LayoutRect(x: 0, y: 5000, width: 10, height: 10))])
        let updated = try #require(Self.frames(try LayoutSpec.frames(cells).applying(plan2, frames: updates)))
        let reused = PreparedFramesLayout(updated, reusing: PreparedFramesLayout(cells), plan: plan2, frames: updates)
        // The old index keeps the 20 cells (the moved one too: its frame is kept); the inserted one is a part.
        #expect(reused.parts.map(\.size) == [20, 1] && reused.parts.map(\.live) == [20, 1])
        #expect(reused.parts[0].runs.runCount == 4)
        var list: [LayoutAttributes] = []
        _ = reused.elements(in: LayoutRect(x: 0, y: 300, width: 390, height: 10), offset: .zero, limit: 10, into: &list)
        #expect(list.map(\.indexPath.item) == [10])  // old 0/3, at y 300
    }

    /// Runs composed, against a map of every id.
    @Test func runsComposeAsMaps() {
        var rng = SeededRandom(seed: 7)
        func random(_ n: Int) -> (PositionRuns, [Int: Int]) {
            var runs = PositionRuns()
            var map: [Int: Int] = [:]
            var targets = Array(0..<(2 * n)).shuffled(using: &rng)
            var id = 0
            while id < n {
                let length = Int.random(in: 1...5, using: &rng)
                let p = targets.removeLast() * 8
                if Bool.random(using: &rng) {
                    runs.append(first: id, length: length, position: p)
                    for k in 0..<length { map[id + k] = p + k }
                }
                id += length + Int.random(in: 0...2, using: &rng)
            }
            return (runs, map)
        }
        for _ in 0..<50 {
            let (a, mapA) = random(200)
            var b = PositionRuns()
            var mapB: [Int: Int] = [:]
            var p = 0
            while p < 3200 {
                let length = Int.random(in: 1...40, using: &rng)
                if Bool.random(using: &rng) {
                    let to = Int.random(in: 0...5000, using: &rng)
                    b.append(first: p, length: length, position: to)
                    for k in 0..<length { mapB[p + k] = to + k }
                }
                p += length + Int.random(in: 0...3, using: &rng)
            }
            let c = a.then(b)
            for id in 0..<220 {
                #expect(c.position(of: Int32(id)).map(Int.init) == mapA[id].flatMap { mapB[$0] })
            }
            #expect(c.count == mapA.values.filter { mapB[$0] != nil }.count)
        }
    }
}
