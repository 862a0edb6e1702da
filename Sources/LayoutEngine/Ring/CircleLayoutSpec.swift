/// The seed's ring: `items` cells of `itemSize` with their centres on a circle around the view's centre, item i
/// at angle 2πi/n (0 to the right, y down). Content size = view size.
public struct CircleLayoutSpec: Sendable, Hashable {
    public var collectionView: LayoutSize
    public var itemSize = LayoutSize(width: 50, height: 50)
    /// The circle's radius; nil for min(width, height)/2 - itemWidth/2.
    public var radius: Double?
    public var items: Int
    /// `collectionView.contentInset`: the scroll range only (the circle stays centred in the view).
    public var contentInset: LayoutEdgeInsets = .zero

    public init(collectionView: LayoutSize, items: Int) {
        self.collectionView = collectionView
        self.items = items
    }

    /// The radius used: the given one, or `defaultRadius`.
    public var effectiveRadius: Double { radius ?? defaultRadius }

    /// min(width, height)/2 - itemWidth/2, never below 0: the largest circle that keeps items inside the view.
    public var defaultRadius: Double { max(0, min(collectionView.width, collectionView.height) / 2 - itemSize.width / 2) }

    public func validate(limits: SpecLimits) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.contentInset(contentInset)
        try check.nonNegative(itemSize, at: [.key("itemSize")])
        if let radius { try check.nonNegative(radius, at: [.key("radius")]) }
        try check.itemTotal(items, limits: limits, at: [.key("sections"), .index(0), .key("items")])
    }
}

/// The seed's 3D rotary picker: `items` cells of `itemSize` stacked at the centre of the visible bounds, item i
/// rotated about the x axis by (i + offset.y / viewHeight) / n · 2π and pushed back by the wheel's radius
/// (itemHeight/2) / tan(π/n), seen with perspective `m34`: transform3D = T(0, 0, radius) · Rx(angle) · P.
public struct WheelLayoutSpec: Sendable, Hashable {
    public var collectionView: LayoutSize
    public var itemSize = LayoutSize(width: 200, height: 44)
    public var m34: Double = -1.0 / 900
    /// Whether the scroll range wraps: offsets a turn (n × viewHeight) apart show the same thing.
    public var infinite = false    /// Where flings stop (`targetContentOffset`).
    public var scrollTargetBehavior: ScrollTargetBehavior = .none
    /// `collectionView.contentInset`: the scroll range and scroll positions.
    public var contentInset: LayoutEdgeInsets = .zero

    public var items: Int

    public init(collectionView: LayoutSize, items: Int) {
        self.collectionView = collectionView
        self.items = items
    }

    public func validate(limits: SpecLimits) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.contentInset(contentInset)
        try check.nonNegative(itemSize, at: [.key("itemSize")])
        try check.finite(m34, at: [.key("m34")])
        try check.itemTotal(items, limits: limits, at: [.key("sections"), .index(0), .key("items")])
    }
}
