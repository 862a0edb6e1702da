extension GridLayoutSpec {
    public func validate(limits: SpecLimits) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.contentInset(contentInset)
        try check.nonNegative(rowSpacing, at: [.key("rowSpacing")])
        try check.nonNegative(columnSpacing, at: [.key("columnSpacing")])
        var stored = 0
        try rows.validate(check, spacing: rowSpacing, stored: &stored, limits: limits, at: "rows")
        try columns.validate(check, spacing: columnSpacing, stored: &stored, limits: limits, at: "columns")
        let f: [SpecPathComponent] = [.key("frozen")]
        if frozen.top + frozen.bottom > rows.count {
            throw .invalidValue(path: f + [.key(frozen.top > rows.count ? "top" : "bottom")],
                                reason: "frozen rows (top \(frozen.top) and bottom \(frozen.bottom)) are more than "
                                    + "the grid's \(rows.count) rows")
        }
        if frozen.leading + frozen.trailing > columns.count {
            throw .invalidValue(path: f + [.key(frozen.leading > columns.count ? "leading" : "trailing")],
                                reason: "frozen columns (leading \(frozen.leading) and trailing \(frozen.trailing)) "
                                    + "are more than the grid's \(columns.count) columns")
        }
        if stored + merged.count > limits.maxItems {
            throw .limitExceeded(path: [.key("merged")],
                                 reason: "the sizes and merged ranges given exceed the limit of \(limits.maxItems)")
        }
        try validateMerged()
    }

    /// Each range inside the grid, within one band of frozen rows and one of frozen columns, and apart from the
    /// others.
    /// - Complexity: O(n log² n) for n ranges.
    func validateMerged() throws(LayoutError) {
        let rowBands = [frozen.top, rows.count - frozen.bottom]
        let columnBands = [frozen.leading, columns.count - frozen.trailing]
        func band(_ i: Int, _ cuts: [Int]) -> Int { cuts.filter { i >= $0 }.count }
        for (i, m) in merged.enumerated() {
            let at: [SpecPathComponent] = [.key("merged"), .index(i)]
            guard m.rows >= 1 else { throw .invalidValue(path: at + [.key("rows")], reason: "must be 1 or more") }
            guard m.columns >= 1 else {
                throw .invalidValue(path: at + [.key("columns")], reason: "must be 1 or more")
            }
            guard m.rows > 1 || m.columns > 1 else {
                throw .invalidValue(path: at, reason: "merges one cell: a range must span two cells or more")
            }
            guard m.row < rows.count, m.rows <= rows.count - m.row else {
                throw .invalidValue(path: at + [.key(m.row < rows.count ? "rows" : "row")],
                                    reason: "leaves the grid (it has \(rows.count) rows)")
            }
            guard m.column < columns.count, m.columns <= columns.count - m.column else {
                throw .invalidValue(path: at + [.key(m.column < columns.count ? "columns" : "column")],
                                    reason: "leaves the grid (it has \(columns.count) columns)")
            }
            guard band(m.row, rowBands) == band(m.lastRow, rowBands) else {
                throw .invalidValue(path: at + [.key("rows")],
                                    reason: "crosses the edge of the frozen rows (frozen rows and the others merge apart)")
            }
            guard band(m.column, columnBands) == band(m.lastColumn, columnBands) else {
                throw .invalidValue(path: at + [.key("columns")],
                                    reason: "crosses the edge of the frozen columns (frozen columns and the others "
                                        + "merge apart)")
            }
        }
        if let (a, b) = GridMergeIndex(merged).firstOverlap() {
            let (first, second) = (min(a, b), max(a, b))
            throw .invalidValue(path: [.key("merged"), .index(second)],
                                reason: "overlaps merged range \(first) (/merged/\(first))")
        }
    }
}

extension GridAxisSpec {
    /// The count within the limit, sizes 0 or more and finite, given sizes inside the axis, the axis's whole
    /// length within the length limit. `stored` counts the sizes given (against the items limit).
    func validate(_ check: RangeCheck, spacing: Double, stored: inout Int, limits: SpecLimits,
                  at name: String) throws(LayoutError) {
        let at: [SpecPathComponent] = [.key(name)]
        guard count <= GridLayoutSpec.maxCount else {
            throw .limitExceeded(path: at + [.key("count")],
                                 reason: "\(count) \(name) exceed the limit of \(GridLayoutSpec.maxCount)")
        }
        try check.nonNegative(size, at: at + [.key("size")])
        var extra = 0.0  // the given sizes less the default, summed
        switch sizes {
        case .uniform: break
        case .list(let list):
            guard list.count <= count else {
                throw .invalidValue(path: at + [.key("sizes")],
                                    reason: "has \(list.count) sizes, more than the \(count) \(name)")
            }
            if let j = list.firstIndex(where: { !check.isNonNegative($0) }) {
                try check.nonNegative(list[j], at: at + [.key("sizes"), .index(j)])
            }
            for s in list { extra += s - size }
        case .overrides(let list):
            for o in list {
                let path = at + [.key("overrides"), .key(String(o.index))]
                guard o.index >= 0, o.index < count else {
                    throw .invalidValue(path: path, reason: "is not one of the \(count) \(name) (0 to \(count - 1))")
                }
                try check.nonNegative(o.size, at: path)
                extra += o.size - size
            }
        }
        stored += givenCount
        if stored > limits.maxItems {
            let key = if case .overrides = sizes { "overrides" } else { "sizes" }
            throw .limitExceeded(path: at + [.key(key)],
                                 reason: "the sizes given exceed the limit of \(limits.maxItems)")
        }
        let length = Double(count) * size + extra + Double(max(count - 1, 0)) * spacing
        guard length <= limits.maxLength else {
            throw .limitExceeded(path: at + [.key("count")],
                                 reason: "the \(name) are \(length) long, more than the limit of \(Int(limits.maxLength))")
        }
    }
}
