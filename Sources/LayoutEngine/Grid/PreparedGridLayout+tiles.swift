/// The elements of a grid's tile, and the pins of each (parallel to `elements`; nil for the cells that scroll).
public struct GridTileElements: Sendable {
    public var elements: [LayoutAttributes]
    public var pins: [AxisPins?]
}

extension PreparedGridLayout {
    /// `tileElements` into a list: the tile's elements and their pins.
    public func tileElements(in rect: LayoutRect, limit: Int) -> GridTileElements? {
        var list = ElementList(reservingCapacity: 256, unpinned: true)
        guard unpinnedElements(in: rect, limit: limit, into: &list) else { return nil }
        return GridTileElements(elements: list.elements, pins: list.pinsByElement)
    }

    /// The elements of `rect` for every content offset (the rect query into a sink that is `unpinned`, for
    /// tiles): every cell that scrolls meeting it, and every frozen cell that some place of its pinning range puts
    /// there, each where it lies unpinned (a rect query with offset 0 but for the pinned bands), given with its
    /// `AxisPins` (`ElementSink.append(_:pins:)`). Placing the frozen cells by their pins for an offset gives the
    /// rect query at that offset. Order and z as that query's; false when there are more than `limit`.
    /// - Complexity: as `elements(in:offset:limit:into:)`.
    func unpinnedElements<S: ElementSink & ~Copyable>(in rect: LayoutRect, limit: Int, into out: inout S) -> Bool {
        guard rect.width >= 0, rect.height >= 0, rows.count > 0, columns.count > 0 else { return true }
        var list = ElementList(reservingCapacity: 256)
        let inset = gridSpec.contentInset
        for (rb, cb) in Self.blocks where !rows.band(rb).isEmpty && !columns.band(cb).isEmpty {
            let pinY = Self.pin(rows, band: rb, mirrored: false, before: inset.top, after: inset.bottom)
            let pinX = Self.pin(columns, band: cb, mirrored: isMirrored, before: inset.left, after: inset.right)
            // A frozen cell's places sweep its pinning range: it is there when its unpinned frame meets the rect
            // grown by the range on the side it moves away from.
            var r = rect
            if let p = pinY { r = Self.grown(r, by: p, vertical: true) }
            if let p = pinX { r = Self.grown(r, by: p, vertical: false) }
            let before = list.elements.count
            guard emitBlock(rb, cb, rect: r, dx: 0, dy: 0, limit: limit, start: 0, into: &list) else { return false }
            for a in list.elements[before...] {
                if pinX == nil, pinY == nil {
                    out.append(a)
                } else {
                    out.append(a, pins: AxisPins(x: pinX.map { $0.range(a.frame.x, a.frame.width, content: columns.length) },
                                                 y: pinY.map { $0.range(a.frame.y, a.frame.height, content: rows.length) }))
                }
            }
        }
        return true
    }

    /// How a band of `track` pins on the screen: toward which physical edge, how far it may move, and the
    /// content inset on that side. Nil for the band that scrolls.
    static func pin(_ track: GridTrack, band: Int, mirrored: Bool, before: Double, after: Double) -> BandPin? {
        guard band != 1 else { return nil }
        let moves = track.stickyRange(band: band)
        // Band 0 sticks to the start of the track's direction: the left (top), or the right when mirrored.
        let leading = (band == 0) != mirrored
        return BandPin(edge: leading ? .leading : .trailing, span: moves.upperBound - moves.lowerBound,
                       inset: leading ? before : after)
    }

    /// `rect` grown on the side a band pinned at `pin.edge` moves away from, by as far as it moves.
    static func grown(_ rect: LayoutRect, by pin: BandPin, vertical: Bool) -> LayoutRect {
        var r = rect
        switch (pin.edge, vertical) {
        case (.leading, true): r.y -= pin.span; r.height += pin.span
        case (.leading, false): r.x -= pin.span; r.width += pin.span
        case (.trailing, true): r.height += pin.span
        case (.trailing, false): r.width += pin.span
        }
        return r
    }
}

/// A frozen band's pinning along one physical axis (see `PreparedGridLayout.pin`).
struct BandPin {
    let edge: StickyRange.Edge
    /// How far the band moves from where it lies: toward larger coordinates when it sticks to the leading edge
    /// (it follows the visible start down the content), toward smaller ones at the trailing edge.
    let span: Double
    /// The content inset on the edge's side.
    let inset: Double

    /// The range of an element at `position`, `length` long, on an axis `content` long: it sticks at its
    /// distance from the content's edge inside the inset, as the band it is in does.
    func range(_ position: Double, _ length: Double, content: Double) -> StickyRange {
        edge == .leading
            ? StickyRange(edge: .leading, min: position, max: position + span, inset: inset + position)
            : StickyRange(edge: .trailing, min: position - span, max: position,
                          inset: inset + content - position - length)
    }
}
