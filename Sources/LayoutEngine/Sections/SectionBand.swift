/// A section's extent in the scroll direction (`v`, see `LineAxes`), shared by flow and waterfall layouts:
///
///     start ─┬─ header            (headerLength)
///            ├─ inset before
///            ├─ items
///            ├─ inset after
///     footerStart ─ footer        (footerLength)
///     end ───┘
struct SectionBand: Sendable, Hashable {
    var start: Double
    var headerLength: Double
    var footerStart: Double
    var footerLength: Double

    var end: Double { footerStart + footerLength }
    /// Where the section's content (its insets and items) starts.
    var contentStart: Double { start + headerLength }
}

/// The first of `count` sections (sorted, not overlapping) whose end is at or after `v`.
/// - Complexity: O(log count).
func firstBand(count: Int, endingAtOrAfter v: Double, _ band: (Int) -> SectionBand) -> Int {
    var lo = 0
    var hi = count
    while lo < hi {
        let mid = (lo + hi) / 2
        if band(mid).end < v { lo = mid + 1 } else { hi = mid }
    }
    return lo
}
