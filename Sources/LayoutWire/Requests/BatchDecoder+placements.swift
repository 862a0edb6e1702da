public import LayoutEngine

/// A waterfall's spans and columns in a batch: `insertItems`' `"spans"` and `"columns"` (one whole number an index
/// path), and the body's `"keepColumns"`.
extension BatchDecoder {
    /// `"spans"` (1 or more) and `"columns"` (-1, or a first column from 0) of an `insertItems`, by index path.
    static func itemPlacements(_ m: [String: SpecReader], _ paths: [LayoutIndexPath], _ spec: LayoutSpec,
                               into placements: inout ItemPlacements) throws(SpecError)
    {
        for (key, least) in [("spans", 1), ("columns", -1)] {
            guard let r = m[key] else { continue }
            guard case .waterfall = spec else { throw r.fail(ItemPlacements.onlyWaterfalls) }
            let values = try r.array { (v: SpecReader) throws(SpecError) in
                let n = try v.integer()
                guard n >= least else {
                    throw v.fail(least == 1 ? "must be a span of 1 or more" : "must be a column from 0, or -1")
                }
                return n
            }
            guard values.count == paths.count else {
                throw r.fail("must give one per index path (\(paths.count))")
            }
            for (path, value) in zip(paths, values) {
                let earlier = key == "spans"
                    ? placements.spans.updateValue(value, forKey: path)
                    : placements.columns.updateValue(value, forKey: path)
                if earlier != nil { throw r.fail("item \(path.section)/\(path.item) is given \(key) twice") }
            }
        }
    }

    /// `"keepColumns"`: true or false; true only for a waterfall (other kinds have no columns to keep).
    static func keepColumns(_ r: SpecReader, _ spec: LayoutSpec) throws(SpecError) -> Bool {
        let keep = try r.bool()
        let isWaterfall: Bool = if case .waterfall = spec { true } else { false }
        guard !keep || isWaterfall else { throw r.fail(keepColumnsRefused) }
        return keep
    }

    /// Why `keepColumns` is refused for layouts that are not waterfalls.
    public static let keepColumnsRefused = "keepColumns keeps the columns of a waterfall's items: this layout has none"
}
