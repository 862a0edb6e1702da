public import LayoutEngine

/// The wire form of layout attributes (docs/api.md, "Attributes"):
/// `{"category","kind"?,"section","item","frame","center","size","zIndex","alpha","hidden","transform3D"?,
/// "rowSpan"?,"columnSpan"?,"collapseProgress"?,"level"?}` (the spans of a grid's merged cell, when either is not
/// 1; a collapsing header's progress, only on the header; an outline row's level); in tiles, `"sticky"` of a
/// pinned header or footer, `"stickyX"` and `"stickyY"` of a grid's frozen cell.
public enum AttributesEncoder {
    /// The most the numeric part of one element takes: the literals (about 150 bytes), two ints (20 each),
    /// eight numbers (32 each) and the alpha (32).
    static let elementBodyBytes = 512

    public static func write(_ a: LayoutAttributes, into w: inout JSONWriter) {
        write(a, sticky: nil, into: &w)
    }

    /// An element with its sticky range (`"sticky":{"edge","min","max"(,"inset")}`) when it has one, or a grid
    /// cell's pins (`"stickyX"`, `"stickyY"`: `{"edge","min","max","inset"}`) (tiles).
    public static func write(_ a: LayoutAttributes, sticky: StickyRange?, pins: AxisPins? = nil,
                             into w: inout JSONWriter) {
        if sticky == nil, pins == nil, a.isPlainCell {
            var row = PlainCellEncoder.Row()
            PlainCellEncoder.write(section: a.indexPath.section, item: a.indexPath.item, frame: a.frame, row: &row,
                                   into: &w)
            return
        }
        switch a.category {
        case .cell: break  // written with the numbers below, in one reservation
        case .supplementary: w.raw("{\"category\":\"supplementary\",\"kind\":"); w.string(a.kind)
        case .decoration: w.raw("{\"category\":\"decoration\",\"kind\":"); w.string(a.kind)
        }
        w.write(reserving: elementBodyBytes + 20) { c in
            if a.category == .cell { c.raw("{\"category\":\"cell\"") }
            c.raw(",\"section\":")
            c.int(a.indexPath.section)
            c.raw(",\"item\":")
            c.int(a.indexPath.item)
            _ = writeGeometry(a.frame, into: &c)
            if a.zIndex == 0, a.alpha == 1, !a.isHidden {
                c.raw("},\"zIndex\":0,\"alpha\":1,\"hidden\":false")
            } else {
                c.raw("},\"zIndex\":")
                c.int(a.zIndex)
                c.raw(",\"alpha\":")
                c.number(a.alpha)
                c.raw(a.isHidden ? ",\"hidden\":true" : ",\"hidden\":false")
            }
        }
        if !a.transform3D.isIdentity {
            w.write(reserving: 20 + 16 * 33) { c in
                c.raw(",\"transform3D\":[")
                for i in 0..<16 {
                    if i > 0 { c.raw(",") }
                    c.number(a.transform3D[i])
                }
                c.raw("]")
            }
        }
        if a.rowSpan != 1 || a.columnSpan != 1 {
            w.raw(",\"rowSpan\":")
            w.int(a.rowSpan)
            w.raw(",\"columnSpan\":")
            w.int(a.columnSpan)
        }
        if let progress = a.collapseProgress {
            w.raw(",\"collapseProgress\":")
            w.number(progress)
        }
        if let level = a.level {
            w.raw(",\"level\":")
            w.int(level)
        }
        if let sticky {
            w.raw(",\"sticky\":")
            w.stickyObject(sticky, alwaysInset: false)
        }
        if let x = pins?.x {
            w.raw(",\"stickyX\":")
            w.stickyObject(x, alwaysInset: true)
        }
        if let y = pins?.y {
            w.raw(",\"stickyY\":")
            w.stickyObject(y, alwaysInset: true)
        }
        w.raw("}")
    }

    /// Where `writeGeometry` wrote the frame's `x` and the center's `x` (the text of a cell that the next cell of
    /// its row does not share: see `PlainCellEncoder`).
    struct GeometryMarks {
        var xEnd: UnsafeMutablePointer<UInt8>
        var centerX: UnsafeMutablePointer<UInt8>
        var centerXEnd: UnsafeMutablePointer<UInt8>
    }

    /// `,"frame":{"x":..,"y":..,"width":..,"height":..},"center":{"x":..,"y":..},"size":{"width":..,"height":..`
    /// (the size's brace left open), at most 8 numbers: 300 bytes. A function of its own: inlined into
    /// `PlainCellEncoder.write` beside that one's own numbers, it made the optimizer leave the digit-pair loads and
    /// stores as calls; called, it costs a call per row.
    @inline(never)
    static func writeGeometry(_ f: LayoutRect, into c: inout JSONCursor) -> GeometryMarks {
        c.raw(",\"frame\":{\"x\":")
        c.number(f.x)
        let xEnd = c.position
        c.raw(",\"y\":")
        c.number(f.y)
        c.raw(",\"width\":")
        let width = c.position
        c.number(f.width)
        let widthEnd = c.position
        c.raw(",\"height\":")
        let height = c.position
        c.number(f.height)
        let heightEnd = c.position
        c.raw("},\"center\":{\"x\":")
        let centerX = c.position
        c.number(f.x + f.width / 2)
        let centerXEnd = c.position
        c.raw(",\"y\":")
        c.number(f.y + f.height / 2)
        // The size repeats the frame's width and height: copy their text rather than format them again.
        c.raw("},\"size\":{\"width\":")
        c.repeatText(from: width, to: widthEnd)
        c.raw(",\"height\":")
        c.repeatText(from: height, to: heightEnd)
        return GeometryMarks(xEnd: xEnd, centerX: centerX, centerXEnd: centerXEnd)
    }

    /// `{"contentSize":{...}[,"contentOffsetAdjustment":{...}],"elements":[...]}`, the answer to a rect query;
    /// the adjustment is there when the client must move its offset (a wrapping layout left its central band).
    /// `next`: the cursor of the next page, when the answer is one page and more follow.
    public static func writeRectAnswer(contentSize: LayoutSize, elements: [LayoutAttributes], sticky: [StickyRange?]? = nil,
                                       pins: [AxisPins?]? = nil, offsetAdjustment: LayoutPoint? = nil,
                                       next: String? = nil, into w: inout JSONWriter) {
        writeRectAnswerHead(contentSize: contentSize, offsetAdjustment: offsetAdjustment, into: &w)
        elements.withUnsafeBufferPointer { list in
            guard let first = list.baseAddress else { return }
            var row = PlainCellEncoder.Row()
            for i in list.indices {
                if i > 0 { w.raw(",") }
                writeElement(first + i, sticky: sticky?[i], pins: pins?[i], row: &row, into: &w)
            }
        }
        writeRectAnswerTail(next: next, into: &w)
    }

    /// One element of an answer: a plain cell by `PlainCellEncoder` (with the text it shares with the cell before
    /// it in `row`), any other by `write`. Read in place, field by field: an element passed on by value is copied
    /// out of its list, its kind retained and released after.
    @inline(__always)
    static func writeElement(_ e: UnsafePointer<LayoutAttributes>, sticky: StickyRange?, pins: AxisPins? = nil,
                             row: inout PlainCellEncoder.Row, into w: inout JSONWriter) {
        if sticky == nil, pins == nil, e.pointee.category == .cell, e.pointee.zIndex == 0, e.pointee.alpha == 1,
            !e.pointee.isHidden, e.pointee.transform3D.isIdentity, e.pointee.rowSpan == 1, e.pointee.columnSpan == 1,
            e.pointee.level == nil
        {
            PlainCellEncoder.write(section: e.pointee.indexPath.section, item: e.pointee.indexPath.item,
                                   frame: e.pointee.frame, row: &row, into: &w)
        } else {
            write(e.pointee, sticky: sticky, pins: pins, into: &w)
        }
    }

    static func writeRectAnswerHead(contentSize: LayoutSize, offsetAdjustment: LayoutPoint?, into w: inout JSONWriter) {
        w.raw("{\"contentSize\":")
        writeSize(contentSize, into: &w)
        if let d = offsetAdjustment {
            w.raw(",\"contentOffsetAdjustment\":")
            writePoint(d, into: &w)
        }
        w.raw(",\"elements\":[")
    }

    static func writeRectAnswerTail(next: String?, into w: inout JSONWriter) {
        w.raw("]")
        if let next {
            w.raw(",\"next\":")
            w.string(next)
        }
        w.raw("}")
    }

    /// One attributes object as a body of its own.
    public static func bytes(_ a: LayoutAttributes) -> [UInt8] {
        var w = JSONWriter(capacity: 256)
        write(a, into: &w)
        return w.bytes
    }

    /// `{"x","y"}`: a content offset or an adjustment of one.
    public static func writePoint(_ p: LayoutPoint, into w: inout JSONWriter) {
        w.raw("{\"x\":")
        w.number(p.x)
        w.raw(",\"y\":")
        w.number(p.y)
        w.raw("}")
    }

    /// `{"section","item"}`.
    public static func writeIndexPath(_ path: LayoutIndexPath, into w: inout JSONWriter) {
        w.raw("{\"section\":")
        w.int(path.section)
        w.raw(",\"item\":")
        w.int(path.item)
        w.raw("}")
    }

    /// `{"attributes","target"}`: the dragged item and the index path it would take.
    public static func writeMove(_ move: InteractiveMove, into w: inout JSONWriter) {
        w.raw("{\"attributes\":")
        write(move.attributes, into: &w)
        w.raw(",\"target\":")
        writeIndexPath(move.target, into: &w)
        w.raw("}")
    }

    public static func writeSize(_ s: LayoutSize, into w: inout JSONWriter) {
        w.raw("{\"width\":")
        w.number(s.width)
        w.raw(",\"height\":")
        w.number(s.height)
        w.raw("}")
    }
}

extension LayoutAttributes {
    /// A cell with every attribute but its index path and frame at its default: no transform, opaque, visible, at
    /// z 0, spanning one row and one column, with no outline level (what `ElementSink.appendCell` gives). Its index path and frame say all
    /// of it.
    public var isPlainCell: Bool {
        category == .cell && zIndex == 0 && alpha == 1 && !isHidden && transform3D.isIdentity && rowSpan == 1
            && columnSpan == 1 && level == nil
    }
}
