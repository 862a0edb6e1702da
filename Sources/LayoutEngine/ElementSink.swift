/// Where a rect query (`PreparedLayout.elements(in:offset:limit:into:)`) gives its elements, in order. An
/// `ElementList` keeps them; an encoder may write each one as it comes (LayoutWire's answer writers), with no list.
///
/// A sink may be noncopyable (one that owns the text it writes): queries only change it in place.
public protocol ElementSink: ~Copyable {
    /// Every element given so far, kept or not: queries stop at their limit by it.
    var count: Int { get }
    mutating func append(_ a: consuming LayoutAttributes)
    /// A cell with every attribute but its index path and frame at its default (no transform, opaque, visible,
    /// z 0). Default: `append(.cell(indexPath, frame))`; a sink that writes such cells apart saves making their
    /// attributes.
    mutating func appendCell(_ indexPath: LayoutIndexPath, _ frame: LayoutRect)
    /// Whether pinned elements are wanted where they sit unpinned, with their sticky ranges, for answers that hold
    /// at every content offset (tiles). Default false: pinned elements come pinned for the query's offset.
    var unpinned: Bool { get }
    /// A pinned element where it sits unpinned, with its sticky range (only when `unpinned`). Default: `append`.
    mutating func append(_ a: LayoutAttributes, sticky range: StickyRange)
    /// An element that pins along x, y or both (a grid's frozen cell) where it sits unpinned, with its range on
    /// each axis (only when `unpinned`). Default: `append`.
    mutating func append(_ a: LayoutAttributes, pins: AxisPins)
    /// Cells (with default attributes) of one section that a layout found out of item order (a round-robin
    /// waterfall finds them by where they start), to be given in item order. Default: sorted by item, then each
    /// given to `appendCell`. `ElementList` counts them in the order found and sorts the ones it keeps, so that
    /// its pages, which keep a window of the count, put together give every element once.
    mutating func appendCells(foundOutOfOrder cells: inout [(indexPath: LayoutIndexPath, frame: LayoutRect)])
}

extension ElementSink where Self: ~Copyable {
    @inlinable
    public mutating func appendCell(_ indexPath: LayoutIndexPath, _ frame: LayoutRect) { append(.cell(indexPath, frame)) }

    @inlinable
    public var unpinned: Bool { false }

    @inlinable
    public mutating func append(_ a: LayoutAttributes, sticky range: StickyRange) { append(a) }

    @inlinable
    public mutating func append(_ a: LayoutAttributes, pins: AxisPins) { append(a) }

    public mutating func appendCells(foundOutOfOrder cells: inout [(indexPath: LayoutIndexPath, frame: LayoutRect)]) {
        cells.sort { $0.indexPath.item < $1.indexPath.item }
        for c in cells { appendCell(c.indexPath, c.frame) }
    }
}
