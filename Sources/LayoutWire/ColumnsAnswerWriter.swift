public import LayoutEngine

/// The columnar answer to a rect query (`ColumnsEncoder.writeAnswer`'s text, byte for byte), written from the
/// elements a query keeps for it (`ColumnarElements`, filled by `PreparedLayout.elementColumns`, or element by
/// element through `elements`): plain cells kept as their index paths and frames (no list of whole attributes), and the columns
/// written from them when the answer is finished. Once an element was not a plain cell, the elements are kept whole,
/// and the answer is `ColumnsEncoder`'s of that list. Streamed queries give pinned elements pinned, so there is no
/// `sticky` column here (tiles, which carry it, are encoded from a list).
public struct ColumnsAnswerWriter: ~Copyable {
    private let contentSize: Size
    private let offsetAdjustment: Point?
    /// The answer's elements: a query fills them (`PreparedLayout.elementColumns`).
    public var elements = ColumnarElements(capacity: 256)

    public init(contentSize: Size, offsetAdjustment: Point?) {
        self.contentSize = contentSize
        self.offsetAdjustment = offsetAdjustment
    }

    /// The whole answer.
    public consuming func finish() -> JSONWriter {
        if let list = elements.list {
            var w = JSONWriter(capacity: 128 + list.count * 48)
            ColumnsEncoder.writeAnswer(contentSize: contentSize, elements: list, offsetAdjustment: offsetAdjustment,
                                       into: &w)
            return w
        }
        let n = elements.cellCount
        // Room for the answer (about 30 bytes a cell) and the reservation of its last column (33 bytes a cell), so
        // that it never grows.
        var w = JSONWriter(capacity: 128 + n * 64)
        ColumnsEncoder.writeHead(contentSize: contentSize, offsetAdjustment: offsetAdjustment, count: n, into: &w)
        elements.withCells { cells in
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
