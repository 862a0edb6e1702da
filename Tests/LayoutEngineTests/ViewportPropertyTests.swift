@testable import LayoutEngine
import TestSupport
import Testing

/// Keeping the user's place, checked against brute-force references on random layouts of every kind: anchors
/// across bounds changes, batch updates and size reports, scroll-to positions, insets and bottom-anchored content.
@Suite struct ViewportPropertyTests {
    /// The scroll axis and its helpers, as the tests see them (frames, not the engine's extents).
    struct Along {
        let vertical: Bool
        init(_ spec: LayoutSpec) { vertical = spec.scrollDirection == .vertical }
        func v(_ p: LayoutPoint) -> Double { vertical ? p.y : p.x }
        func start(_ r: LayoutRect) -> Double { vertical ? r.minY : r.minX }
        func length(_ r: LayoutRect) -> Double { vertical ? r.height : r.width }
        func view(_ s: LayoutSize) -> Double { vertical ? s.height : s.width }
        func before(_ e: LayoutEdgeInsets) -> Double { vertical ? e.top : e.left }
        func after(_ e: LayoutEdgeInsets) -> Double { vertical ? e.bottom : e.right }
        func min(_ r: ScrollRange) -> Double { vertical ? r.min.y : r.min.x }
        func max(_ r: ScrollRange) -> Double { vertical ? r.max.y : r.max.x }
    }

    /// What the reference keeps: a cell's distance from the visible area's leading edge, the fraction of it above
    /// that edge, or the distance of the content's end past the viewport's end.
    enum Kept: Equatable {
        case distance(LayoutIndexPath, Double)
        case fraction(LayoutIndexPath, Double)
        case end(Double)
        case nothing
    }

    /// The reference anchor: every cell scanned (no rect index), the rule of the issue applied literally.
    static func reference(_ layout: any PreparedLayout, _ anchor: ScrollAnchor, at o: LayoutPoint) -> Kept {
        let a = Along(layout.spec)
        let inset = layout.contentInset
        let edge = a.v(o) + a.before(inset)
        switch anchor {
        case .end:
            return .end(a.v(LayoutPoint(x: layout.contentSize.width, y: layout.contentSize.height)) + a.after(inset)
                        - (a.v(o) + a.view(layout.viewSize)))
        case .item(let p):
            return .distance(p, a.start(layout.attributesForItem(at: p, offset: .zero)!.frame) - edge)
        case .firstVisible:
            let view = layout.viewSize
            let visible = LayoutRect(x: o.x + inset.left, y: o.y + inset.top, width: max(0, view.width - inset.left - inset.right),
                               height: max(0, view.height - inset.top - inset.bottom))
            let cells = RandomSpecs.allElements(layout).filter { $0.category == .cell && $0.frame.intersects(visible) }
                .sorted { ($0.indexPath.section, $0.indexPath.item) < ($1.indexPath.section, $1.indexPath.item) }
            if let c = cells.first(where: { a.start($0.frame) >= edge }) { return .distance(c.indexPath, a.start(c.frame) - edge) }
            if let c = cells.first(where: { a.start($0.frame) < edge && a.start($0.frame) + a.length($0.frame) > edge }) {
                return .fraction(c.indexPath, (edge - a.start(c.frame)) / a.length(c.frame))
            }
            return .nothing
        }
    }

    /// What `kept` measures in `layout` at `o`, for the cell `path` stands for there.
    static func measure(_ kept: Kept, in layout: any PreparedLayout, at o: LayoutPoint, path: LayoutIndexPath?) -> Double? {
        let a = Along(layout.spec)
        let edge = a.v(o) + a.before(layout.contentInset)
        switch kept {
        case .distance:
            return path.flatMap { layout.attributesForItem(at: $0, offset: .zero) }.map { a.start($0.frame) - edge }
        case .fraction:
            return path.flatMap { layout.attributesForItem(at: $0, offset: .zero) }
                .map { (edge - a.start($0.frame)) / a.length($0.frame) }
        case .end:
            return a.v(LayoutPoint(x: layout.contentSize.width, y: layout.contentSize.height)) + a.after(layout.contentInset)
                - (a.v(o) + a.view(layout.viewSize))
        case .nothing:
            return nil
        }
    }

    static func value(_ kept: Kept) -> Double? {
        switch kept {
        case .distance(_, let d), .fraction(_, let d), .end(let d): d
        case .nothing: nil
        }
    }

    static func isClamped(_ layout: any PreparedLayout, _ o: LayoutPoint) -> Bool {
        let a = Along(layout.spec)
        let r = layout.scrollRange
        return a.v(o) <= a.min(r) || a.v(o) >= a.max(r)
    }

    static func randomAnchor(_ rng: inout SeededRandom, _ layout: any PreparedLayout) -> ScrollAnchor {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where layout.numberOfItems > 0:
            let sections = (0..<layout.numberOfSections).filter { layout.numberOfItems(inSection: $0) > 0 }
            let s = sections.randomElement(using: &rng)!
            return .item(LayoutIndexPath(section: s, item: Int.random(in: 0..<layout.numberOfItems(inSection: s), using: &rng)))
        case 1: return .end
        default: return .firstVisible
        }
    }

    /// Within 1e-9 of the values' magnitude (at least 1).
    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }

    @Test func boundsKeepTheAnchorOnScreen() {
        var checked = 0
        for seed in 0..<400 {
            var rng = SeededRandom(seed: UInt64(seed))
            let spec = RandomSpecs.anyLayout(&rng, wheels: false)
            let old = spec.prepare()
            let o = RandomSpecs.offset(&rng, in: old.scrollRange)
            let anchor = Self.randomAnchor(&rng, old)
            var viewport = spec.viewport
            viewport.size = LayoutSize(width: rng.length(100...900), height: rng.length(100...900))
            if Bool.random(using: &rng) { viewport.contentInset = RandomSpecs.contentInset(&rng) }
            let resized = spec.withViewport(viewport)
            guard (try? resized.validate(limits: SpecLimits())) != nil else { continue }
            let new = resized.prepare()
            let placement = old.placement(of: anchor, at: o)!
            let o2 = new.contentOffset(keeping: placement, from: old)
            // The offset stays in the new scroll range; across the scroll axis it stays (clamped).
            #expect(new.scrollRange.clamp(o2) == o2, "seed \(seed)")
            let kept = Self.reference(old, anchor, at: o)
            #expect(placement.indexPath == { if case .distance(let p, _) = kept { p } else if case .fraction(let p, _) = kept { p } else { nil } }(),
                    "seed \(seed): the anchor is the reference's")
            guard let before = Self.value(kept), !Self.isClamped(new, o2) else { continue }
            let after = Self.measure(kept, in: new, at: o2, path: placement.indexPath)
            #expect(after.map { Self.close($0, before) } == true, "seed \(seed): \(kept) became \(String(describing: after))")
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func updatesAndSizeReportsKeepTheAnchorOnScreen() throws {
        var checked = 0
        var fellBack = 0
        for seed in 0..<600 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 7_000)
            let spec = RandomSpecs.anyLayout(&rng, wheels: false)
            // Every kind whose cells' frames do not follow the offset (a wheel's anchor is its angle: see
            // WheelViewportTests).
            if case .wheel = spec { continue }
            do {
                let old = spec.prepare()
                let sizes = Bool.random(using: &rng)
                let operations: [BatchOperation]
                if sizes, old.numberOfItems > 0 {
                    let reports = (0..<Int.random(in: 1...6, using: &rng)).compactMap { _ -> (LayoutIndexPath, LayoutSize)? in
                        let s = Int.random(in: 0..<old.numberOfSections, using: &rng)
                        guard old.numberOfItems(inSection: s) > 0 else { return nil }
                        return (LayoutIndexPath(section: s, item: Int.random(in: 0..<old.numberOfItems(inSection: s), using: &rng)),
                                LayoutSize(width: rng.length(1...150), height: rng.length(1...150)))
                    }
                    operations = SelfSizing.batch(reports)
                } else {
                    operations = UpdatePlanRunTests.randomBatch(spec.sectionCounts, &rng)
                }
                guard let plan = try? UpdatePlan.make(oldCounts: spec.sectionCounts, operations: operations),
                      let updated = try? spec.applying(plan), (try? updated.validate(limits: SpecLimits())) != nil
                else { continue }
                let new = updated.prepare()
                let o = RandomSpecs.offset(&rng, in: old.scrollRange)
                let anchor = Self.randomAnchor(&rng, old)
                let placement = old.placement(of: anchor, at: o)!
                let survivors = AnchorSurvivors(plan: plan, oldSectionCount: old.numberOfSections)
                let o2 = new.contentOffset(keeping: placement, from: old, survivor: survivors.survivor(of:))
                var kept = Self.reference(old, anchor, at: o)
                // The reference survivor: the anchor where the plan put it, else the next old cell that is
                // somewhere in the new layout, else the previous one.
                func newPath(_ p: LayoutIndexPath) -> LayoutIndexPath? {
                    for s in plan.sections.indices where !plan.sections[s].reloaded && plan.sections[s].content == nil {
                        for i in 0..<plan.sections[s].count {
                            switch plan.sections[s].source(of: i) {
                            case .old(p), .reloaded(p, _): return LayoutIndexPath(section: s, item: i)
                            default: continue
                            }
                        }
                    }
                    return nil
                }
                var standIn: LayoutIndexPath?
                if let p = placement.indexPath {
                    let order = (0..<old.numberOfSections).flatMap { s in
                        (0..<old.numberOfItems(inSection: s)).map { LayoutIndexPath(section: s, item: $0) }
                    }
                    let k = order.firstIndex(of: p)!
                    let candidate = order[k...].first { newPath($0) != nil } ?? order[..<k].last { newPath($0) != nil }
                    standIn = candidate.flatMap(newPath)
                    if let candidate, candidate != p {
                        fellBack += 1
                        // A stand-in keeps its own distance.
                        kept = Self.reference(old, .item(candidate), at: o)
                    }
                    #expect(survivors.survivor(of: p)?.new == standIn, "seed \(seed)")
                }
                guard let before = Self.value(kept), !Self.isClamped(new, o2), placement.indexPath == nil || standIn != nil
                else { continue }
                let after = Self.measure(kept, in: new, at: o2, path: standIn)
                #expect(after.map { Self.close($0, before) } == true, "seed \(seed): \(kept) became \(String(describing: after))")
                checked += 1
            }
        }
        #expect(checked > 150 && fellBack > 5)
    }

    @Test func scrollToPutsTheItemAtThePosition() {
        var checked = 0
        for seed in 0..<400 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 90_000)
            let spec = RandomSpecs.anyLayout(&rng, wheels: false)
            let layout = spec.prepare()
            guard layout.numberOfItems > 0 else { continue }
            let o = RandomSpecs.offset(&rng, in: layout.scrollRange)
            let sections = (0..<layout.numberOfSections).filter { layout.numberOfItems(inSection: $0) > 0 }
            let s = sections.randomElement(using: &rng)!
            let path = LayoutIndexPath(section: s, item: Int.random(in: 0..<layout.numberOfItems(inSection: s), using: &rng))
            let position = ScrollPosition.allCases.randomElement(using: &rng)!
            let t = layout.scrollOffset(toItem: path, at: position, from: o)!
            #expect(layout.scrollRange.clamp(t) == t)
            let scroll = Along(spec)
            let inset = layout.contentInset
            for vertical in [true, false] {
                let axisPositions: [ScrollPosition] = vertical ? [.top, .centeredVertically, .bottom] : [.left, .centeredHorizontally, .right]
                let frame = layout.attributesForItem(at: path, offset: t)!.frame
                let at = vertical ? t.y : t.x
                let range = layout.scrollRange
                let clamped = at <= (vertical ? range.min.y : range.min.x) || at >= (vertical ? range.max.y : range.max.x)
                let start = vertical ? frame.minY : frame.minX
                let length = vertical ? frame.height : frame.width
                let view = vertical ? layout.viewSize.height : layout.viewSize.width
                let (b, a) = vertical ? (inset.top, inset.bottom) : (inset.left, inset.right)
                // A pinned header covers the visible start over its section's cells.
                var pinned = 0.0
                if scroll.vertical == vertical, let h = layout.attributesForSupplementaryView(
                    ofKind: "header", at: LayoutIndexPath(section: s, item: 0), offset: t), h.zIndex > 0 {
                    pinned = vertical ? h.frame.height : h.frame.width
                }
                guard axisPositions.contains(position) else {
                    if position != .nearest { #expect(at == (vertical ? range.clamp(o).y : range.clamp(o).x)) }
                    continue
                }
                guard !clamped else { continue }
                // A right-to-left horizontal layout pins its headers at the right.
                let atEnd = spec.isMirroredAlongScrollAxis
                switch axisPositions.firstIndex(of: position)! {
                case 0: #expect(Self.close(start, at + b + (atEnd ? 0 : pinned)), "seed \(seed) \(position)")
                case 1: #expect(Self.close(start + length / 2, at + b + (view - b - a) / 2), "seed \(seed) \(position)")
                default: #expect(Self.close(start + length, at + view - a - (atEnd ? pinned : 0)), "seed \(seed) \(position)")
                }
                checked += 1
            }
            if position == .nearest, scroll.vertical ? true : true {
                // Shown whole at o (along the scroll axis): no movement there; else it shows whole at t or is larger
                // than the visible area.
                let frame = layout.attributesForItem(at: path, offset: o)!.frame
                let start = scroll.start(frame)
                let end = start + scroll.length(frame)
                var pinned = 0.0
                if let h = layout.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: s, item: 0), offset: o),
                   h.zIndex > 0 { pinned = scroll.length(h.frame) }
                let atEnd = spec.isMirroredAlongScrollAxis
                let shown = start >= scroll.v(o) + scroll.before(inset) + (atEnd ? 0 : pinned)
                    && end <= scroll.v(o) + scroll.view(layout.viewSize) - scroll.after(inset) - (atEnd ? pinned : 0)
                if shown { #expect(scroll.v(t) == scroll.v(layout.scrollRange.clamp(o)), "seed \(seed) nearest") }
                checked += 1
            }
        }
        #expect(checked > 150)
    }

    @Test func insetsMoveNoFrameAndPinHeadersBelowTheTopInset() {
        for seed in 0..<150 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 50_000)
            var spec = RandomSpecs.flowWithOptions(&rng)
            spec.scrollDirection = .vertical
            spec.layoutDirection = .leftToRight
            let inset = LayoutEdgeInsets(top: rng.length(1...80), left: rng.length(0...30), bottom: rng.length(0...80),
                                   right: rng.length(0...30))
            var insetSpec = spec
            insetSpec.contentInset = inset
            let plain = PreparedFlowLayout(spec)
            let inseted = PreparedFlowLayout(insetSpec)
            let o = RandomSpecs.offset(&rng, in: inseted.scrollRange)
            // No element moves but pinned headers and footers; those stick inside the insets.
            var a: [LayoutAttributes] = []
            var b: [LayoutAttributes] = []
            let everything = LayoutRect(x: -1e6, y: -1e6, width: 4e6, height: 4e6)
            _ = plain.elements(in: everything, offset: o, limit: .max - 1, into: &a)
            _ = inseted.elements(in: everything, offset: o, limit: .max - 1, into: &b)
            #expect(a.count == b.count)
            for (x, y) in zip(a, b) where x.zIndex != 1 { #expect(x == y, "seed \(seed)") }
            #expect(inseted.scrollRange.min == LayoutPoint(x: -inset.left, y: -inset.top))
            #expect(inseted.scrollRange.max.y == max(-inset.top, plain.contentSize.height + inset.bottom - spec.collectionView.height))
            if spec.chrome.pinHeaders {
                for h in b where h.kind == "header" && h.zIndex == 1 {
                    let band = inseted.sections[h.indexPath.section].band
                    let expected = max(band.start, min(o.y + inset.top, band.footerStart - band.headerLength))
                    #expect(h.frame.minY == expected, "seed \(seed)")
                }
            }
        }
    }

    /// A right-to-left horizontal flow's leading edge is the view's right: its pinned header sticks left of the
    /// right inset, and `right` scrolls an item clear of it.
    @Test func rightToLeftHeadersPinInsideTheRightInset() {
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 300, height: 200), sections: [FlowSectionSpec(items: .count(200))])
        spec.scrollDirection = .horizontal
        spec.layoutDirection = .rightToLeft
        spec.minimumLineSpacing = 0
        spec.minimumInteritemSpacing = 0
        spec.headerReferenceSize = LayoutSize(width: 40, height: 0)
        spec.chrome.pinHeaders = true
        spec.contentInset = LayoutEdgeInsets(top: 0, left: 10, bottom: 0, right: 30)
        let layout = PreparedFlowLayout(spec)
        #expect(layout.contentSize.width == 40 + 50 * 50)  // 4 items a column
        let header = layout.attributesForSupplementaryView(ofKind: "header", at: LayoutIndexPath(section: 0, item: 0),
                                                           offset: LayoutPoint(x: 1000, y: 0))!
        #expect(header.frame.maxX == 1000 + 300 - 30)
        // Item 100 (column 25 from the right: x = 2540 - 40 - 26 · 50 = 1200) at the right, clear of the header.
        let t = layout.scrollOffset(toItem: LayoutIndexPath(section: 0, item: 100), at: .right, from: .zero)!
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 100), offset: t)!.frame.maxX == t.x + 300 - 30 - 40)
        #expect(t.x == 1250 - 230)
    }

    @Test func insetsMoveNoWaterfallFrame() {
        for seed in 0..<100 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 55_000)
            var spec = RandomSpecs.waterfall(&rng)
            spec.chrome.pinHeaders = false
            spec.chrome.pinFooters = false
            var inseted = spec
            inseted.contentInset = LayoutEdgeInsets(top: rng.length(1...80), left: rng.length(0...30), bottom: rng.length(0...80),
                                              right: rng.length(0...30))
            #expect(RandomSpecs.allElements(PreparedWaterfallLayout(spec))
                    == RandomSpecs.allElements(PreparedWaterfallLayout(inseted)), "seed \(seed)")
        }
    }

    @Test func flingsStopAtItemsInsideTheInset() {
        var checked = 0
        for seed in 0..<200 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 70_000)
            var spec = RandomSpecs.flow(&rng)
            spec.contentInset = LayoutEdgeInsets(top: rng.length(0...90), left: rng.length(0...40), bottom: rng.length(0...90),
                                           right: rng.length(0...40))
            spec.scrollTargetBehavior = Bool.random(using: &rng) ? .item : .centeredItem
            let layout = PreparedFlowLayout(spec)
            let a = Along(.flow(spec))
            let t = layout.targetContentOffset(proposed: RandomSpecs.offset(&rng, over: layout.contentSize),
                                               velocity: LayoutPoint(x: 0, y: 0))
            #expect(layout.scrollRange.clamp(t) == t, "seed \(seed)")
            guard !Self.isClamped(layout, t) else { continue }
            let before = a.before(spec.contentInset)
            let visible = a.view(spec.collectionView) - before - a.after(spec.contentInset)
            // Some cell's leading edge (or centre) is at the visible area's leading edge (or centre).
            let place = a.v(t) + before + (spec.scrollTargetBehavior == .centeredItem ? visible / 2 : 0)
            // The cells as the naive reference layout places them (the inset moves no frame here).
            let stops = ReferenceFlowLayout.layout(spec).elements.filter { $0.category == .cell }.map { c in
                a.start(c.frame) + (spec.scrollTargetBehavior == .centeredItem ? a.length(c.frame) / 2 : 0)
            }
            #expect(stops.contains { Self.close($0, place) }, "seed \(seed)")
            checked += 1
        }
        #expect(checked > 50)
    }

    @Test func contentAnchoredAtTheEndSitsAtTheViewsEnd() {
        var short = 0
        for seed in 0..<200 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 60_000)
            var spec = RandomSpecs.anyLayout(&rng, wheels: false)
            if Bool.random(using: &rng) {
                // A long view: content shorter than it.
                var v = spec.viewport
                if spec.scrollDirection == .vertical { v.size.height = rng.length(2000...20000) } else { v.size.width = rng.length(2000...20000) }
                spec = spec.withViewport(v)
                guard (try? spec.validate(limits: SpecLimits())) != nil else { continue }
            }
            let plain: any PreparedLayout
            let anchored: any PreparedLayout
            switch spec {
            case .flow(var f):
                f.contentAnchor = .start
                plain = PreparedFlowLayout(f)
                f.contentAnchor = .end
                anchored = PreparedFlowLayout(f)
                spec = .flow(f)
            case .waterfall(var w):
                w.contentAnchor = .start
                plain = PreparedWaterfallLayout(w)
                w.contentAnchor = .end
                anchored = PreparedWaterfallLayout(w)
                spec = .waterfall(w)
            default: continue
            }
            let a = Along(spec)
            let inset = spec.contentInset
            let visible = a.view(spec.collectionView) - a.before(inset) - a.after(inset)
            let length = a.view(plain.contentSize)
            let room = max(0, visible - length)
            if room > 0 { short += 1 }
            #expect(Self.close(a.view(anchored.contentSize), max(length, visible)), "seed \(seed)")
            // Every frame moved by the room along the scroll axis (pinned elements aside).
            let before = RandomSpecs.allElements(plain).filter { $0.zIndex != 1 }
            let after = RandomSpecs.allElements(anchored).filter { $0.zIndex != 1 }
            #expect(before.count == after.count)
            for (x, y) in zip(before, after) {
                let moved = a.vertical ? LayoutRect(x: x.frame.x, y: x.frame.y + room, width: x.frame.width, height: x.frame.height)
                    : LayoutRect(x: x.frame.x + room, y: x.frame.y, width: x.frame.width, height: x.frame.height)
                // A right-to-left horizontal layout mirrors across the content's width, which grew by the room.
                if spec.isMirroredAlongScrollAxis { continue }
                #expect(abs(moved.x - y.frame.x) < 1e-9 && abs(moved.y - y.frame.y) < 1e-9, "seed \(seed)")
            }
        }
        #expect(short > 30)
    }
}

/// Wheels: what stays on screen is the wheel's angle.
@Suite struct WheelViewportTests {
    /// The same angle, modulo a turn.
    static func sameAngle(_ a: Double, _ b: Double) -> Bool {
        let d = (a - b).truncatingRemainder(dividingBy: 2 * .pi)
        return min(abs(d), 2 * .pi - abs(d)) < 1e-9
    }

    @Test func anInfiniteWheelTurnsAThousandItemsBackwards() {
        var spec = WheelLayoutSpec(collectionView: LayoutSize(width: 300, height: 400), items: 10)
        spec.infinite = true
        let layout = PreparedWheelLayout(spec)
        let start = layout.initialOffset!
        #expect(start.y == 4000)  // one turn in: room for a turn backwards before the first jump
        var o = start  // the client's offset, as its scroll view keeps it
        var turned = start.y  // where it would be without jumps
        var jumps = 0
        let range = layout.scrollRange
        for k in 1...1000 {
            // One item backwards: a view height, in eight drags; after each, the rect answer's adjustment applied.
            for _ in 0..<8 {
                o.y -= 50
                turned -= 50
                #expect(o.y >= range.min.y && o.y <= range.max.y, "the scroll view would have stopped at \(o.y)")
                if let move = layout.wrapAdjustment(for: o) {
                    o.y += move.y
                    jumps += 1
                }
            }
            // Nothing changed on screen: every item's angle is the one at the offset without jumps, and item
            // k mod 10 is in front.
            for i in 0..<10 {
                #expect(Self.sameAngle(layout.angle(item: i, offset: o), layout.angle(item: i, offset: LayoutPoint(x: 0, y: turned))))
            }
            #expect(Self.sameAngle(layout.angle(item: k % 10, offset: o), 0))
        }
        #expect(jumps == 100)  // a turn (10 items) per jump
        // Forwards too.
        for _ in 0..<20_000 {
            o.y += 50
            #expect(o.y <= range.max.y)
            if let move = layout.wrapAdjustment(for: o) { o.y += move.y }
        }
    }

    /// Items inserted or deleted on a wheel: the item in front stays in front, as far into its turn as it was.
    @Test func updatesKeepTheItemInFront() throws {
        var checked = 0
        for seed in 0..<300 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 4_000)
            let spec = RandomSpecs.wheel(&rng)
            let old = PreparedWheelLayout(spec)
            let o = RandomSpecs.offset(&rng, in: old.scrollRange)
            guard let front = old.placement(of: .firstVisible, at: o), let p = front.indexPath else { continue }
            let k = Int.random(in: 0...spec.items, using: &rng)
            let insert = Bool.random(using: &rng) || k == spec.items || spec.items == 1
            let operations: [BatchOperation] = insert
                ? [.insertItems([LayoutIndexPath(section: 0, item: k)], sizes: nil)] : [.deleteItems([LayoutIndexPath(section: 0, item: k)])]
            let plan = try UpdatePlan.make(oldCounts: [spec.items], operations: operations)
            guard case .wheel(let updated) = try LayoutSpec.wheel(spec).applying(plan), updated.items > 0 else { continue }
            let new = PreparedWheelLayout(updated)
            let survivors = AnchorSurvivors(plan: plan, oldSectionCount: 1)
            let o2 = new.contentOffset(keeping: front, from: old, survivor: survivors.survivor(of:))
            guard !ViewportPropertyTests.isClamped(new, o2), insert || k != p.item else { continue }
            let q = insert && p.item >= k ? p.item + 1 : !insert && p.item > k ? p.item - 1 : p.item
            // How far into its turn the item is, in items.
            func turn(_ layout: PreparedWheelLayout, _ item: Int, _ o: LayoutPoint) -> Double {
                let a = layout.angle(item: item, offset: o) / (2 * .pi)
                return (a - a.rounded(.down)) * Double(layout.wheelSpec.items)
            }
            let before = turn(old, p.item, o)
            let after = turn(new, q, o2)
            // Near a whole turn, 0 and n are the same place.
            let d = abs(before - after)
            #expect(d < 1e-6 || abs(d - Double(spec.items)) < 1e-6 || abs(d - Double(updated.items)) < 1e-6,
                    "seed \(seed): \(before) -> \(after)")
            checked += 1
        }
        #expect(checked > 100)
    }

    @Test func boundsKeepTheAngleAndScrollToBringsTheItemToTheFront() {
        var checked = 0
        for seed in 0..<300 {
            var rng = SeededRandom(seed: UInt64(seed) &+ 3_000)
            let spec = RandomSpecs.wheel(&rng)
            let old = PreparedWheelLayout(spec)
            let o = RandomSpecs.offset(&rng, in: old.scrollRange)
            var resized = spec
            resized.collectionView = LayoutSize(width: rng.length(100...700), height: rng.length(50...700))
            let new = PreparedWheelLayout(resized)
            let o2 = new.contentOffset(keeping: old.placement(of: .firstVisible, at: o)!, from: old)
            if !ViewportPropertyTests.isClamped(new, o2) {
                #expect(Self.sameAngle(old.angle(item: 0, offset: o), new.angle(item: 0, offset: o2)), "seed \(seed)")
                checked += 1
            }
            let item = Int.random(in: 0..<spec.items, using: &rng)
            let position: ScrollPosition = [.top, .centeredVertically, .bottom, .nearest].randomElement(using: &rng)!
            let t = old.scrollOffset(toItem: LayoutIndexPath(section: 0, item: item), at: position, from: o)!
            if position != .nearest, !ViewportPropertyTests.isClamped(old, t) {
                #expect(Self.sameAngle(old.angle(item: item, offset: t), 0), "seed \(seed)")
            }
        }
        #expect(checked > 100)
    }
}
