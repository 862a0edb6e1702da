/// A query's elements kept for a columnar answer (`PreparedLayout.elementColumns`): plain cells
/// (`LayoutAttributes.isPlainCell`) as their index path and frame only (`PlainCell`, 48 bytes), with no attributes
/// made for them. The first element that is not a plain cell turns the cells kept so far into attributes, and every
/// element from then on is kept whole, in `list` (a columnar answer's optional columns need them). Pinned elements
/// come pinned (as in `forEachElement`): there are no sticky ranges here.
///
/// The cells are kept in a buffer of their own rather than an array (an array's append costs a uniqueness check
/// and two calls a cell): a reference, so copies of these elements share it. A query fills one in place.
public struct ColumnarElements: ElementSink {
    private var storage: PlainCellStorage
    /// Every element, once one of them was not a plain cell (the cells then stay as they were).
    public private(set) var list: [LayoutAttributes]?

    /// Room for `capacity` plain cells before the first growth.
    public init(capacity: Int) {
        storage = .make(capacity: max(capacity, 1))
    }

    public var count: Int { list?.count ?? cellCount }

    /// How many plain cells are kept.
    public var cellCount: Int { storage.withUnsafeMutablePointerToHeader { $0.pointee.count } }

    /// The plain cells kept, valid within `body`.
    public func withCells<R>(_ body: (UnsafeBufferPointer<PlainCell>) -> R) -> R {
        storage.withUnsafeMutablePointers { header, cells in
            body(UnsafeBufferPointer(start: cells, count: header.pointee.count))
        }
    }

    public var unpinned: Bool { false }

    @inline(__always)
    public mutating func appendCell(_ indexPath: IndexPath, _ frame: Rect) {
        guard list == nil else { return appendListed(indexPath, frame) }
        let kept = storage.withUnsafeMutablePointers { header, cells in
            let count = header.pointee.count
            guard count < header.pointee.capacity else { return false }
            (cells + count).initialize(to: PlainCell(indexPath: indexPath, frame: frame))
            header.pointee.count = count + 1
            return true
        }
        if !kept { appendGrowing(PlainCell(indexPath: indexPath, frame: frame)) }
    }

    /// A plain cell when the buffer is full: into one twice the size.
    @inline(never)
    private mutating func appendGrowing(_ cell: PlainCell) {
        let count = cellCount
        let larger = PlainCellStorage.make(capacity: 2 * count)
        storage.withUnsafeMutablePointerToElements { old in
            larger.withUnsafeMutablePointers { header, cells in
                cells.initialize(from: old, count: count)
                (cells + count).initialize(to: cell)
                header.pointee.count = count + 1
            }
        }
        storage = larger
    }

    /// A plain cell after the list was made: out of line, so that the common path keeps no attributes on the stack.
    @inline(never)
    private mutating func appendListed(_ indexPath: IndexPath, _ frame: Rect) {
        list!.append(.cell(indexPath, frame))
    }

    public mutating func append(_ a: consuming LayoutAttributes) {
        if list == nil {
            if a.isPlainCell { return appendCell(a.indexPath, a.frame) }
            list = withCells { cells in
                var listed: [LayoutAttributes] = []
                listed.reserveCapacity(cells.count * 2)
                for c in cells { listed.append(.cell(c.indexPath, c.frame)) }
                return listed
            }
        }
        list!.append(a)
    }

    public mutating func append(_ a: LayoutAttributes, sticky range: StickyRange) {
        preconditionFailure("a columnar query gives pinned elements pinned")
    }
}

/// A plain cell (`LayoutAttributes.isPlainCell`) as a columnar answer keeps it: its index path and frame say all
/// of it.
public struct PlainCell: Equatable, Sendable {
    public var indexPath: IndexPath
    public var frame: Rect
}

/// `ColumnarElements`' cells: a count and a capacity, then the cells, in one allocation. `PlainCell` is trivial:
/// nothing to deinitialize.
private final class PlainCellStorage: ManagedBuffer<(count: Int, capacity: Int), PlainCell> {
    static func make(capacity: Int) -> PlainCellStorage {
        let buffer = create(minimumCapacity: capacity) { _ in (0, capacity) }
        return unsafeDowncast(buffer, to: PlainCellStorage.self)
    }
}
