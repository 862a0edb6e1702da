extension PreparedCompositionalLayout {
    /// Where a fling of orthogonal section `section`'s row stops, per its behaviour: `proposed` and `velocity`
    /// along the row (x for a vertical layout). Nil when the section is not orthogonal.
    ///
    /// - `continuous`: the proposal, clamped to the row's scroll range.
    /// - `paging`: whole pages of the view's width (height, for a horizontal layout).
    /// - `continuousGroupLeadingBoundary`, `groupPaging`: a group's leading edge at the section's leading inset.
    /// - `groupPagingCentered`: a group's centre at the view's centre.
    ///
    /// The stop nearest the proposal; with a velocity, the nearest ahead (behind) in its direction.
    /// - Complexity: O(log groups).
    public func orthogonalTargetOffset(section: Int, proposed: Double, velocity: Double) -> Double? {
        guard isOrthogonal(section: section) else { return nil }
        let s = sections[section]
        let config = configs[s.config]
        let view = vertical ? viewSize.width : viewSize.height
        let maxOffset = max(0, s.rowLength - view)
        let along = min(max(proposed, 0), maxOffset)
        func clamp(_ v: Double) -> Double { min(max(v, 0), maxOffset) }
        switch config.section.orthogonalScrollingBehavior {
        case .none, .continuous:
            return along
        case .paging:
            guard view > 0 else { return along }
            let page = along / view
            return clamp((velocity > 0 ? page.rounded(.up) : velocity < 0 ? page.rounded(.down) : page.rounded()) * view)
        case .continuousGroupLeadingBoundary, .groupPaging, .groupPagingCentered:
            let count = s.groupCount
            guard count > 0 else { return along }
            let centred = config.section.orthogonalScrollingBehavior == .groupPagingCentered
            // Group k's stop: its start (row coordinates) less the row's start, or its centre less half a view.
            func stop(_ k: Int) -> Double {
                let start: Double
                let length: Double
                if s.groups.isEmpty {
                    start = s.rowStart + Double(k) * config.pitch
                    length = config.rowVertical ? config.groupSize.height : config.groupSize.width
                } else {
                    let g = s.groups.lowerBound + k
                    start = groupRow[g]
                    length = (g + 1 < s.groups.upperBound ? groupRow[g + 1] - config.section.interGroupSpacing : s.rowEnd) - start
                }
                return centred ? start + length / 2 - view / 2 : start - s.rowStart
            }
            // Stops increase with k: the first at or after the proposal.
            var lo = 0
            var hi = count
            while lo < hi {
                let mid = (lo + hi) / 2
                if stop(mid) < along { lo = mid + 1 } else { hi = mid }
            }
            let after = lo < count ? stop(lo) : nil
            let before = lo > 0 ? stop(lo - 1) : nil
            let pick: Double?
            if velocity > 0 {
                pick = after ?? before
            } else if velocity < 0 {
                pick = (after == along ? after : nil) ?? before ?? after
            } else {
                switch (before, after) {
                case (let b?, let a?): pick = along - b <= a - along ? b : a
                default: pick = before ?? after
                }
            }
            return clamp(pick ?? along)
        }
    }
}

extension PreparedCompositionalLayout {
    /// `indexPathForItemAtPoint:` with orthogonal rows scrolled by `sectionOffsets`: the last cell (cells share
    /// zIndex 0) whose frame, as on screen, holds `point`.
    public func itemIndexPath(at point: LayoutPoint, offset: LayoutPoint, sectionOffsets: [Int: Double]) -> LayoutIndexPath? {
        if collapsingHeaderCovers(point, offset: offset) { return nil }
        var list = ElementList()
        _ = elements(in: LayoutRect(x: point.x, y: point.y, width: 0, height: 0), offset: offset,
                     sectionOffsets: sectionOffsets, limit: internalQueryLimit, into: &list)
        return list.elements.last { $0.category == .cell && $0.frame.contains(point) }?.indexPath
    }
}
