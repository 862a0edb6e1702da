/// Where a query's elements go, in order: an `ElementList` keeps them; a `StreamingSink` hands each one on as it is
/// made (no list: see `PreparedLayout.forEachElement`); `ColumnarElements` keeps plain cells apart, for a columnar
/// answer. Queries are generic over it within the engine.
public protocol ElementSink {
    /// Every element given so far, kept or not (queries stop at their limit by it).
    var count: Int { get }
    /// Whether pinned elements are given unpinned, with their sticky ranges (`ElementList.unpinned`).
    var unpinned: Bool { get }
    mutating func append(_ a: consuming LayoutAttributes)
    /// A plain cell (`LayoutAttributes.isPlainCell`): its index path and frame say all of it.
    mutating func appendCell(_ indexPath: IndexPath, _ frame: Rect)
    /// A pinned element given unpinned, with its sticky range (only when `unpinned`).
    mutating func append(_ a: LayoutAttributes, sticky range: StickyRange)
}

extension ElementSink {
    @inline(__always)
    public mutating func appendCell(_ indexPath: IndexPath, _ frame: Rect) { append(.cell(indexPath, frame)) }
}

/// Hands every element to a closure as the query makes it: plain cells to `cell` as their index path and frame
/// (no attributes made for them), the others to `body`.
struct StreamingSink: ElementSink {
    private(set) var count = 0
    var unpinned: Bool { false }
    let cell: (IndexPath, Rect) -> Void
    let body: (borrowing LayoutAttributes) -> Void

    @inline(__always)
    mutating func append(_ a: consuming LayoutAttributes) {
        count += 1
        body(a)
    }

    @inline(__always)
    mutating func appendCell(_ indexPath: IndexPath, _ frame: Rect) {
        count += 1
        cell(indexPath, frame)
    }

    mutating func append(_ a: LayoutAttributes, sticky range: StickyRange) {
        preconditionFailure("a streaming query gives pinned elements pinned")
    }
}
