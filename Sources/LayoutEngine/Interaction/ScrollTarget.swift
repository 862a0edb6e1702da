/// Where a fling should stop (`targetContentOffsetForProposedContentOffset:withScrollingVelocity:`).
public enum ScrollTargetBehavior: String, Sendable, Hashable, CaseIterable {
    /// The proposal, clamped to the scroll range.
    case none
    /// Whole viewports: the page nearest the proposal, or the next one in the direction of the velocity.
    case paging
    /// The leading edge of the item nearest the proposal at the viewport's leading edge (velocity: the next one).
    case item
    /// An item's centre at the viewport's centre: the carousel.
    case centeredItem
}

/// What a layout needs to answer a scroll target: its scroll axis, view and content sizes, and its items.
struct ScrollTargeting {
    let behavior: ScrollTargetBehavior
    let direction: ScrollDirection
    let view: LayoutSize
    let content: LayoutSize
    /// The largest offset along the scroll axis (the content's length less a viewport, or a wheel's turn).
    let maxOffset: Double
    /// `collectionView.contentInset`: the scroll range runs from `-before` to the content's end plus `after` less
    /// the view; item stops are taken inside the inset.
    let inset: LayoutEdgeInsets
    let range: ScrollRange

    init(behavior: ScrollTargetBehavior, direction: ScrollDirection, view: LayoutSize, content: LayoutSize,
         inset: LayoutEdgeInsets = .zero) {
        self.behavior = behavior
        self.direction = direction
        self.view = view
        self.content = content
        self.inset = inset
        self.range = ScrollRange(view: view, content: content, inset: inset)
        self.maxOffset = direction == .vertical ? range.max.y : range.max.x
    }

    var vertical: Bool { direction == .vertical }
    var viewLength: Double { vertical ? view.height : view.width }
    /// The insets before and after the visible area along the scroll axis.
    var insetBefore: Double { vertical ? inset.top : inset.left }
    var insetAfter: Double { vertical ? inset.bottom : inset.right }
    var minOffset: Double { vertical ? range.min.y : range.min.x }
    /// The visible area's length along the scroll axis (inside the insets).
    var visibleLength: Double { max(0, viewLength - insetBefore - insetAfter) }

    /// The target for `proposed` and `velocity`; `items` returns the cells meeting a rect (at the proposal's
    /// offset), for the item behaviours.
    /// - Complexity: one or a few rect queries around the proposal.
    func target(proposed: LayoutPoint, velocity: LayoutPoint,
                items: (LayoutRect) -> (cells: [LayoutAttributes], complete: Bool)) -> LayoutPoint {
        // Clamped first: the target is in the scroll range anyway, and the item search widens from here, so a
        // proposal far outside must not make it widen without end.
        let along = min(max(vertical ? proposed.y : proposed.x, minOffset), maxOffset)
        let speed = vertical ? velocity.y : velocity.x
        var target = along
        switch behavior {
        case .none:
            break
        case .paging:
            // Pages of a view's length from the start of the scroll range.
            target = Self.snap((along - minOffset) / viewLength, speed: speed) * viewLength + minOffset
        case .item, .centeredItem:
            if let stop = nearestStop(to: along, speed: speed, items: items) { target = stop }
        }
        target = min(max(target, minOffset), maxOffset)
        let across = range.clamp(proposed)
        return vertical ? LayoutPoint(x: across.x, y: target) : LayoutPoint(x: target, y: across.y)
    }

    /// A whole number near `value`: the nearest, or the next one up (down) for a positive (negative) speed.
    static func snap(_ value: Double, speed: Double) -> Double {
        if speed > 0 { return value.rounded(.up) }
        if speed < 0 { return value.rounded(.down) }
        return value.rounded()
    }

    /// The item stop (a leading edge, or a centre less half a viewport) nearest `along`, in the direction of
    /// `speed` when there is one ahead. Searches a window of ±`band` around the stops' place, doubling it until
    /// the best stop found lies within the window (then none outside can be nearer), or the window covers the
    /// content.
    /// A window whose query was cut short (a degenerate layout: too many cells or sections in it) ends the search
    /// with the stops found so far.
    func nearestStop(to along: Double, speed: Double,
                     items: (LayoutRect) -> (cells: [LayoutAttributes], complete: Bool)) -> Double? {
        let centred = behavior == .centeredItem
        // Where an item's edge (or centre) lies when it is a stop at `along` (within the content: `along` is in
        // the scroll range).
        let place = along + insetBefore + (centred ? visibleLength / 2 : 0)
        let length = vertical ? content.height : content.width
        // A stop is usually within an item of the proposal; the loop widens the window. It starts at a length
        // that doubling can grow (a viewport of 5e-324 points has a quarter of 0) and stops after as many
        // doublings as a Double's exponent range holds, whatever the lengths.
        var band = max(viewLength / 4, length * 0x1p-40, 0x1p-40)
        for _ in 0..<2100 {
            let rect = vertical
                ? LayoutRect(x: 0, y: place - band, width: content.width, height: 2 * band)
                : LayoutRect(x: place - band, y: 0, width: 2 * band, height: content.height)
            let (cells, complete) = items(rect)
            let stops = cells.map { a in
                let f = a.frame
                return centred ? (vertical ? f.center.y : f.center.x) - visibleLength / 2 - insetBefore
                    : (vertical ? f.minY : f.minX) - insetBefore
            }
            let ahead = stops.filter { speed > 0 ? $0 >= along : speed < 0 ? $0 <= along : true }
            // The window covers the whole content after at most log2(length / viewLength) + 3 doublings.
            let covered = (place - band <= 0 && place + band >= length) || !complete
            if let best = ahead.min(by: { abs($0 - along) < abs($1 - along) }), abs(best - along) <= band || covered {
                return best
            }
            if covered { return stops.min { abs($0 - along) < abs($1 - along) } }
            band *= 2
        }
        return nil
    }
}
