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
    public var viewSize: Size { wheelSpec.collectionView }
    public var transformsCells: Bool { true }

    /// Any behaviour but `none` snaps to whole items: one item per view height of scrolling.
    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        let behavior: ScrollTargetBehavior = wheelSpec.scrollTargetBehavior == .none ? .none : .paging
        return ScrollTargeting(behavior: behavior, direction: .vertical, view: viewSize, content: contentSize)
            .target(proposed: proposed, velocity: velocity) { _ in ([], true) }
    }
    public var byteCount: Int { MemoryLayout<Self>.stride }

    /// The length of one turn: n view heights of scrolling.
    public var period: Double { Double(wheelSpec.items) * wheelSpec.collectionView.height }

    /// One view width by one turn, plus a viewport when the range wraps (so that the last offset of a turn can
    /// be reached before the client moves back by a turn).
    public var contentSize: Size {
        let h = wheelSpec.collectionView.height
        return Size(width: wheelSpec.collectionView.width, height: wheelSpec.infinite ? period + h : max(period, h))
    }

    public var wrapPeriod: Double? { wheelSpec.infinite ? period : nil }

    /// Offsets outside [0, period) move back by whole turns, which changes no attribute.
    public func wrapAdjustment(for offset: Point) -> Point? {
        guard wheelSpec.infinite, period > 0, offset.y < 0 || offset.y >= period else { return nil }
        let turns = (offset.y / period).rounded(.down)
        return Point(x: 0, y: -turns * period)
    }

    /// (i + offset.y / viewHeight) / n · 2π.
    public func angle(item: Int, offset: Point) -> Double {
        (Double(item) + offset.y / wheelSpec.collectionView.height) / Double(wheelSpec.items) * 2 * .pi
    }

    /// T(0, 0, radius) · Rx(angle) · P.
    public func transform(item: Int, offset: Point) -> Transform3D {
        .translation(x: 0, y: 0, z: radius) * .rotationX(angle(item: item, offset: offset))
            * .perspective(m34: wheelSpec.m34)
    }

    /// The item-sized frame centred in the visible bounds.
    func frame(offset: Point) -> Rect {
        let v = wheelSpec.collectionView
        let s = wheelSpec.itemSize
        return Rect(x: offset.x + (v.width - s.width) / 2, y: offset.y + (v.height - s.height) / 2,
                    width: s.width, height: s.height)
    }

    public func attributesForItem(at indexPath: IndexPath, offset: Point) -> LayoutAttributes? {
        guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < wheelSpec.items else { return nil }
        return LayoutAttributes(category: .cell, indexPath: indexPath, frame: frame(offset: offset),
                                transform3D: transform(item: indexPath.item, offset: offset))
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath, offset: Point)
        -> LayoutAttributes?
    {
        nil
    }

    /// Every item shares the frame at the visible centre: all of them, or none. O(k).
    public func elements(in rect: Rect, offset: Point, limit: Int, into out: inout ElementList) -> Bool {
        guard frame(offset: offset).intersects(rect), rect.width >= 0, rect.height >= 0 else { return true }
        guard wheelSpec.items <= limit else { return false }
        for i in 0..<wheelSpec.items {
            out.append(attributesForItem(at: IndexPath(section: 0, item: i), offset: offset)!)
        }
        return true
    }
}
