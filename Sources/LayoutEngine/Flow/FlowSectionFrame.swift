/// Where one prepared section sits: its band in the scroll direction (see `SectionBand`) and its items.
@usableFromInline
struct FlowSectionFrame: SectionFrame, Sendable {
    @usableFromInline var band: SectionBand
    @usableFromInline var itemCount: Int
    @usableFromInline var placement: FlowPlacement
}

@usableFromInline
enum FlowPlacement: Sendable {
    /// Every item has the same size: positions are computed, nothing is stored per item.
    case grid(FlowGrid)
    /// Sizes vary: lines `lines` of the layout's line table; `sizes` are the spec's (shared, not copied);
    /// `firstU` indexes the layout's `itemU` array at the section's first item.
    case lines(Range<Int>, sizes: [LayoutSize], firstU: Int)
}

/// A uniform section: item i is at line i / columns, column i % columns.
@usableFromInline
struct FlowGrid: Sendable {
    @usableFromInline var columns: Int
    @usableFromInline var itemU: Double
    @usableFromInline var itemV: Double
    @usableFromInline var originU: Double
    @usableFromInline var pitchU: Double
    @usableFromInline var originV: Double
    @usableFromInline var pitchV: Double
    /// The last line, when it does not use the full lines' positions (an alignment option).
    @usableFromInline var lastLine: LastLine?

    @usableFromInline
    struct LastLine: Sendable {
        @usableFromInline var index: Int
        @usableFromInline var originU: Double
        @usableFromInline var pitchU: Double
    }

    /// The start along its line of the item at (`line`, `column`).
    @inlinable @inline(__always) func u(line: Int, column: Int) -> Double {
        if let last = lastLine, last.index == line { return last.originU + Double(column) * last.pitchU }
        return originU + Double(column) * pitchU
    }

    /// The origin and pitch along `line`.
    @inlinable @inline(__always) func columnsOrigin(line: Int) -> (origin: Double, pitch: Double) {
        if let last = lastLine, last.index == line { return (last.originU, last.pitchU) }
        return (originU, pitchU)
    }
    @inlinable @inline(__always) func v(line: Int) -> Double { originV + Double(line) * pitchV }

    @inlinable func lineCount(items: Int) -> Int { items == 0 ? 0 : (items - 1) / columns + 1 }

    /// Whether one of `count` columns at `origin + i * pitch` meets `lo...hi` (closed). O(1) but for columns
    /// that all start at one place (then the first tells).
    @inlinable func anyColumnMeets(_ lo: Double, _ hi: Double, origin: Double, pitch: Double, count: Int) -> Bool {
        guard let columns = Self.candidates(lo: lo, hi: hi, origin: origin, pitch: pitch, length: itemU, count: count)
        else { return false }
        return columns.contains { c in
            let u = origin + Double(c) * pitch
            return u <= hi && u + itemU >= lo
        }
    }

    /// The lines (or columns, with `u` values) whose closed span `[origin + i*pitch, + length]` may meet
    /// `lo...hi`: a superset by at most one on each side, clamped to `0..<count`.
    @inlinable static func candidates(lo: Double, hi: Double, origin: Double, pitch: Double, length: Double, count: Int)
        -> ClosedRange<Int>?
    {
        guard count > 0, hi >= origin, lo <= origin + Double(count - 1) * pitch + length else { return nil }
        guard pitch > 0 else { return 0...(count - 1) }
        let first = ((lo - length - origin) / pitch).rounded(.down) - 1
        let last = ((hi - origin) / pitch).rounded(.down) + 1
        let a = first < 0 ? 0 : (first > Double(count - 1) ? count - 1 : Int(first))
        let b = last < 0 ? 0 : (last > Double(count - 1) ? count - 1 : Int(last))
        return a <= b ? a...b : nil
    }
}
