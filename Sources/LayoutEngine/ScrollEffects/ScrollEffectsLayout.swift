/// A prepared layout whose spec gives scroll effects: its base layout's answers, each cell with the scale and
/// alpha of its section's effects at the query's offset (`ScrollEffect`). Frames, supplementary views and
/// decorations are the base's; so is everything that depends on frames only (scroll-to, anchors, targets).
/// Answers that hold at every offset (tiles: `ElementSink.unpinned`) are the base's: the layout's summary
/// describes the effects (`scrollEffectRuns`) for a client to apply.
public struct ScrollEffectsLayout<Base: ScrollEffectSections>: PreparedLayout {
    public let base: Base
    /// The effects of each class of sections (`ScrollEffectSections`).
    let effects: [ScrollEffect?]

    /// Nil when the spec's effects act on no section.
    init?(_ base: Base) {
        let effects = base.scrollEffectClasses
        guard effects.contains(where: { $0 != nil }) else { return nil }
        self.base = base
        self.effects = effects
    }

    func effect(ofSection s: Int) -> ScrollEffect? {
        s >= 0 && s < base.numberOfSections ? effects[base.scrollEffectClass(ofSection: s)] : nil
    }

    public var spec: LayoutSpec { base.spec }
    public var contentSize: LayoutSize { base.contentSize }
    public var numberOfSections: Int { base.numberOfSections }
    public func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    public var byteCount: Int { base.byteCount + effects.count * MemoryLayout<ScrollEffect?>.stride }

    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                        into sink: inout Sink) -> Bool {
        if sink.unpinned { return base.elements(in: rect, offset: offset, limit: limit, into: &sink) }
        var withEffects = ScrollEffectSink(base: sink, layout: base, effects: effects, offset: offset)
        let complete = base.elements(in: rect, offset: offset, limit: limit, into: &withEffects)
        sink = withEffects.base
        return complete
    }

    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        applying(base.attributesForItem(at: indexPath, offset: offset), offset: offset)
    }

    /// `a` (a cell, or nil) with its section's effects at `offset`.
    func applying(_ a: LayoutAttributes?, offset: LayoutPoint) -> LayoutAttributes? {
        guard var a, a.category == .cell, let e = effect(ofSection: a.indexPath.section) else { return a }
        e.apply(to: &a, offset: offset)
        return a
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath,
                                               offset: LayoutPoint) -> LayoutAttributes? {
        base.attributesForSupplementaryView(ofKind: kind, at: indexPath, offset: offset)
    }

    public var numberOfItems: Int { base.numberOfItems }
    public var viewSize: LayoutSize { base.viewSize }
    /// Cells change with the offset.
    public var isBoundsDependent: Bool { true }
    /// A scale of at most 1 draws a cell inside its frame: hit tests need not look past it.
    public var transformsCells: Bool { base.transformsCells }
    public var tiling: Tiling { base.tiling }
    public func holdsMoreElements(than limit: Int, in rect: LayoutRect) -> Bool {
        base.holdsMoreElements(than: limit, in: rect)
    }
    public func attributesForDecorationView(ofKind kind: String, at indexPath: LayoutIndexPath,
                                            offset: LayoutPoint) -> LayoutAttributes? {
        base.attributesForDecorationView(ofKind: kind, at: indexPath, offset: offset)
    }
    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint {
        base.targetContentOffset(proposed: proposed, velocity: velocity)
    }
    public func scrollExtent(ofItem indexPath: LayoutIndexPath) -> ScrollExtent? { base.scrollExtent(ofItem: indexPath) }
    public func anchorCandidates(at offset: LayoutPoint) -> [(LayoutIndexPath, ScrollExtent)] {
        base.anchorCandidates(at: offset)
    }
    public func headerExtent(ofSection section: Int) -> ScrollExtent? { base.headerExtent(ofSection: section) }
    public func pinnedHeaderLength(ofSection section: Int) -> Double { base.pinnedHeaderLength(ofSection: section) }
    public func scrollCover(ofItem path: LayoutIndexPath) -> LayoutEdgeInsets { base.scrollCover(ofItem: path) }
    public func wrapAdjustment(for offset: LayoutPoint) -> LayoutPoint? { base.wrapAdjustment(for: offset) }
    public var wrapPeriod: Double? { base.wrapPeriod }
    public var initialOffset: LayoutPoint? { base.initialOffset }
}

/// A prepared layout with scroll effects, as the layers above the engine see it: the layout without them (what a
/// batch update prepares again from) and the effects for the summary.
public protocol ScrollEffecting: PreparedLayout {
    var withoutEffects: any PreparedLayout { get }
    /// Runs of consecutive sections whose cells have the same effects, in section order; a section in no run has
    /// none. O(sections).
    var scrollEffectRuns: [(first: Int, last: Int, effect: ScrollEffect)] { get }
}

extension ScrollEffectsLayout: ScrollEffecting {
    public var withoutEffects: any PreparedLayout { base }

    public var scrollEffectRuns: [(first: Int, last: Int, effect: ScrollEffect)] {
        var runs: [(first: Int, last: Int, effect: ScrollEffect)] = []
        for s in 0..<numberOfSections {
            guard let e = effect(ofSection: s) else { continue }
            if let last = runs.last, last.last == s - 1, last.effect == e {
                runs[runs.count - 1].last = s
            } else {
                runs.append((s, s, e))
            }
        }
        return runs
    }
}

/// Rows that scroll on their own: a cell of such a row is answered after its row's offset, and its effects
/// measure it there.
extension ScrollEffectsLayout: OrthogonalSections where Base: OrthogonalSections {
    public func isOrthogonal(section s: Int) -> Bool { base.isOrthogonal(section: s) }

    public func boundaryKinds(section s: Int) -> (before: [String], after: [String]) { base.boundaryKinds(section: s) }

    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint,
                                                        sectionOffsets: [Int: Double], limit: Int,
                                                        into sink: inout Sink) -> Bool {
        if sink.unpinned {
            return base.elements(in: rect, offset: offset, sectionOffsets: sectionOffsets, limit: limit, into: &sink)
        }
        var withEffects = ScrollEffectSink(base: sink, layout: base, effects: effects, offset: offset)
        let complete = base.elements(in: rect, offset: offset, sectionOffsets: sectionOffsets, limit: limit,
                                     into: &withEffects)
        sink = withEffects.base
        return complete
    }

    public func attributesForItem(at indexPath: LayoutIndexPath, sectionOffsets: [Int: Double]) -> LayoutAttributes? {
        attributesForItem(at: indexPath, offset: .zero, sectionOffsets: sectionOffsets)
    }

    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint,
                                  sectionOffsets: [Int: Double]) -> LayoutAttributes? {
        applying(base.attributesForItem(at: indexPath, offset: offset, sectionOffsets: sectionOffsets), offset: offset)
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint,
                                               sectionOffsets: [Int: Double]) -> LayoutAttributes? {
        base.attributesForSupplementaryView(ofKind: kind, at: indexPath, offset: offset, sectionOffsets: sectionOffsets)
    }

    /// The last cell whose frame as drawn (scaled about its centre) holds `point`.
    public func itemIndexPath(at point: LayoutPoint, offset: LayoutPoint, sectionOffsets: [Int: Double])
        -> LayoutIndexPath?
    {
        var list = ElementList()
        _ = elements(in: LayoutRect(x: point.x, y: point.y, width: 0, height: 0), offset: offset,
                     sectionOffsets: sectionOffsets, limit: internalQueryLimit, into: &list)
        return list.elements.last { a in
            guard a.category == .cell, !a.isHidden else { return false }
            let s = a.transform3D[0]
            let c = a.frame.center
            let drawn = LayoutRect(x: c.x - a.frame.width * s / 2, y: c.y - a.frame.height * s / 2,
                                   width: a.frame.width * s, height: a.frame.height * s)
            return s > 0 && drawn.contains(point)
        }?.indexPath
    }

    public func orthogonalTargetOffset(section: Int, proposed: Double, velocity: Double) -> Double? {
        base.orthogonalTargetOffset(section: section, proposed: proposed, velocity: velocity)
    }
}

/// Rows an outline hides: effects change no item's visibility.
extension ScrollEffectsLayout: OutlinedLayout where Base: OutlinedLayout {
    public var hasOutline: Bool { base.hasOutline }
    public func visibleStandIn(for path: LayoutIndexPath) -> LayoutIndexPath? { base.visibleStandIn(for: path) }
}
