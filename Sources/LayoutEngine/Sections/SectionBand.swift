/// A section's extent in the scroll direction (`v`, see `LineAxes`), shared by flow and waterfall layouts:
///
///     start ─┬─ header            (headerLength)
///            ├─ inset before
///            ├─ items
///            ├─ inset after
///     footerStart ─ footer        (footerLength)
///     end ───┘
@usableFromInline
struct SectionBand: Sendable, Hashable {
    @usableFromInline var start: Double
    @usableFromInline var headerLength: Double
    @usableFromInline var footerStart: Double
    @usableFromInline var footerLength: Double

    @inlinable var end: Double { footerStart + footerLength }
    /// Where the section's content (its insets and items) starts.
    @inlinable var contentStart: Double { start + headerLength }
}

/// The first of `count` sections (sorted, not overlapping) whose end is at or after `v`.
/// - Complexity: O(log count).
@inlinable
func firstBand(count: Int, endingAtOrAfter v: Double, _ band: (Int) -> SectionBand) -> Int {
    var lo = 0
    var hi = count
    while lo < hi {
        let mid = (lo + hi) / 2
        if band(mid).end < v { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// Visits, in order, the sections among `count` (sorted, not overlapping) whose bands meet `vMin...vMax`. Returns
/// false as soon as `body` does, or once more than `limit` sections were crossed (a window over many empty
/// sections is work too); true when every section was visited.
/// - Complexity: O(log count + sections visited).
@inlinable
func visitBands(count: Int, from vMin: Double, to vMax: Double, limit: Int, _ band: (Int) -> SectionBand,
                _ body: (Int) -> Bool) -> Bool {
    let first = firstBand(count: count, endingAtOrAfter: vMin, band)
    var s = first
    while s < count, band(s).start <= vMax {
        if s - first > limit { return false }
        if !body(s) { return false }
        s += 1
    }
    return true
}
