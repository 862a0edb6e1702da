/// A layout spec: what a client posts. Each case is one kind of `UICollectionViewLayout`.
public enum LayoutSpec: Sendable, Hashable {
    case flow(FlowLayoutSpec)
    case waterfall(WaterfallLayoutSpec)
    case circle(CircleLayoutSpec)
    case wheel(WheelLayoutSpec)
    case compositional(CompositionalLayoutSpec)
    case frames(FramesLayoutSpec)

    /// The layouts' names in the wire format.
    public static let names = ["flow", "waterfall", "circle", "wheel", "compositional", "list", "frames"]

    /// The layout's name in the wire format (`"flow"`, ...).
    public var name: String {
        switch self {
        case .flow: "flow"
        case .waterfall: "waterfall"
        case .circle: "circle"
        case .wheel: "wheel"
        case .compositional: "compositional"
        case .frames: "frames"
        }
    }

    /// Checks every value against its range and `limits`; throws the first problem with its path.
    public func validate(limits: SpecLimits) throws(LayoutError) {
        try validate(limits: limits, unchangedBefore: nil)
    }

    /// `validate`, for a spec that matches an accepted one before item `item` of section `section` (a batch
    /// update's `UpdatePlan.firstChange`): a flow layout's sizes before there are not scanned again.
    public func validate(limits: SpecLimits, unchangedBefore: (section: Int, item: Int)?) throws(LayoutError) {
        switch self {
        case .flow(let flow): try flow.validate(limits: limits, unchangedBefore: unchangedBefore)
        case .waterfall(let waterfall): try waterfall.validate(limits: limits)
        case .circle(let circle): try circle.validate(limits: limits)
        case .wheel(let wheel): try wheel.validate(limits: limits)
        case .compositional(let c): try c.validate(limits: limits)
        case .frames(let f): try f.validate(limits: limits)
        }
    }

    /// The same layout with redundant detail removed, so equal layouts compare (and hash) equal.
    public func normalized() -> LayoutSpec {
        switch self {
        case .flow(let flow): return .flow(flow.normalized())
        case .waterfall(let waterfall): return .waterfall(waterfall.normalized())
        case .circle(var circle):
            if circle.radius == circle.defaultRadius { circle.radius = nil }
            return .circle(circle)
        case .wheel: return self
        case .compositional(let c): return .compositional(c.normalized())
        case .frames(let f): return .frames(f.normalized())
        }
    }

    /// `prepareLayout`: computes every element's attributes once. The spec must have passed `validate`.
    /// - Complexity: O(items + sections) at most; uniform flow sections, circles and wheels cost O(1) per section.
    public func prepare() -> any PreparedLayout {
        switch self {
        case .flow(let flow): PreparedFlowLayout(flow)
        case .waterfall(let waterfall): PreparedWaterfallLayout(waterfall)
        case .circle(let circle): PreparedCircleLayout(circle)
        case .wheel(let wheel): PreparedWheelLayout(wheel)
        case .compositional(let c): PreparedCompositionalLayout(c)
        case .frames(let f): PreparedFramesLayout(f)
        }
    }

    /// `prepare()` for a spec that matches `old`'s before item `item` of section `section` (a batch update's
    /// `UpdatePlan.firstChange`): a flow layout goes on from `old`'s line before the change (its cost grows with
    /// the change, not with the layout); other layouts are prepared whole. Gives exactly what `prepare()` gives.
    public func prepare(reusing old: any PreparedLayout, unchangedBefore section: Int, item: Int) -> any PreparedLayout {
        if case .flow(let flow) = self, let old = old as? PreparedFlowLayout {
            return PreparedFlowLayout(flow, reusing: old, unchangedBefore: section, item: item)
        }
        return prepare()
    }
}

/// A prepared layout: immutable, shareable across threads, answering every query without recomputing the layout.
public protocol PreparedLayout: Sendable {
    var spec: LayoutSpec { get }
    /// `collectionViewContentSize`.
    var contentSize: Size { get }
    var numberOfSections: Int { get }
    func numberOfItems(inSection section: Int) -> Int
    /// The total number of cells.
    var numberOfItems: Int { get }
    /// Whether attributes depend on the content offset (`shouldInvalidateLayoutForBoundsChange:`).
    var isBoundsDependent: Bool { get }
    /// An estimate of the memory the prepared layout holds beyond its spec (for the cache's byte budget).
    var byteCount: Int { get }

    /// `layoutAttributesForElementsInRect:`. Appends every element whose closed frame intersects `rect`, ordered by
    /// section (header, cells in item order, footer, decorations), to `elements`. Stops once it has appended
    /// `limit + 1` elements and returns false; true when the list is complete.
    /// - Complexity: O(log n + k), k the number of elements returned.
    func elements(in rect: Rect, offset: Point, limit: Int, into elements: inout ElementList) -> Bool

    /// `elements(in:offset:limit:into:)`, each element handed on in order rather than kept: what a caller that
    /// encodes them at once needs, without the list's memory. Plain cells (`LayoutAttributes.isPlainCell`) go to
    /// `cell` as their index path and frame, which say all of them (no attributes are made for them), the other
    /// elements to `body`. The default gives the elements of a list; layouts that can make their elements one by
    /// one stream them (`PreparedFlowLayout`).
    func forEachElement(in rect: Rect, offset: Point, limit: Int, cell: (IndexPath, Rect) -> Void,
                        _ body: (borrowing LayoutAttributes) -> Void) -> Bool

    /// `forEachElement(in:offset:limit:cell:_:)`, into `columns`: what a columnar answer needs. The default hands
    /// the elements over from `forEachElement`; layouts that stream their elements fill `columns` with no closure
    /// in between (`PreparedFlowLayout`).
    func elementColumns(in rect: Rect, offset: Point, limit: Int, into columns: inout ColumnarElements) -> Bool

    /// `layoutAttributesForItemAtIndexPath:`; nil when the index path does not exist.
    /// - Complexity: O(log n) at most.
    func attributesForItem(at indexPath: IndexPath, offset: Point) -> LayoutAttributes?

    /// `layoutAttributesForSupplementaryViewOfKind:atIndexPath:`; nil when there is no such view.
    func attributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath, offset: Point)
        -> LayoutAttributes?

    /// `layoutAttributesForDecorationViewOfKind:atIndexPath:`; nil when there is no such view.
    func attributesForDecorationView(ofKind kind: String, at indexPath: IndexPath, offset: Point)
        -> LayoutAttributes?

    /// For layouts whose scroll range wraps (an infinite wheel): how far the client must move an offset that left
    /// the central band so that it is back in it (nothing changes on screen); nil when no move is needed.
    func wrapAdjustment(for offset: Point) -> Point?

    /// For layouts whose scroll range wraps: the distance in `y` between offsets that show the same thing.
    var wrapPeriod: Double? { get }

    /// The collection view's size (the visible bounds' size).
    var viewSize: Size { get }

    /// Whether cells carry 3D transforms (they may then be drawn outside their frames).
    var transformsCells: Bool { get }

    /// `targetContentOffsetForProposedContentOffset:withScrollingVelocity:` (the spec's `scrollTargetBehavior`).
    func targetContentOffset(proposed: Point, velocity: Point) -> Point

    // Viewport (bounds changes, anchoring, scroll-to: Viewport/). Defaults come from the queries above; a layout
    // whose frames follow the offset (a wheel) or that pins headers gives its own.

    /// A cell's place along the scroll axis, whatever the offset; nil when the index path does not exist.
    func scrollExtent(ofItem indexPath: IndexPath) -> ScrollExtent?
    /// The cells on screen at `offset` (inside the content inset), in index order, with their extents.
    func anchorCandidates(at offset: Point) -> [(IndexPath, ScrollExtent)]
    /// A section's header along the scroll axis (unpinned), nil when it has none.
    func headerExtent(ofSection section: Int) -> ScrollExtent?
    /// How much of the visible area's start a pinned header covers over the cells of `section` (0: no pinning).
    func pinnedHeaderLength(ofSection section: Int) -> Double
    /// For layouts whose scroll range wraps: the offset a client starts at (in the central band); nil otherwise.
    var initialOffset: Point? { get }
}

/// The most elements (and sections) the service's own queries (hit tests, scroll targets, moves) cross at once:
/// about a viewport's worth of a dense layout; more is a degenerate layout, and the first ones serve.
let internalQueryLimit = 2_000

extension PreparedLayout {
    public func attributesForDecorationView(ofKind kind: String, at indexPath: IndexPath, offset: Point)
        -> LayoutAttributes?
    {
        nil
    }

    public func wrapAdjustment(for offset: Point) -> Point? { nil }

    public var wrapPeriod: Double? { nil }

    public var transformsCells: Bool { false }

    public var initialOffset: Point? { nil }

    public func scrollExtent(ofItem indexPath: IndexPath) -> ScrollExtent? {
        attributesForItem(at: indexPath, offset: .zero).map { Axis(spec.scrollDirection).extent($0.frame) }
    }

    public func anchorCandidates(at offset: Point) -> [(IndexPath, ScrollExtent)] {
        let inset = contentInset
        let view = viewSize
        let visible = Rect(x: offset.x + inset.left, y: offset.y + inset.top,
                           width: max(0, view.width - inset.left - inset.right),
                           height: max(0, view.height - inset.top - inset.bottom))
        let axis = Axis(spec.scrollDirection)
        return cells(in: visible, offset: offset).map { ($0.indexPath, axis.extent($0.frame)) }
    }

    public func headerExtent(ofSection section: Int) -> ScrollExtent? { nil }

    public func pinnedHeaderLength(ofSection section: Int) -> Double { 0 }

    /// The proposal clamped to the scroll range.
    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        ScrollTargeting(behavior: .none, direction: .vertical, view: viewSize, content: contentSize,
                        inset: contentInset)
            .target(proposed: proposed, velocity: velocity) { _ in ([], true) }
    }

    /// The cells meeting `rect`, at most about `limit` (for scroll targets and interactive movement: a window
    /// with more candidates than that is degenerate, zero-size items piled up, and the first ones serve).
    func cells(in rect: Rect, offset: Point, limit: Int = internalQueryLimit) -> [LayoutAttributes] {
        cellsAndCompleteness(in: rect, offset: offset, limit: limit).cells
    }

    /// The cells meeting `rect` (at most about `limit`), and whether that is all of them.
    func cellsAndCompleteness(in rect: Rect, offset: Point, limit: Int = internalQueryLimit)
        -> (cells: [LayoutAttributes], complete: Bool)
    {
        var out: [LayoutAttributes] = []
        let complete = elements(in: rect, offset: offset, limit: limit, into: &out)
        return (out.filter { $0.category == .cell }, complete)
    }
}
