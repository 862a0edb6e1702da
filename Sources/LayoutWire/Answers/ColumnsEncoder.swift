public import LayoutEngine

/// The columnar wire form of a list of elements (`format=columns`): one array per attribute, element i at entry
/// i of each. `section`, `item`, `x`, `y`, `width` and `height` are always there; the others only when some
/// element differs from the default: `category` (0 cell, 1 supplementary, 2 decoration), `kind` (a string or
/// null), `zIndex` (0), `alpha` (1), `hidden` (false), `transform3D` (16 numbers, or null for the identity) and
/// `sticky` (`[edge, min, max]`, the inset fourth when it is not 0, or null; see `StickyRange`), `rowSpan` and
/// `columnSpan` (1; a grid's merged cells), `collapseProgress` (a collapsing header's, null for every other
/// element), `level` (an outline row's level, or null), and in a grid's tiles `stickyX` and `stickyY` (`[edge, min, max,
/// inset]`, or null; see `AxisPins`).
public enum ColumnsEncoder {
    /// `{"contentSize":{...}[,"contentOffsetAdjustment":{...}],"count":n,"section":[...],...[,"next":"..."]}`.
    public static func writeAnswer(contentSize: LayoutSize, elements: [LayoutAttributes], sticky: [StickyRange?]? = nil,
                                   pins: [AxisPins?]? = nil, offsetAdjustment: LayoutPoint? = nil, next: String? = nil,
                                   into w: inout JSONWriter) {
        // Elements read in place: no copy, no retain of each.
        elements.withUnsafeBufferPointer { list in
            write(contentSize: contentSize, elements: list, sticky: sticky, pins: pins,
                  offsetAdjustment: offsetAdjustment, next: next, into: &w)
        }
    }

    private static func write(contentSize: LayoutSize, elements: UnsafeBufferPointer<LayoutAttributes>,
                              sticky: [StickyRange?]?, pins: [AxisPins?]?, offsetAdjustment: LayoutPoint?,
                              next: String?, into w: inout JSONWriter) {
        writeHead(contentSize: contentSize, offsetAdjustment: offsetAdjustment, count: elements.count, into: &w)
        var cells = true, zero = true, opaque = true, shown = true, identity = true, single = true, progress = false
        var levelless = true
        if let first = elements.baseAddress {
            // Read in place, field by field: iterating the buffer would copy each element out (retaining its kind).
            for e in first..<first + elements.count {
                if e.pointee.category != .cell { cells = false }
                if e.pointee.zIndex != 0 { zero = false }
                if e.pointee.alpha != 1 { opaque = false }
                if e.pointee.isHidden { shown = false }
                if !e.pointee.transform3D.isIdentity { identity = false }
                if e.pointee.rowSpan != 1 || e.pointee.columnSpan != 1 { single = false }
                if e.pointee.collapseProgress != nil { progress = true }
                if e.pointee.level != nil { levelless = false }
            }
        }
        integers("section", elements, into: &w) { $0.pointee.indexPath.section }
        integers("item", elements, into: &w) { $0.pointee.indexPath.item }
        column("x", elements, into: &w) { $0.pointee.frame.x }
        column("y", elements, into: &w) { $0.pointee.frame.y }
        column("width", elements, into: &w) { $0.pointee.frame.width }
        column("height", elements, into: &w) { $0.pointee.frame.height }
        if !cells {
            w.raw(",\"category\":[")
            w.write(reserving: elements.count * 2) { c in
                for i in elements.indices {
                    if i > 0 { c.byte(UInt8(ascii: ",")) }
                    c.byte(UInt8(ascii: "0") + elements[i].category.rawValue)
                }
            }
            w.raw("],\"kind\":[")
            for i in elements.indices {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                if elements[i].category == .cell { w.raw("null") } else { w.string(elements[i].kind) }
            }
            w.raw("]")
        }
        if !zero {
            w.raw(",\"zIndex\":[")
            w.write(reserving: elements.count * 21) { c in
                for i in elements.indices {
                    if i > 0 { c.byte(UInt8(ascii: ",")) }
                    c.int(elements[i].zIndex)
                }
            }
            w.raw("]")
        }
        if !opaque { column("alpha", elements, into: &w) { $0.pointee.alpha } }
        if !shown {
            w.raw(",\"hidden\":[")
            for i in elements.indices {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                w.bool(elements[i].isHidden)
            }
            w.raw("]")
        }
        if !identity {
            w.raw(",\"transform3D\":[")
            for i in elements.indices {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                let t = elements[i].transform3D
                if t.isIdentity {
                    w.raw("null")
                    continue
                }
                w.write(reserving: 2 + 16 * 33) { c in
                    c.byte(UInt8(ascii: "["))
                    for k in 0..<16 {
                        if k > 0 { c.byte(UInt8(ascii: ",")) }
                        c.number(t[k])
                    }
                    c.byte(UInt8(ascii: "]"))
                }
            }
            w.raw("]")
        }
        if !single {
            integers("rowSpan", elements, into: &w) { $0.pointee.rowSpan }
            integers("columnSpan", elements, into: &w) { $0.pointee.columnSpan }
        }
        if progress {
            w.raw(",\"collapseProgress\":[")
            for i in elements.indices {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                if let p = elements[i].collapseProgress { w.number(p) } else { w.raw("null") }
            }
            w.raw("]")
        }
        if !levelless {
            open("level", into: &w)
            for i in elements.indices {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                if let level = elements[i].level { w.int(level) } else { w.raw("null") }
            }
            w.raw("]")
        }
        if let sticky { writeRanges("sticky", sticky, alwaysInset: false, into: &w) }
        if let pins {
            writeRanges("stickyX", pins.map { $0?.x }, alwaysInset: true, into: &w)
            writeRanges("stickyY", pins.map { $0?.y }, alwaysInset: true, into: &w)
        }
        if let next {
            w.raw(",\"next\":")
            w.string(next)
        }
        w.raw("}")
    }

    /// `,"sticky":[[edge, min, max(, inset)] or null, ...]` (the inset when it is not 0), or `,"stickyX":[[edge, min,
    /// max, inset] or null, ...]` (or `stickyY`; `alwaysInset`), when any element has one.
    private static func writeRanges(_ name: StaticString, _ ranges: [StickyRange?], alwaysInset: Bool,
                                    into w: inout JSONWriter) {
        guard ranges.contains(where: { $0 != nil }) else { return }
        open(name, into: &w)
        for i in ranges.indices {
            if i > 0 { w.byte(UInt8(ascii: ",")) }
            if let s = ranges[i] { w.stickyTuple(s, alwaysInset: alwaysInset) } else { w.raw("null") }
        }
        w.raw("]")
    }

    /// `{"contentSize":{...}[,"contentOffsetAdjustment":{...}],"count":n`.
    static func writeHead(contentSize: LayoutSize, offsetAdjustment: LayoutPoint?, count: Int, into w: inout JSONWriter) {
        w.raw("{\"contentSize\":")
        AttributesEncoder.writeSize(contentSize, into: &w)
        if let d = offsetAdjustment {
            w.raw(",\"contentOffsetAdjustment\":")
            AttributesEncoder.writePoint(d, into: &w)
        }
        w.raw(",\"count\":")
        w.int(count)
    }

    /// One array of integers, each read from its element in place: at most 21 bytes each with its comma, straight
    /// through a cursor. A column of one value (the `section` of a one-section answer) is written once and copied;
    /// otherwise a value of at most 8 digits equal to the one before, or one more than it (consecutive `item`s), is
    /// that one's text again, with its last digit counted up when that is not a 9.
    ///
    /// That text is kept in a register (`word`), not read back from the buffer: a load that spans the two stores
    /// that wrote it (the word, then its last digit) would wait for them to reach the cache.
    @inline(__always)
    static func integers<Element>(_ name: StaticString, _ elements: UnsafeBufferPointer<Element>,
                                  into w: inout JSONWriter, _ value: (UnsafePointer<Element>) -> Int) {
        open(name, into: &w)
        if let first = elements.baseAddress, !elements.isEmpty {
            // 8 more bytes: `repeated`'s and `word`'s 8-byte stores.
            w.write(reserving: elements.count * 21 + 8) { c in
                if isConstant(elements.count, { value(first + $0) }) {
                    return repeated(elements.count, into: &c) { $0.int(value(first)) }
                }
                var previous = value(first)
                var text = c.position
                c.int(previous)
                var length = c.position - text
                var word = c.text(at: text)  // the previous entry's text, while length <= 8
                var last = UInt64(truncatingIfNeeded: (length &- 1) &* 8)  // where its last digit is in `word`
                let nine = UInt64(UInt8(ascii: "9"))
                for i in 1..<elements.count {
                    c.byte(UInt8(ascii: ","))
                    let v = value(first + i)
                    if length <= 8 {
                        if v == previous {
                            c.word(word, count: length)
                            continue
                        }
                        if previous >= 0, v > previous, v &- previous == 1, (word &>> last) & 0xFF != nine {
                            word &+= 1 &<< last
                            c.word(word, count: length)
                            previous = v
                            continue
                        }
                    } else if v == previous {
                        c.copyText(from: text, count: length)
                        text = c.position - length
                        continue
                    }
                    text = c.position
                    c.int(v)
                    length = c.position - text
                    word = c.text(at: text)
                    last = UInt64(truncatingIfNeeded: (length &- 1) &* 8)
                    previous = v
                }
            }
        }
        w.raw("]")
    }

    /// One array of numbers, each read from its element in place: at most 33 bytes each with its comma. Runs are
    /// written once and copied: where entries equal the ones a period before them (a grid's `x`, the same in every
    /// row: the period is where the first value comes again) or the one before them (a row's `y`, a grid's
    /// `width`), the whole run's text is copied from theirs (`JSONCursor.continueText`) rather than formatted.
    @inline(__always)
    static func column<Element>(_ name: StaticString, _ elements: UnsafeBufferPointer<Element>,
                                into w: inout JSONWriter, _ value: (UnsafePointer<Element>) -> Double) {
        open(name, into: &w)
        if let first = elements.baseAddress, !elements.isEmpty {
            let n = elements.count
            // Each entry is written with a comma after it (so that a run of entries is one stretch of text, from
            // the first entry on), and the last comma is taken back. 8 more bytes: `continueText`'s word stores.
            w.write(reserving: n * 33 + 8) { c in
                let period = period(n, { value(first + $0) })
                // Where each of the last `recent` entries' text starts, entry i's at i % recent; then room for
                // the starts of a run's last entries while they are worked out.
                withUnsafeTemporaryAllocation(of: UnsafeMutablePointer<UInt8>.self, capacity: 2 * recent) { t in
                    let starts = t.baseAddress!, ending = starts + recent
                    var i = 0
                    while i < n {
                        let v = value(first + i)
                        let d = i >= period && v == value(first + i - period) ? period
                            : i > 0 && v == value(first + i - 1) ? 1 : 0
                        if d == 0 {
                            starts[i & (recent - 1)] = c.position
                            c.number(v)
                            c.byte(UInt8(ascii: ","))
                            i += 1
                            continue
                        }
                        // Entries i..<j equal the ones d before them, so their text is the text of entries
                        // i-d..<i, again and again: `block` bytes a time, and then the first `part` entries of it.
                        var j = i + 1
                        while j < n, value(first + j) == value(first + j - d) { j += 1 }
                        let source = starts[(i - d) & (recent - 1)]
                        let block = c.position - source
                        let (whole, part) = (j - i).quotientAndRemainder(dividingBy: d)
                        c.continueText(from: source, count: whole * block + starts[(i - d + part) & (recent - 1)] - source)
                        // The starts of the run's last entries (those a later run can copy): entry e's text is
                        // entry (i-d + t % d)'s, t / d blocks on, where t = e - (i-d). Worked out before any is
                        // stored, as a store may take the slot of one still to be read.
                        let kept = Swift.min(j - i, period)
                        for k in 0..<kept {
                            let (q, r) = (j - kept + k - (i - d)).quotientAndRemainder(dividingBy: d)
                            ending[k] = starts[(i - d + r) & (recent - 1)] + q * block
                        }
                        for k in 0..<kept { starts[(j - kept + k) & (recent - 1)] = ending[k] }
                        i = j
                    }
                }
                c.dropLast()  // the last comma
            }
        }
        w.raw("]")
    }

    /// `,"name":[`, a column's start.
    @inline(__always)
    static func open(_ name: StaticString, into w: inout JSONWriter) {
        w.raw(",\"")
        w.raw(name)
        w.raw("\":[")
    }

    /// How many entries back `column` looks for a value to copy (a power of 2).
    private static let recent = 64

    /// Where the first value comes again, within `recent` entries (a grid's row length, in its `x` column); 1 when
    /// it does not.
    @inline(__always)
    static func period(_ count: Int, _ value: (Int) -> Double) -> Int {
        let v = value(0)
        for i in 1..<min(count, recent + 1) where value(i) == v { return i }
        return 1
    }

    /// Whether there are 2 values or more, all equal (`==`: 0 and -0, which are written alike, are equal; NaN is
    /// not). Stops at the first that differs: the second of an `x` or `item` column, the end of a `y` column's
    /// first row.
    @inline(__always)
    static func isConstant<T: Equatable>(_ count: Int, _ value: (Int) -> T) -> Bool {
        guard count > 1 else { return false }
        let v = value(0)
        for i in 1..<count where value(i) != v { return false }
        return true
    }

    /// One value `count` (2 or more) times, comma-separated: written once by `write`, with its comma, then the
    /// rest copied as a run (`JSONCursor.continueText`: up to 7 bytes of room past it).
    @inline(__always)
    static func repeated(_ count: Int, into c: inout JSONCursor, _ write: (inout JSONCursor) -> Void) {
        let text = c.position
        write(&c)
        c.byte(UInt8(ascii: ","))
        let period = c.position - text
        c.continueText(from: text, count: period * (count - 1) - 1)  // the last value has no comma after it
    }
}
