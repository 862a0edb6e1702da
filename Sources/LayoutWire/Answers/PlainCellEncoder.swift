import LayoutEngine

/// Writes cells with every default attribute (`LayoutAttributes.isPlainCell`: most elements of most answers) in
/// the full format, as `AttributesEncoder` does for any element, with less work:
/// - one reservation for the whole element, its fixed text in as few pieces as the key order allows;
/// - the element read in place, field by field (no copy of it, no retain of its kind);
/// - the text a cell shares with the one before it in a line written once: cells of one row of a grid have the
///   same `y`, `width` and `height`, so from `,"y":` to the center's `x`, and from the center's `y` to the end,
///   their text is the same (copied from the previous cell rather than formatted again).
enum PlainCellEncoder {
    /// What the previous plain cell of an answer wrote: its `y`, `width` and `height`, and where the two runs of
    /// text that depend only on them are, as offsets from the start of the writer's text (stable when it grows).
    struct Row {
        var y = Double.nan  // NaN: no previous cell (NaN equals nothing)
        var width = 0.0
        var height = 0.0
        /// `,"y":Y,"width":W,"height":H},"center":{"x":`
        var middle = 0..<0
        /// `,"y":CY},"size":{"width":W,"height":H`
        var tail = 0..<0
    }

    /// At most: the fixed text (about 160 bytes), two ints (20 each), six numbers (32 each) and the size's copy.
    static let reservedBytes = 512

    /// Kept a function of its own: inlined into its callers, the number formatting it inlines eight times made
    /// the optimizer leave the digit-pair loads and stores as calls.
    @inline(never)
    static func write(section: Int, item: Int, frame f: LayoutRect, row: inout Row, into w: inout JSONWriter) {
        let start = w.count
        w.write(reserving: reservedBytes) { c in
            let origin = c.position - start  // where offset 0 of the writer's text is, during this write
            c.raw("{\"category\":\"cell\",\"section\":")
            c.int(section)
            c.raw(",\"item\":")
            c.int(item)
            if f.y == row.y, f.width == row.width, f.height == row.height {
                c.raw(",\"frame\":{\"x\":")
                c.number(f.x)
                c.copyText(from: origin + row.middle.lowerBound, count: row.middle.count)
                c.number(f.x + f.width / 2)
                c.copyText(from: origin + row.tail.lowerBound, count: row.tail.count)
            } else {
                let marks = AttributesEncoder.writeGeometry(f, into: &c)
                row = Row(y: f.y, width: f.width, height: f.height, middle: marks.xEnd - origin..<marks.centerX - origin,
                          tail: marks.centerXEnd - origin..<c.position - origin)
            }
            c.raw("},\"zIndex\":0,\"alpha\":1,\"hidden\":false}")
        }
    }
}
