/// Where a waterfall section's columns are, and which of them each item takes (the rules in docs/specs.md's
/// waterfall section).
extension WaterfallLayoutSpec {
    /// Section `s`'s columns: how many (a fixed count, or as many as fit for an adaptive one), each one's length
    /// across and the spacing between them, inside the section's insets.
    func columns(ofSection s: Int) -> (count: Int, length: Double, spacing: Double) {
        let section = sections[s]
        let inset = section.sectionInset ?? sectionInset
        let across = scrollDirection == .vertical
            ? collectionView.width - inset.left - inset.right : collectionView.height - inset.top - inset.bottom
        let spacing = section.columnSpacing ?? columnSpacing
        let count = columns(ofSection: s, available: across)
        return (count, Self.columnLength(across, columns: count, spacing: spacing), spacing)
    }

    /// The length across of an item spanning `span` columns of `columnLength`, `spacing` apart.
    static func spannedLength(_ span: Int, columnLength: Double, spacing: Double) -> Double {
        Double(span) * columnLength + Double(span - 1) * spacing
    }

    /// Item `i`'s span in a section of `columns` columns: 1 without spans, clamped to the columns.
    @inline(__always)
    static func span(_ spans: [Int]?, _ i: Int, columns: Int) -> Int {
        guard let spans else { return 1 }
        return min(max(spans[i], 1), columns)
    }

    /// Item `i`'s explicit first column, clamped so that its window fits; nil when the section's rule places it.
    @inline(__always)
    static func firstColumn(_ explicit: [Int]?, _ i: Int, span: Int, columns: Int) -> Int? {
        guard let explicit, explicit[i] >= 0 else { return nil }
        return min(explicit[i], columns - span)
    }
}
