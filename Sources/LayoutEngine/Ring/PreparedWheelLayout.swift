import RealModule

/// A prepared wheel. Every item sits at the centre of the visible bounds; what tells them apart is their
/// transform, which depends on the content offset (bounds-dependent). Nothing is stored per item.
public struct PreparedWheelLayout: PreparedLayout {
    public let wheelSpec: WheelLayoutSpec
    /// (itemHeight / 2) / tan(π / n): the distance from the axis at which n items close the ring.
    public let radius: Double

    public init(_ spec: WheelLayoutSpec) {
        wheelSpec = spec
        let n = Double(spec.items)
        radius = spec.items >= 2 ? (spec.itemSize.height / 2) / Double.tan(.pi / n) : 0
    }

    public var spec: LayoutSpec { .wheel(wheelSpec) }
    public var numberOfSections: Int { 1 }
    public var numberOfItems: Int { wheelSpec.items }
    public func numberOfItems(inSection section: Int) -> Int { section == 0 ? wheelSpec.items : 0 }
    public var isBoundsDependent: Bool { true }
    public var viewSize: LayoutSize { wheelSpec.collectionView }
    public var transformsCells: Bool { true }

    /// Any behaviour but `none` snaps to whole items: one item per view height of scrolling.
    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint {
        let behavior: ScrollTargetBehavior = wheelSpec.scrollTargetBehavior == .none ? .none : .paging
        return ScrollTargeting(behavior: behavior, direction: .vertical, view: viewSize, content: contentSize,
                               inset: wheelSpec.contentInset)
            .target(proposed: proposed, velocity: velocity) { _ in ([], true) }
    }
    public var byteCount: Int { MemoryLayout<Self>.stride }

    /// The length of one turn: n view heights of scrolling.
    public var period: Double { Double(wheelSpec.items) * wheelSpec.collectionView.height }

    /// One view width by one turn. An infinite wheel has a turn before and after its central band
    /// `[period, 2 · period)`, plus a viewport, so a client can scroll either way from `initialOffset` and is moved
    /// back into the band (by whole turns, which changes nothing on screen) whenever it leaves it.
    public var contentSize: LayoutSize {
        let h = wheelSpec.collectionView.height
        return LayoutSize(width: wheelSpec.collectionView.width, height: wheelSpec.infinite ? 3 * period + h : max(period, h))
    }

    public var wrapPeriod: Double? { wheelSpec.infinite ? period : nil }

    /// Where the central band starts: one turn in (0 for a finite wheel).
    var bandStart: Double { wheelSpec.infinite ? period : 0 }

    /// An infinite wheel starts at the central band's start (item 0 in front, as at offset 0).
    public var initialOffset: LayoutPoint? { wheelSpec.infinite ? LayoutPoint(x: 0, y: period) : nil }

    /// Offsets outside the central band `[period, 2 · period)` move back into it by whole turns.
    public func wrapAdjustment(for offset: LayoutPoint) -> LayoutPoint? {
        guard wheelSpec.infinite, period > 0, offset.y < period || offset.y >= 2 * period else { return nil }
        let turns = ((offset.y - period) / period).rounded(.down)
        // A far offset over a vanishing period: no whole number of turns to tell.
        guard turns.isFinite, (turns * period).isFinite else { return nil }
        return LayoutPoint(x: 0, y: -turns * period)
    }

    /// Item i is in front at offset `bandStart + ((n - i) mod n) · viewHeight` (its angle a whole turn): its
    /// extent starts there plus the top inset and is as long as the visible area, so that every scroll position
    /// puts it in front.
    public func scrollExtent(ofItem indexPath: LayoutIndexPath) -> ScrollExtent? {
        let n = wheelSpec.items
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < n else { return nil }
        let h = wheelSpec.collectionView.height
        let inset = wheelSpec.contentInset
        return ScrollExtent(bandStart + Double((n - indexPath.item) % n) * h + inset.top,
                            max(0, h - inset.top - inset.bottom))
    }

    /// The item in front at `offset` (or turning away from the front).
    public func anchorCandidates(at offset: LayoutPoint) -> [(LayoutIndexPath, ScrollExtent)] {
        let n = wheelSpec.items
        let h = wheelSpec.collectionView.height
        guard n > 0, h > 0 else { return [] }
        let y = offset.y + (wrapAdjustment(for: offset)?.y ?? 0)
        // In Double first: a far offset over a tiny view is beyond Int.
        let turns = ((y - bandStart) / h).rounded(.down)
        guard turns >= 0, turns <= Double(n) else { return [] }
        let path = LayoutIndexPath(section: 0, item: (n - Int(turns) % n) % n)
        return scrollExtent(ofItem: path).map { [(path, $0)] } ?? []
    }

    /// (i + offset.y / viewHeight) / n · 2π.
    public func angle(item: Int, offset: LayoutPoint) -> Double {
        (Double(item) + offset.y / wheelSpec.collectionView.height) / Double(wheelSpec.items) * 2 * .pi
    }

    /// T(0, 0, radius) · Rx(angle) · P.
    public func transform(item: Int, offset: LayoutPoint) -> Transform3D {
        .translation(x: 0, y: 0, z: radius) * .rotationX(angle(item: item, offset: offset))
            * .perspective(m34: wheelSpec.m34)
    }

    /// The item-sized frame centred in the visible bounds.
    func frame(offset: LayoutPoint) -> LayoutRect {
        let v = wheelSpec.collectionView
        let s = wheelSpec.itemSize
        return LayoutRect(x: offset.x + (v.width - s.width) / 2, y: offset.y + (v.height - s.height) / 2,
                    width: s.width, height: s.height)
    }

    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < wheelSpec.items else { return nil }
        return LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame(offset: offset),
                                transform3D: transform(item: indexPath.item, offset: offset))
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        nil
    }

    /// Every item shares the frame at the visible centre: all of them, or none. O(k).
    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                         into out: inout Sink) -> Bool {
        guard frame(offset: offset).intersects(rect), rect.width >= 0, rect.height >= 0 else { return true }
        guard wheelSpec.items <= limit else { return false }
        for i in 0..<wheelSpec.items {
            out.append(attributesForItem(at: LayoutIndexPath(section: 0, item: i), offset: offset)!)
        }
        return true
    }
}
