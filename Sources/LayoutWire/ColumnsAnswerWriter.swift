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
            appendListed(indexPath, frame)
        }
    }

    /// A plain cell after the list was made: out of line, so that the common path keeps no attributes on the stack.
    @inline(never)
    private mutating func appendListed(_ indexPath: IndexPath, _ frame: Rect) {
        list!.append(.cell(indexPath, frame))
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
        // Room for the answer (about 30 bytes a cell) and the reservation of its last column (33 bytes a cell), so
        // that it never grows.
        var w = JSONWriter(capacity: 128 + n * 64)
        ColumnsEncoder.writeHead(contentSize: contentSize, offsetAdjustment: offsetAdjustment, count: n, into: &w)
        cells.write(into: &w)
        w.raw("}")
        return w
    }
}

/// The index paths and frames of plain cells, a column each (section and item `Int`s, then x, y, width and height
/// `Double`s), in one block of memory.
private struct PlainCells: ~Copyable {
    private var capacity: Int
    private(set) var count = 0
    private var section: UnsafeMutablePointer<Int>
    private var item: UnsafeMutablePointer<Int>
    private var x: UnsafeMutablePointer<Double>
    private var y: UnsafeMutablePointer<Double>
    private var width: UnsafeMutablePointer<Double>
    private var height: UnsafeMutablePointer<Double>

    init(capacity: Int) {
        self.capacity = capacity
        (section, item, x, y, width, height) = Self.allocate(capacity)
    }

    deinit { UnsafeMutableRawPointer(section).deallocate() }

    /// Room for `capacity` cells: one block, each column's memory bound to its type.
    private static func allocate(_ capacity: Int) -> (
        UnsafeMutablePointer<Int>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<Double>,
        UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>, UnsafeMutablePointer<Double>
    ) {
        let block = UnsafeMutableRawPointer.allocate(byteCount: 48 * capacity, alignment: 8)
        let ints = block.bindMemory(to: Int.self, capacity: 2 * capacity)
        let doubles = (block + 16 * capacity).bindMemory(to: Double.self, capacity: 4 * capacity)
        return (ints, ints + capacity, doubles, doubles + capacity, doubles + 2 * capacity, doubles + 3 * capacity)
    }

    @inline(__always)
    mutating func append(_ path: IndexPath, _ frame: Rect) {
        if count == capacity { grow() }
        section[count] = path.section
        item[count] = path.item
        x[count] = frame.x
        y[count] = frame.y
        width[count] = frame.width
        height[count] = frame.height
        count += 1
    }

    @inline(never)
    private mutating func grow() {
        capacity *= 2
        let new = Self.allocate(capacity)
        new.0.update(from: section, count: count)
        new.1.update(from: item, count: count)
        new.2.update(from: x, count: count)
        new.3.update(from: y, count: count)
        new.4.update(from: width, count: count)
        new.5.update(from: height, count: count)
        UnsafeMutableRawPointer(section).deallocate()
        (section, item, x, y, width, height) = new
    }

    /// The cells as attributes.
    func attributes() -> [LayoutAttributes] {
        var list: [LayoutAttributes] = []
        list.reserveCapacity(count * 2)
        for i in 0..<count {
            list.append(.cell(IndexPath(section: section[i], item: item[i]),
                              Rect(x: x[i], y: y[i], width: width[i], height: height[i])))
        }
        return list
    }

    /// `,"section":[...],"item":[...],"x":[...],"y":[...],"width":[...],"height":[...]`.
    func write(into w: inout JSONWriter) {
        func column<T>(_ start: UnsafeMutablePointer<T>) -> UnsafeBufferPointer<T> {
            UnsafeBufferPointer(start: start, count: count)
        }
        ColumnsEncoder.integers("section", column(section), into: &w) { $0.pointee }
        ColumnsEncoder.integers("item", column(item), into: &w) { $0.pointee }
        ColumnsEncoder.column("x", column(x), into: &w) { $0.pointee }
        ColumnsEncoder.column("y", column(y), into: &w) { $0.pointee }
        ColumnsEncoder.column("width", column(width), into: &w) { $0.pointee }
        ColumnsEncoder.column("height", column(height), into: &w) { $0.pointee }
    }
}
