/// `UICollectionView.ScrollPosition`, plus `nearest` (the web's `scrollIntoView({block: "nearest"})`).
public enum ScrollPosition: String, Sendable, Hashable, CaseIterable {
    case top, centeredVertically, bottom, left, centeredHorizontally, right
    /// The least movement that shows the whole element (on both axes); none when it shows already.
    case nearest

    /// The axis the position aligns on (nil: both).
    var vertical: Bool? {
        switch self {
        case .top, .centeredVertically, .bottom: true
        case .left, .centeredHorizontally, .right: false
        case .nearest: nil
        }
    }
}

extension PreparedLayout {
    /// `scrollToItem(at:at:)`: the content offset that puts the cell at `position` of the visible area (inside
    /// the content inset; below its section's pinned header for `top`), from `offset` (kept on the other axis),
    /// clamped to the scroll range. Nil when the cell does not exist.
    public func scrollOffset(toItem path: LayoutIndexPath, at position: ScrollPosition, from offset: LayoutPoint) -> LayoutPoint? {
        guard let frame = attributesForItem(at: path, offset: offset)?.frame,
              let along = scrollExtent(ofItem: path) else { return nil }
        return scrollOffset(to: frame, along: along, cover: scrollCover(ofItem: path), at: position, from: offset)
    }

    /// The same for a section: its header (not covered by pinning), or its first cell when it has no header. Nil
    /// when the section has neither.
    public func scrollOffset(toSection section: Int, at position: ScrollPosition, from offset: LayoutPoint) -> LayoutPoint? {
        if let along = headerExtent(ofSection: section),
           let frame = attributesForSupplementaryView(ofKind: SupplementaryKind.header,
                                                      at: LayoutIndexPath(section: section, item: 0), offset: offset)?.frame
        {
            let top = spec.collapsingHeader?.scrollCover ?? 0
            return scrollOffset(to: frame, along: along, cover: LayoutEdgeInsets(top: top, left: 0, bottom: 0, right: 0),
                                at: position, from: offset)
        }
        return scrollOffset(toItem: LayoutIndexPath(section: section, item: 0), at: position, from: offset)
    }

    /// How much of the visible area's edges pinned elements cover over the cell: its section's pinned header
    /// (at the view's right in a right-to-left horizontal layout), by default.
    public func scrollCover(ofItem path: LayoutIndexPath) -> LayoutEdgeInsets {
        // A pinned collapsing header covers its collapsed height, and pinned headers stick below it.
        let collapsed = spec.collapsingHeader?.scrollCover ?? 0
        let pinned = pinnedHeaderLength(ofSection: path.section) + collapsed
        guard pinned > 0 else { return .zero }
        if spec.scrollDirection == .vertical { return LayoutEdgeInsets(top: pinned, left: 0, bottom: 0, right: 0) }
        return spec.isMirroredAlongScrollAxis ? LayoutEdgeInsets(top: 0, left: 0, bottom: 0, right: pinned)
            : LayoutEdgeInsets(top: 0, left: pinned, bottom: 0, right: 0)
    }

    /// `frame` at `offset`, with `along` its offset-independent extent on the scroll axis; `cover` what pinned
    /// elements cover of the visible area's edges.
    func scrollOffset(to frame: LayoutRect, along: ScrollExtent, cover: LayoutEdgeInsets, at position: ScrollPosition,
                      from offset: LayoutPoint) -> LayoutPoint {
        let scroll = Axis(spec.scrollDirection)
        var target = offset
        for axis in [Axis(vertical: true), Axis(vertical: false)] where position.vertical.map({ $0 == axis.vertical }) ?? true {
            let e = axis.vertical == scroll.vertical ? along : axis.extent(frame)
            let (before, after) = axis.insets(contentInset)
            let (coverBefore, coverAfter) = axis.insets(cover)
            let view = axis.of(viewSize)
            let start = e.start - before - coverBefore  // the element's start at the visible start
            let end = e.end - (view - after) + coverAfter  // its end at the visible end
            let o = axis.of(offset)
            let v: Double
            switch position {
            case .top, .left: v = start
            case .bottom, .right: v = end
            case .centeredVertically, .centeredHorizontally:
                v = e.start + e.length / 2 - (before + (view - before - after) / 2)
            case .nearest:
                // Shown already (or larger than the visible area and covering it): stay. Else the nearer edge.
                if (o <= start && o >= end) || (o >= start && o <= end) { v = o } else { v = o > start ? start : end }
            }
            target = axis.with(target, v)
        }
        return scrollRange.clamp(target)
    }
}
