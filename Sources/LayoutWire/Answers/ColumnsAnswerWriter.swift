public import LayoutEngine

/// The columnar answer to a rect query (`ColumnsEncoder.writeAnswer`'s text, byte for byte), kept as the query
/// gives the elements (it is the query's `ElementSink`) and written when it is finished. Plain cells
/// (`LayoutAttributes.isPlainCell`) are kept as their index path and frame (`PlainCell`, 48 bytes) until an element
/// is not one; from then on every element is kept whole, and the answer is `ColumnsEncoder`'s of that list. Queries
/// give pinned elements pinned to such a sink, so there is no `sticky` column here (tiles, which carry it, are
/// encoded from a list).
///
/// The cells are kept in a buffer of their own rather than an array (an array's append costs a uniqueness check
/// and two calls a cell): a reference, which copies of a writer share, so a query fills one writer in place.
/// `appendCell` is inlinable, so that a query specialized for this writer keeps a cell without a call.
public struct ColumnsAnswerWriter: ElementSink {
    private let contentSize: LayoutSize
    private let offsetAdjustment: LayoutPoint?
    @usableFromInline var storage = PlainCellStorage.make(capacity: 256)
    /// Every element, once one of them was not a plain cell (the cells then stay as they were).
    @usableFromInline var list: [LayoutAttributes]?
    @usableFromInline var given = 0
    public var count: Int { given }

    public init(contentSize: LayoutSize, offsetAdjustment: LayoutPoint?) {
        self.contentSize = contentSize
        self.offsetAdjustment = offsetAdjustment
    }

    @inlinable
    public mutating func appendCell(_ indexPath: LayoutIndexPath, _ frame: LayoutRect) {
        given += 1
        guard list == nil else { return list!.append(.cell(indexPath, frame)) }
        let kept = storage.withUnsafeMutablePointers { header, cells in
            let n = header.pointee.count
            guard n < header.pointee.capacity else { return false }
            (cells + n).initialize(to: PlainCell(indexPath: indexPath, frame: frame))
            header.pointee.count = n + 1
            return true
        }
        if !kept { appendGrowing(PlainCell(indexPath: indexPath, frame: frame)) }
    }

    /// A plain cell when the buffer is full: into one twice the size.
    @usableFromInline
    mutating func appendGrowing(_ cell: PlainCell) {
        let larger = PlainCellStorage.make(capacity: 2 * storage.capacity)
        storage.withUnsafeMutablePointers { oldHeader, old in
            larger.withUnsafeMutablePointers { header, cells in
                let n = oldHeader.pointee.count
                cells.initialize(from: old, count: n)
                (cells + n).initialize(to: cell)
                header.pointee.count = n + 1
            }
        }
        storage = larger
    }

    public mutating func append(_ a: consuming LayoutAttributes) {
        if list == nil {
            if a.isPlainCell { return appendCell(a.indexPath, a.frame) }
            list = withCells { cells in cells.map { .cell($0.indexPath, $0.frame) } }
        }
        given += 1
        list!.append(a)
    }

    private func withCells<R>(_ body: (UnsafeBufferPointer<PlainCell>) -> R) -> R {
        storage.withUnsafeMutablePointers { header, cells in
            body(UnsafeBufferPointer(start: cells, count: header.pointee.count))
        }
    }

    /// The whole answer.
    public consuming func finish() -> JSONWriter {
        if let list {
            var w = JSONWriter(capacity: 128 + list.count * 48)
            ColumnsEncoder.writeAnswer(contentSize: contentSize, elements: list, offsetAdjustment: offsetAdjustment,
                                       into: &w)
            return w
        }
        // Room for the answer (about 30 bytes a cell) and the reservation of its last column (33 bytes a cell), so
        // that it never grows.
        var w = JSONWriter(capacity: 128 + count * 64)
        ColumnsEncoder.writeHead(contentSize: contentSize, offsetAdjustment: offsetAdjustment, count: count, into: &w)
        withCells { cells in
            ColumnsEncoder.integers("section", cells, into: &w) { $0.pointee.indexPath.section }
            ColumnsEncoder.integers("item", cells, into: &w) { $0.pointee.indexPath.item }
            ColumnsEncoder.column("x", cells, into: &w) { $0.pointee.frame.x }
            ColumnsEncoder.column("y", cells, into: &w) { $0.pointee.frame.y }
            ColumnsEncoder.column("width", cells, into: &w) { $0.pointee.frame.width }
            ColumnsEncoder.column("height", cells, into: &w) { $0.pointee.frame.height }
        }
        w.raw("}")
        return w
    }
}

/// A plain cell (`LayoutAttributes.isPlainCell`) as a columnar answer keeps it: its index path and frame say all
/// of it.
@usableFromInline
struct PlainCell {
    @usableFromInline var indexPath: LayoutIndexPath
    @usableFromInline var frame: LayoutRect

    @usableFromInline
    init(indexPath: LayoutIndexPath, frame: LayoutRect) {
        self.indexPath = indexPath
        self.frame = frame
    }
}

/// `ColumnsAnswerWriter`'s cells: a count and a capacity, then the cells, in one allocation. `PlainCell` is
/// trivial: nothing to deinitialize.
@usableFromInline
final class PlainCellStorage: ManagedBuffer<(count: Int, capacity: Int), PlainCell> {
    static func make(capacity: Int) -> PlainCellStorage {
        let buffer = create(minimumCapacity: capacity) { _ in (0, capacity) }
        return unsafeDowncast(buffer, to: PlainCellStorage.self)
    }
}
