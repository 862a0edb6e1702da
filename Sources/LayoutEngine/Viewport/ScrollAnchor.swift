/// What keeps its place on screen when the layout changes under the user (a new view size, a batch update,
/// self-sizing): `targetContentOffset(forProposedContentOffset:)` after `shouldInvalidateLayout(forBoundsChange:)`.
public enum ScrollAnchor: Sendable, Hashable {
    /// The first cell visible at the offset, in index order, that starts at or below the visible area's leading
    /// edge (its distance to the edge kept); else the first cell across that edge (the fraction above it kept).
    case firstVisible
    /// This cell: its leading edge keeps its distance to the visible area's leading edge.
    case item(LayoutIndexPath)
    /// The content's end keeps its distance to the viewport's trailing edge (a chat that follows new messages).
    case end
}

/// An anchor as found in a layout at an offset, before the change.
public struct AnchorPlacement: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// The cell's start is `distance` past the visible area's leading edge.
        case edge(LayoutIndexPath, distance: Double)
        /// `fraction` of the cell's length is above the leading edge.
        case fraction(LayoutIndexPath, Double)
        /// The content's end (with the trailing inset) is `distance` past the viewport's trailing edge.
        case end(distance: Double)
        /// Nothing to keep (no cell on screen): the offset stays, clamped.
        case none
    }

    let kind: Kind
    /// The offset the anchor was found at (in a wrapping layout's central band).
    public let offset: LayoutPoint

    /// The cell the placement follows, if any.
    public var indexPath: LayoutIndexPath? {
        switch kind {
        case .edge(let p, _), .fraction(let p, _): p
        case .end, .none: nil
        }
    }
}

extension PreparedLayout {
    /// Where `anchor` is at `offset`; nil when it names no cell of this layout.
    /// - Complexity: one rect query over the viewport (the default anchor), or one item look-up.
    public func placement(of anchor: ScrollAnchor, at offset: LayoutPoint) -> AnchorPlacement? {
        let wrap = wrapAdjustment(for: offset) ?? .zero
        let offset = LayoutPoint(x: offset.x + wrap.x, y: offset.y + wrap.y)
        let axis = Axis(spec.scrollDirection)
        let edge = axis.of(offset) + axis.insets(contentInset).before
        switch anchor {
        case .item(let path):
            guard let e = scrollExtent(ofItem: path) else { return nil }
            return AnchorPlacement(kind: .edge(path, distance: e.start - edge), offset: offset)
        case .end:
            let end = axis.of(contentSize) + axis.insets(contentInset).after
            return AnchorPlacement(kind: .end(distance: end - (axis.of(offset) + axis.of(viewSize))), offset: offset)
        case .firstVisible:
            let candidates = anchorCandidates(at: offset)
            if let (path, e) = candidates.first(where: { $0.1.start >= edge }) {
                return AnchorPlacement(kind: .edge(path, distance: e.start - edge), offset: offset)
            }
            if let (path, e) = candidates.first(where: { $0.1.start < edge && $0.1.end > edge }) {
                return AnchorPlacement(kind: .fraction(path, (edge - e.start) / e.length), offset: offset)
            }
            return AnchorPlacement(kind: .none, offset: offset)
        }
    }

    /// The offset in this layout (the layout after the change) that keeps `placement`, found in `old`, in place:
    /// the anchor cell's new place through `survivor` (old index path -> the cell that stands for it before and
    /// after the change: itself, or a neighbour when it was deleted; nil when none survives), clamped to the scroll
    /// range. The offset across the scroll axis stays (clamped).
    public func contentOffset(keeping placement: AnchorPlacement, from old: any PreparedLayout,
                              survivor: (LayoutIndexPath) -> (old: LayoutIndexPath, new: LayoutIndexPath)? = { ($0, $0) }) -> LayoutPoint {
        let axis = Axis(spec.scrollDirection)
        let before = axis.insets(contentInset).before
        var along = axis.of(placement.offset)
        switch placement.kind {
        case .none:
            break
        case .end(let distance):
            along = axis.of(contentSize) + axis.insets(contentInset).after - axis.of(viewSize) - distance
        case .edge(let path, let distance):
            if let (oldPath, newPath) = survivor(path), let e = scrollExtent(ofItem: newPath) {
                // A neighbour standing in for a deleted anchor keeps its own distance.
                let d = oldPath == path ? distance
                    : (old.scrollExtent(ofItem: oldPath)?.start ?? e.start)
                        - (axis.of(placement.offset) + axis.insets(old.contentInset).before)
                along = e.start - d - before
            }
        case .fraction(let path, let fraction):
            if let (oldPath, newPath) = survivor(path), let e = scrollExtent(ofItem: newPath) {
                if oldPath == path {
                    along = e.start + fraction * e.length - before
                } else if let o = old.scrollExtent(ofItem: oldPath) {
                    let d = o.start - (axis.of(placement.offset) + axis.insets(old.contentInset).before)
                    along = e.start - d - before
                }
            }
        }
        // Offsets near the largest Double can overflow on the way: the anchor cannot be kept then.
        if !along.isFinite { along = axis.of(placement.offset) }
        return scrollRange.clamp(axis.with(placement.offset, along))
    }
}

/// Where old cells are after a batch update, for anchors: kept, moved and reloaded cells keep their identity; a
/// deleted (or section-reloaded) anchor is stood in for by the next surviving cell after it in index order, else
/// the one before.
public struct AnchorSurvivors: Sendable {
    /// Per old section: runs of its items that survive, by first old item, with where each starts.
    private var runs: [[(items: Range<Int>, newSection: Int, newStart: Int)]]

    public init(plan: UpdatePlan, oldSectionCount: Int) {
        runs = Array(repeating: [], count: oldSectionCount)
        for (s, section) in plan.sections.enumerated() where section.content == nil && !section.reloaded {
            var start = 0
            for run in section.runs {
                switch run {
                case .old(let o, let r), .reloaded(let o, let r, _):
                    if runs.indices.contains(o) { runs[o].append((r, s, start)) }
                default: break
                }
                start += run.count
            }
        }
        for i in runs.indices { runs[i].sort { $0.items.lowerBound < $1.items.lowerBound } }
    }

    /// The cell that stands for old cell `path`: itself, the next surviving one, else the previous one.
    /// - Complexity: O(log runs + old sections crossed).
    public func survivor(of path: LayoutIndexPath) -> (old: LayoutIndexPath, new: LayoutIndexPath)? {
        guard runs.indices.contains(path.section) else { return nil }
        func place(_ s: Int, _ k: Int, _ item: Int) -> (old: LayoutIndexPath, new: LayoutIndexPath) {
            let run = runs[s][k]
            return (LayoutIndexPath(section: s, item: item),
                    LayoutIndexPath(section: run.newSection, item: run.newStart + item - run.items.lowerBound))
        }
        // Same section: the first run ending after the item.
        let list = runs[path.section]
        var lo = 0
        var hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].items.upperBound <= path.item { lo = mid + 1 } else { hi = mid }
        }
        if lo < list.count { return place(path.section, lo, max(path.item, list[lo].items.lowerBound)) }
        for s in (path.section + 1)..<runs.count where !runs[s].isEmpty {
            return place(s, 0, runs[s][0].items.lowerBound)
        }
        if lo > 0 { return place(path.section, lo - 1, list[lo - 1].items.upperBound - 1) }
        for s in stride(from: path.section - 1, through: 0, by: -1) where !runs[s].isEmpty {
            return place(s, runs[s].count - 1, runs[s][runs[s].count - 1].items.upperBound - 1)
        }
        return nil
    }
}
