import LayoutEngine
import TestSupport
import Testing

/// Batch updates on frames layouts against the frames posted afresh: random layouts (sections, views, zIndexes),
/// random item batches with new frames, the updated spec built item by item from the reference plan.
@Suite struct FramesUpdateTests {
    static let frames = FramesLayoutTests()

    /// A random item batch (section operations left out) and new fields for its inserted, some moved and some
    /// reloaded cells.
    static func randomBatch(_ spec: FramesLayoutSpec, sticky: Bool, _ rng: inout SeededRandom)
        -> ([BatchOperation], FrameUpdates)
    {
        func cell() -> FrameElement {
            FrameElement(frame: LayoutRect(x: rng.length(-500...1500), y: rng.length(-500...20000),
                                           width: rng.length(0...300), height: rng.length(0...300)),
                         zIndex: Int.random(in: -2...2, using: &rng),
                         sticky: sticky && Bool.random(using: &rng) ? StickyRange(edge: .leading, min: 0, max: 900) : nil)
        }
        var updates = FrameUpdates()
        let ops: [BatchOperation] = UpdatePlanRunTests.randomBatch(spec.cellCounts, &rng).compactMap { op in
            switch op {
            case .insertItems(let paths, _):
                for p in paths { updates.placed[p] = cell() }
                return .insertItems(paths, sizes: nil)
            case .moveItem(_, let to):
                if Bool.random(using: &rng) { updates.placed[to] = cell() }
                return op
            case .reloadItems(let paths, _):
                if Bool.random(using: &rng) { for p in paths { updates.reloaded[p] = cell() } }
                return .reloadItems(paths, sizes: nil)
            case .deleteItems: return op
            default: return nil
            }
        }
        return (ops, updates)
    }

    /// The updated spec, item by item from the reference plan: every cell with explicit fields, views kept.
    /// `spec` gives every column.
    static func reference(_ spec: FramesLayoutSpec, _ plan: ReferenceUpdatePlan, _ updates: FrameUpdates)
        -> FramesLayoutSpec
    {
        let e = spec.elements
        var old: [LayoutIndexPath: FrameElement] = [:]
        var out = FrameElements(x: [], y: [], width: [], height: [], section: [], item: [], category: [], kind: [],
                                zIndex: [], sticky: [])
        func add(_ f: FrameElement, _ path: LayoutIndexPath, _ category: ElementCategory, _ kind: String?) {
            out.x.append(f.frame.x)
            out.y.append(f.frame.y)
            out.width.append(f.frame.width)
            out.height.append(f.frame.height)
            out.section!.append(path.section)
            out.item!.append(path.item)
            out.category!.append(category)
            out.kind!.append(kind)
            out.zIndex!.append(f.zIndex)
            out.sticky!.append(f.sticky)
        }
        for i in 0..<e.count {
            let f = FrameElement(frame: LayoutRect(x: e.x[i], y: e.y[i], width: e.width[i], height: e.height[i]),
                                 zIndex: e.zIndex?[i] ?? 0, sticky: e.sticky?[i] ?? nil)
            let path = LayoutIndexPath(section: e.section?[i] ?? 0, item: e.item?[i] ?? i)
            if (e.category?[i] ?? .cell) == .cell {
                old[path] = f
            } else {
                add(f, path, e.category![i], e.kind![i])
            }
        }
        for (s, p) in plan.sections.enumerated() {
            for (item, source) in p.items.enumerated() {
                let path = LayoutIndexPath(section: s, item: item)
                switch source {
                case .old(let o): add(updates.placed[path] ?? old[o]!, path, .cell, nil)
                case .reloaded(let o, _): add(updates.reloaded[o] ?? old[o]!, path, .cell, nil)
                case .inserted: add(updates.placed[path]!, path, .cell, nil)
                }
            }
        }
        var result = spec
        result.elements = out
        return result
    }

    @Test func updatedLayoutsEqualTheFramesPostedAfresh() throws {
        var rng = SeededRandom(seed: 2026_11_27)
        var applied = 0
        for round in 0..<300 {
            // The reference reads the posted spec (every column given); the update starts from its normal form.
            let posted = Self.frames.randomSpec(&rng, count: [0, 1, 5, 30, 200][round % 5])
            let spec = posted.normalized()
            try spec.validate(limits: SpecLimits())
            let (ops, updates) = Self.randomBatch(spec, sticky: round % 4 == 3, &rng)
            let expected: FramesLayoutSpec
            do {
                expected = Self.reference(posted, try ReferenceUpdatePlan.make(oldCounts: spec.cellCounts, operations: ops),
                                          updates)
            } catch {
                #expect(throws: error) { try UpdatePlan.make(oldCounts: spec.cellCounts, operations: ops) }
                continue
            }
            let plan = try UpdatePlan.make(oldCounts: spec.cellCounts, operations: ops)
            guard case .frames(let updated) = try LayoutSpec.frames(spec).applying(plan, frames: updates) else {
                Issue.record("not a frames layout")
                continue
            }
            #expect(updated == expected.normalized(), "round \(round): \(ops)")
            try updated.validate(limits: SpecLimits())
            applied += 1
            // Rect queries of the updated layout against a scan of the frames posted afresh (pinned cells move with
            // the offset: FramesStickyTests covers them).
            guard updated.elements.sticky == nil else { continue }
            let new = PreparedFramesLayout(updated)
            let old = PreparedFramesLayout(spec)
            let all = Self.frames.brute(expected)
            for _ in 0..<10 {
                let rect = LayoutRect(x: rng.length(-800...1800), y: rng.length(-800...21000), width: rng.length(0...900),
                                      height: rng.length(0...3000))
                var list: [LayoutAttributes] = []
                #expect(new.elements(in: rect, offset: .zero, limit: .max - 1, into: &list))
                #expect(list == all.filter { $0.frame.intersects(rect) }, "round \(round), rect \(rect)")
                checkAnimations(old: old, new: new, plan: plan, rect: rect)
            }
        }
        #expect(applied > 100)
    }

    /// Kept and moved cells and views animate from their old attributes to their new ones; inserted and reloaded
    /// cells appear (alpha 0 before), deleted and reloaded ones disappear (alpha 0 after).
    func checkAnimations(old: PreparedFramesLayout, new: PreparedFramesLayout, plan: UpdatePlan, rect: LayoutRect) {
        guard let result = UpdateAnimations.make(old: old, new: new, plan: plan, rect: rect, offset: .zero, limit: 1 << 20)
        else {
            Issue.record("no animations")
            return
        }
        var before: [LayoutAttributes] = []
        var after: [LayoutAttributes] = []
        _ = old.elements(in: rect, offset: .zero, limit: 1 << 20, into: &before)
        _ = new.elements(in: rect, offset: .zero, limit: 1 << 20, into: &after)
        let index = plan.oldItemIndex
        var expected: [(LayoutAttributes, LayoutAttributes)] = []
        var paired = Set<LayoutAttributes>()
        func faded(_ a: LayoutAttributes) -> LayoutAttributes {
            var f = a
            f.alpha = 0
            return f
        }
        for a in before {
            let b = a.category == .cell
                ? index.newPath(ofOld: a.indexPath).flatMap { new.attributesForItem(at: $0, offset: .zero) }
                : a.category == .supplementary
                    ? new.attributesForSupplementaryView(ofKind: a.kind, at: a.indexPath, offset: .zero)
                    : new.attributesForDecorationView(ofKind: a.kind, at: a.indexPath, offset: .zero)
            expected.append((a, b ?? faded(a)))
            if let b { paired.insert(b) }
        }
        for b in after where !paired.contains(b) {
            let a = b.category == .cell
                ? plan.oldPath(ofNew: b.indexPath).flatMap { old.attributesForItem(at: $0, offset: .zero) }
                : old.attributesForSupplementaryView(ofKind: b.kind, at: b.indexPath, offset: .zero)
                    ?? old.attributesForDecorationView(ofKind: b.kind, at: b.indexPath, offset: .zero)
            expected.append((a ?? faded(b), b))
        }
        #expect(result.animations.map(\.before) == expected.map(\.0))
        #expect(result.animations.map(\.after) == expected.map(\.1))
        #expect(result.insertedSupplementary.isEmpty && result.deletedSupplementary.isEmpty)
    }

    @Test func sectionOperationsAndCellsWithoutFramesAreRefused() throws {
        let spec = FramesLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                    elements: FrameElements(x: [0, 0], y: [0, 100], width: [100, 100], height: [90, 90]))
        let sectionOp = try UpdatePlan.make(oldCounts: spec.cellCounts, operations: [.insertSections([1], content: nil)])
        #expect(throws: BatchError(operation: 0, reason: FramesLayoutSpec.sectionUpdatesRefused)) {
            try LayoutSpec.frames(spec).applying(sectionOp, frames: FrameUpdates())
        }
        let insert = try UpdatePlan.make(oldCounts: spec.cellCounts,
                                         operations: [.insertItems([LayoutIndexPath(section: 0, item: 1)], sizes: nil)])
        #expect(throws: BatchError(operation: 0, reason: "cell 0/1 is inserted without a frame")) {
            try LayoutSpec.frames(spec).applying(insert, frames: FrameUpdates())
        }
        #expect(throws: BatchError(operation: 0, reason: FramesLayoutSpec.sizeReportsRefused)) {
            try LayoutSpec.frames(spec).applying(insert)
        }
        // A literal update: a cell inserted between the two, the first one moved to the end with a new frame.
        let cell = FrameElement(frame: LayoutRect(x: 5, y: 50, width: 10, height: 10), zIndex: 3)
        let moved = FrameElement(frame: LayoutRect(x: 200, y: 0, width: 20, height: 20))
        let ops: [BatchOperation] = [.insertItems([LayoutIndexPath(section: 0, item: 0)], sizes: nil),
                                     .moveItem(from: LayoutIndexPath(section: 0, item: 0), to: LayoutIndexPath(section: 0, item: 2))]
        let plan = try UpdatePlan.make(oldCounts: spec.cellCounts, operations: ops)
        let updates = FrameUpdates(placed: [LayoutIndexPath(section: 0, item: 0): cell, LayoutIndexPath(section: 0, item: 2): moved])
        let updated = try LayoutSpec.frames(spec).applying(plan, frames: updates)
        var expected = spec
        expected.elements = FrameElements(x: [5, 0, 200], y: [50, 100, 0], width: [10, 100, 20], height: [10, 90, 20],
                                          zIndex: [3, 0, 0])
        #expect(updated == .frames(expected))
    }
}
