/// A layout spec: what a client posts. Each case is one kind of `UICollectionViewLayout`.
public enum LayoutSpec: Sendable, Hashable {
    case flow(FlowLayoutSpec)

    /// The layout's name in the wire format (`"flow"`, ...).
    public var name: String {
        switch self {
        case .flow: "flow"
        }
    }

    /// Checks every value against its range and `limits`; throws the first problem with its path.
    public func validate(limits: SpecLimits) throws(LayoutError) {
        switch self {
        case .flow(let flow): try flow.validate(limits: limits)
        }
    }

    /// The same layout with redundant detail removed, so equal layouts compare (and hash) equal.
    public func normalized() -> LayoutSpec {
        switch self {
        case .flow(let flow): .flow(flow.normalized())
        }
    }

    /// `prepareLayout`: computes every element's attributes once. The spec must have passed `validate`.
    /// - Complexity: O(items + sections); uniform sections cost O(1) each.
    public func prepare() -> any PreparedLayout {
        switch self {
        case .flow(let flow): PreparedFlowLayout(flow)
        }
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
    func elements(in rect: Rect, offset: Point, limit: Int, into elements: inout [LayoutAttributes]) -> Bool

    /// `layoutAttributesForItemAtIndexPath:`; nil when the index path does not exist.
    /// - Complexity: O(log n) at most.
    func attributesForItem(at indexPath: IndexPath, offset: Point) -> LayoutAttributes?

    /// `layoutAttributesForSupplementaryViewOfKind:atIndexPath:`; nil when there is no such view.
    func attributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath, offset: Point)
        -> LayoutAttributes?
}
