public import LayoutEngine

/// The answer to a rect query (`AttributesEncoder.writeRectAnswer`'s text), written as the query gives the
/// elements (it is the query's `ElementSink`): no list of them is made.
public struct RectAnswerWriter: ElementSink, ~Copyable {
    private var w: JSONWriter
    private var row = PlainCellEncoder.Row()
    public private(set) var count = 0

    /// `capacity`: the bytes to start with (the text grows past them as needed).
    public init(contentSize: LayoutSize, offsetAdjustment: LayoutPoint?, capacity: Int) {
        w = JSONWriter(capacity: capacity)
        AttributesEncoder.writeRectAnswerHead(contentSize: contentSize, offsetAdjustment: offsetAdjustment, into: &w)
    }

    public mutating func append(_ a: consuming LayoutAttributes) {
        if count > 0 { w.raw(",") }
        count += 1
        withUnsafePointer(to: a) { AttributesEncoder.writeElement($0, sticky: nil, row: &row, into: &w) }
    }

    public mutating func appendCell(_ indexPath: LayoutIndexPath, _ frame: LayoutRect) {
        if count > 0 { w.raw(",") }
        count += 1
        PlainCellEncoder.write(section: indexPath.section, item: indexPath.item, frame: frame, row: &row, into: &w)
    }

    /// The whole answer (pages, which carry a `next` cursor, are written from a list).
    public consuming func finish() -> JSONWriter {
        AttributesEncoder.writeRectAnswerTail(next: nil, into: &w)
        return w
    }
}
