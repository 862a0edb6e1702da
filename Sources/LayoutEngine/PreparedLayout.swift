/// A prepared layout: immutable, shareable across threads, answering every query without recomputing the layout.
///
/// A layout kind provides the core below: its spec, sizes and counts, the one rect query, and the attributes of
/// an item or a supplementary view. Everything else has a default made from those (docs/architecture.md, "Adding
/// a layout kind"): tiles, columnar answers, hit tests, scroll-to, scroll targets, anchors and pictures are built
/// on the rect query; a kind overrides a default only where it behaves differently (pinned headers, frames that
/// follow the offset, a scroll range that wraps).
public protocol PreparedLayout: Sendable {
    // MARK: The core: what every layout kind provides.

    /// The spec the layout was prepared from.
    var spec: LayoutSpec { get }
    /// `collectionViewContentSize`.
    var contentSize: LayoutSize { get }
    var numberOfSections: Int { get }
    /// The items of `section`; 0 when there is no such section.
    func numberOfItems(inSection section: Int) -> Int
    /// An estimate of the memory the prepared layout holds beyond its spec (for the cache's byte budget).
    var byteCount: Int { get }

    /// `layoutAttributesForElementsInRect:`. Gives `sink` every element whose closed frame intersects `rect`,
    /// ordered by section (header, cells in item order, footer, decorations); cells with every other attribute
    /// at its default may go as an index path and a frame (`ElementSink.appendCell`). Stops once `sink.count` has
    /// grown by more than `limit` (or once it has looked at more than `limit` items without finding as many
    /// elements) and returns false; true when `sink` has every element.
    ///
    /// When `sink.unpinned`, pinned elements go where they sit unpinned, with their sticky range
    /// (`ElementSink.append(_:sticky:)`), whenever a place that range allows meets `rect`.
    /// - Complexity: O(log n + k), k the number of elements given.
    func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int, into sink: inout Sink)
        -> Bool

    /// `layoutAttributesForItemAtIndexPath:`; nil when the index path does not exist.
    /// - Complexity: O(log n) at most.
    func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes?

    /// `layoutAttributesForSupplementaryViewOfKind:atIndexPath:`; nil when there is no such view.
    func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?

    // MARK: With defaults (below): override where the kind differs.

    /// The total number of cells (default: the sum over the sections).
    var numberOfItems: Int { get }
    /// The collection view's size, the visible bounds' size (default: the spec's `collectionView`).
    var viewSize: LayoutSize { get }
    /// Whether attributes depend on the content offset (`shouldInvalidateLayoutForBoundsChange:`; default false).
    var isBoundsDependent: Bool { get }
    /// Whether cells carry 3D transforms, and may then be drawn outside their frames (default false).
    var transformsCells: Bool { get }
    /// How the layout is cut into tiles (default: bands along the scroll axis, across the content's width).
    var tiling: Tiling { get }
    /// Whether more than `limit` elements meet `rect`, told from an index without giving them: true only when it
    /// is so, so that a whole answer past the limit is refused at once (default false: the query finds out).
    func holdsMoreElements(than limit: Int, in rect: LayoutRect) -> Bool

    /// `layoutAttributesForDecorationViewOfKind:atIndexPath:`; nil when there is no such view (default: none).
    func attributesForDecorationView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?

    /// `targetContentOffsetForProposedContentOffset:withScrollingVelocity:` (default: the proposal clamped to the
    /// scroll range).
    func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint

    /// A cell's place along the scroll axis, whatever the offset; nil when the index path does not exist
    /// (default: from `attributesForItem` at offset zero).
    func scrollExtent(ofItem indexPath: LayoutIndexPath) -> ScrollExtent?
    /// The cells on screen at `offset` (inside the content inset), in index order, with their extents (default:
    /// from the rect query).
    func anchorCandidates(at offset: LayoutPoint) -> [(LayoutIndexPath, ScrollExtent)]
    /// A section's header along the scroll axis (unpinned), nil when it has none (default: none).
    func headerExtent(ofSection section: Int) -> ScrollExtent?
    /// How much of the visible area's start a pinned header covers over the cells of `section` (0: no pinning;
    /// the default).
    func pinnedHeaderLength(ofSection section: Int) -> Double
    /// How much of the visible area's edges pinned elements cover over a cell (scroll-to keeps the cell clear
    /// of them); by default its section's pinned header.
    func scrollCover(ofItem path: LayoutIndexPath) -> LayoutEdgeInsets

    /// For layouts whose scroll range wraps (an infinite wheel): how far the client must move an offset that left
    /// the central band so that it is back in it (nothing changes on screen); nil when no move is needed (the
    /// default).
    func wrapAdjustment(for offset: LayoutPoint) -> LayoutPoint?
    /// For layouts whose scroll range wraps: the distance in `y` between offsets that show the same thing.
    var wrapPeriod: Double? { get }
    /// For layouts whose scroll range wraps: the offset a client starts at (in the central band); nil otherwise.
    var initialOffset: LayoutPoint? { get }
}

/// The most elements (and sections) the service's own queries (hit tests, scroll targets, moves) cross at once:
/// about a viewport's worth of a dense layout; more is a degenerate layout, and the first ones serve.
let internalQueryLimit = 2_000

extension PreparedLayout {
    public var numberOfItems: Int {
        (0..<numberOfSections).reduce(0) { $0 + numberOfItems(inSection: $1) }
    }

    public var viewSize: LayoutSize { spec.collectionView }

    public var isBoundsDependent: Bool { false }

    public var transformsCells: Bool { false }

    public var tiling: Tiling { .alongScrollAxis(acrossUnbounded: false) }

    public func holdsMoreElements(than limit: Int, in rect: LayoutRect) -> Bool { false }

    public func attributesForDecorationView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        nil
    }

    public func wrapAdjustment(for offset: LayoutPoint) -> LayoutPoint? { nil }

    public var wrapPeriod: Double? { nil }

    public var initialOffset: LayoutPoint? { nil }

    public func scrollExtent(ofItem indexPath: LayoutIndexPath) -> ScrollExtent? {
        attributesForItem(at: indexPath, offset: .zero).map { Axis(spec.scrollDirection).extent($0.frame) }
    }

    public func anchorCandidates(at offset: LayoutPoint) -> [(LayoutIndexPath, ScrollExtent)] {
        let inset = contentInset
        let view = viewSize
        let visible = LayoutRect(x: offset.x + inset.left, y: offset.y + inset.top,
                           width: max(0, view.width - inset.left - inset.right),
                           height: max(0, view.height - inset.top - inset.bottom))
        let axis = Axis(spec.scrollDirection)
        return cells(in: visible, offset: offset).map { ($0.indexPath, axis.extent($0.frame)) }
    }

    public func headerExtent(ofSection section: Int) -> ScrollExtent? { nil }

    public func pinnedHeaderLength(ofSection section: Int) -> Double { 0 }

    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint {
        ScrollTargeting(behavior: .none, direction: .vertical, view: viewSize, content: contentSize,
                        inset: contentInset)
            .target(proposed: proposed, velocity: velocity) { _ in ([], true) }
    }

    /// `elements(in:offset:limit:into:)` appending to an array.
    public func elements(in rect: LayoutRect, offset: LayoutPoint, limit: Int, into elements: inout [LayoutAttributes]) -> Bool {
        var list = ElementList()
        let complete = self.elements(in: rect, offset: offset, limit: limit, into: &list)
        elements += list.elements
        return complete
    }

    /// The cells meeting `rect`, at most about `limit` (for scroll targets and interactive movement: a window
    /// with more candidates than that is degenerate, zero-size items piled up, and the first ones serve).
    func cells(in rect: LayoutRect, offset: LayoutPoint, limit: Int = internalQueryLimit) -> [LayoutAttributes] {
        cellsAndCompleteness(in: rect, offset: offset, limit: limit).cells
    }

    /// The cells meeting `rect` (at most about `limit`), and whether that is all of them.
    func cellsAndCompleteness(in rect: LayoutRect, offset: LayoutPoint, limit: Int = internalQueryLimit)
        -> (cells: [LayoutAttributes], complete: Bool)
    {
        var out: [LayoutAttributes] = []
        let complete = elements(in: rect, offset: offset, limit: limit, into: &out)
        return (out.filter { $0.category == .cell }, complete)
    }
}
