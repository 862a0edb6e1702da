public import LayoutEngine

/// The columnar answer to a rect query (`ColumnsEncoder.writeAnswer`'s text, byte for byte), gathered as the
/// elements arrive from `PreparedLayout.forEachElement`: plain cells, handed on as an index path and a frame, are
/// kept as those six numbers, a column each (no list of whole attributes), and the columns are written from them
/// when the answer is finished.
///
/// The first element that is not a plain cell turns the cells kept so far into attributes, and every element from
/// then on is kept whole (the optional columns need them): the answer is then `ColumnsEncoder`'s of that list.
/// Streamed queries give pinned elements pinned, so there is no `sticky` column here (tiles, which carry it, are
/// encoded from a list).
public struct ColumnsAnswerWriter: ~Copyable {
    private let contentSize: Size
    private let offsetAdjustment: Point?
    private var cells = PlainCells(capacity: 256)
    /// Every element so far, once one of them was not a plain cell.
    private var list: [LayoutAttributes]?

    public init(contentSize: Size, offsetAdjustment: Point?) {
        self.contentSize = contentSize
        self.offsetAdjustment = offsetAdjustment
    }

    public var count: Int { list?.count ?? cells.count }

    /// A plain cell (`LayoutAttributes.isPlainCell`).
    @inline(__always)
    public mutating func appendCell(_ indexPath: IndexPath, _ frame: Rect) {
        if list == nil {
            cells.append(indexPath, frame)
        } else {
            list!.append(.cell(indexPath, frame))
        }
    }

    /// Any element.
    public mutating func append(_ a: borrowing LayoutAttributes) {
        if list == nil {
            if a.isPlainCell { return cells.append(a.indexPath, a.frame) }
            list = cells.attributes()
        }
        list!.append(copy a)
    }

    /// The whole answer.
    public consuming func finish() -> JSONWriter {
        if let list {
            var w = JSONWriter(capacity: 128 + list.count * 48)
            ColumnsEncoder.writeAnswer(contentSize: contentSize, elements: list, offsetAdjustment: offsetAdjustment,
                                       into: &w)
            return w
        }
        let n = cells.count
        var w = JSONWriter(capacity: 128 + n * 40)
        ColumnsEncoder.writeHead(contentSize: contentSize, offsetAdjustment: offsetAdjustment, count: n, into: &w)
        cells.write(into: &w)
        w.raw("}")
        return w
    }
}

/// The index paths and frames of plain cells, a column each (section and item `Int`s, then x, y, width and height
/// `Double`s), in one block of memory.
private struct PlainCells: ~Copyable {
    private var block: UnsafeMutableRawPointer
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = capacity
        block = Self.allocate(capacity)
    }

    deinit { block.deallocate() }

    /// Room for `capacity` cells, each column's memory bound to its type.
    private static func allocate(_ capacity: Int) -> UnsafeMutableRawPointer {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 48 * capacity, alignment: 8)
        block.bindMemory(to: Int.self, capacity: 2 * capacity)
        (block + 16 * capacity).bindMemory(to: Double.self, capacity: 4 * capacity)
        return block
    }

    @inline(__always)
    private func ints(_ k: Int) -> UnsafeMutablePointer<Int> {
        (block + 8 * capacity * k).assumingMemoryBound(to: Int.self)
    }

    @inline(__always)
    private func doubles(_ k: Int) -> UnsafeMutablePointer<Double> {
        (block + 8 * capacity * k).assumingMemoryBound(to: Double.self)
    }

    @inline(__always)
    mutating func append(_ path: IndexPath, _ frame: Rect) {
        if count == capacity { grow() }
        ints(0)[count] = path.section
        ints(1)[count] = path.item
        doubles(2)[count] = frame.x
        doubles(3)[count] = frame.y
        doubles(4)[count] = frame.width
        doubles(5)[count] = frame.height
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        let oldBlock = block
        let oldCapacity = capacity
        capacity *= 2
        block = Self.allocate(capacity)
        for k in 0..<6 {
            (block + 8 * capacity * k).copyMemory(from: oldBlock + 8 * oldCapacity * k, byteCount: 8 * count)
        }
        oldBlock.deallocate()
    }

    /// The cells as attributes.
    func attributes() -> [LayoutAttributes] {
        var list: [LayoutAttributes] = []
        list.reserveCapacity(count * 2)
        for i in 0..<count {
            list.append(.cell(IndexPath(section: ints(0)[i], item: ints(1)[i]),
                              Rect(x: doubles(2)[i], y: doubles(3)[i], width: doubles(4)[i], height: doubles(5)[i])))
        }
        return list
    }

    /// `,"section":[...],"item":[...],"x":[...],"y":[...],"width":[...],"height":[...]`.
    func write(into w: inout JSONWriter) {
        func column<T>(_ start: UnsafeMutablePointer<T>) -> UnsafeBufferPointer<T> {
            UnsafeBufferPointer(start: start, count: count)
        }
        ColumnsEncoder.integers("section", column(ints(0)), into: &w) { $0.pointee }
        ColumnsEncoder.integers("item", column(ints(1)), into: &w) { $0.pointee }
        ColumnsEncoder.column("x", column(doubles(2)), into: &w) { $0.pointee }
        ColumnsEncoder.column("y", column(doubles(3)), into: &w) { $0.pointee }
        ColumnsEncoder.column("width", column(doubles(4)), into: &w) { $0.pointee }
        ColumnsEncoder.column("height", column(doubles(5)), into: &w) { $0.pointee }
    }
}
