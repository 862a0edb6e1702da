extension PreparedGridLayout {
    /// The nine blocks of a grid, as (row band, column band), in drawing order: the cells that scroll, then those
    /// pinned along one axis (frozen rows at the top, at the bottom, frozen columns leading, trailing), then the
    /// corners.
    static let blocks: [(Int, Int)] = [(1, 1), (0, 1), (2, 1), (1, 0), (1, 2), (0, 0), (0, 2), (2, 0), (2, 2)]

    /// Every cell meeting `rect` at `offset`, block by block (`blocks`), each block row by row, a merged range in
    /// the first of its rows the rect meets, where its first column would be. Frozen cells are given pinned; when
    /// `out.unpinned` (tiles), where they lie unpinned with their pins on both axes (`unpinnedElements`), whatever
    /// the offset.
    /// - Complexity: O(log rows + log columns) binary searches of starts per block (whatever the sizes and the
    ///   spacing: a billion columns of size 0 cost as many searches as ten), plus per block with merged ranges
    ///   `GridMergeIndex.forEach`'s cost; then O(1) a cell (O(log) with overrides), and for merged ranges O(a) a
    ///   row for the a ranges across it; rows without cells in the rect, and rows covered whole by merged
    ///   ranges, are skipped in one step.
    public func elements<S: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int, into out: inout S)
        -> Bool
    {
        if out.unpinned { return unpinnedElements(in: rect, limit: limit, into: &out) }
        guard rect.width >= 0, rect.height >= 0, rows.count > 0, columns.count > 0 else { return true }
        let start = out.count
        let (rowShifts, columnShifts) = shifts(at: offset)
        for (rb, cb) in Self.blocks where !rows.band(rb).isEmpty && !columns.band(cb).isEmpty {
            guard emitBlock(rb, cb, rect: rect, dx: Self.pick(columnShifts, cb), dy: Self.pick(rowShifts, rb),
                            limit: limit, start: start, into: &out)
            else { return false }
        }
        return true
    }

    /// The cells of row band `rb` and column band `cb`, moved by `dx` (along the columns' direction) and `dy`,
    /// that meet `rect`.
    func emitBlock<S: ElementSink & ~Copyable>(_ rb: Int, _ cb: Int, rect: LayoutRect, dx: Double, dy: Double,
                                               limit: Int, start: Int, into out: inout S) -> Bool {
        let w = columns.length
        // Along the columns' direction: mirrored columns run from the right. Searched a hair wider (mirroring
        // does not round-trip exactly); each element is then tested against `rect` as the caller sees it.
        let slack = 1e-9 * max(1, w, rows.length)
        let (u0, u1) = isMirrored ? (w - rect.maxX, w - rect.minX) : (rect.minX, rect.maxX)
        // Each row (column) with the spacing after it: a merged range spans the spacing between its rows, and
        // may meet the rect there alone. Cells are tested one by one.
        let rr = rows.indices(meeting: rect.minY - dy - rows.spacing - slack, rect.maxY - dy + slack, in: rows.band(rb))
        guard !rr.isEmpty else { return true }
        let cc = columns.indices(meeting: u0 - dx - columns.spacing - slack, u1 - dx + slack, in: columns.band(cb))
        guard !cc.isEmpty else { return true }
        let block = GridBlock(rows: rr, columns: cc, dx: dx, dy: dy, zIndex: Self.zIndex(rowBand: rb, columnBand: cb))
        return emit(block, rect: rect, limit: limit, start: start, into: &out)
    }

    /// The cells of one block: those of `rows` × `columns`, less those merged ranges cover, and the ranges.
    private func emit<S: ElementSink & ~Copyable>(_ b: GridBlock, rect: LayoutRect, limit: Int, start: Int, into out: inout S)
        -> Bool
    {
        // The rows and columns whose cells meet the rect: the block's may hold more at each end (found a spacing and
        // a hair wider, for the merged ranges across a gap and for mirroring), which no cell meets. Rows are only
        // visited for these or for a merged range, so a rect in a gap costs no walk down the rows or columns.
        let plain = columnsMeeting(rect, b)
        let plainRows = plain.isEmpty ? b.rows.lowerBound..<b.rows.lowerBound : rowsMeeting(rect, b)
        if mergeIndex.isEmpty {
            for r in plainRows {
                guard cells(row: r, columns: plain, b, rect: rect, limit: limit, start: start, into: &out) else {
                    return false
                }
            }
            return true
        }
        // The ranges meeting the block, by the first row of the block they hold.
        var pending: [Int] = []
        let complete = mergeIndex.forEach(rows: b.rows.lowerBound...(b.rows.upperBound - 1),
                                          columns: b.columns.lowerBound...(b.columns.upperBound - 1)) {
            pending.append($0)
            return pending.count <= limit
        }
        if !complete { return false }
        let first = b.rows.lowerBound
        func firstRow(_ k: Int) -> Int { max(mergeIndex.merges[pending[k]].row, first) }
        pending.sort {
            let (m, n) = (mergeIndex.merges[$0], mergeIndex.merges[$1])
            return (max(m.row, first), m.column) < (max(n.row, first), n.column)
        }
        var active: [GridMerge] = []  // the ranges across the current row, by column
        var next = 0  // in `pending`
        var r = b.rows.lowerBound
        while r < b.rows.upperBound {
            if !active.isEmpty { active.removeAll { $0.lastRow < r } }
            let withCells = plainRows.contains(r)
            if !withCells, next == pending.count || firstRow(next) > r {
                // Nothing to give in this row: on to the next row with cells or where a range starts.
                var to = next < pending.count ? firstRow(next) : b.rows.upperBound
                if plainRows.lowerBound > r { to = min(to, plainRows.lowerBound) }
                r = to
                continue
            }
            let added = active.count
            while next < pending.count, firstRow(next) <= r {
                active.append(mergeIndex.merges[pending[next]])
                next += 1
            }
            if active.count > added { active.sort { $0.column < $1.column } }
            let before = out.count
            let columns = withCells ? plain : plain.lowerBound..<plain.lowerBound
            var c = b.columns.lowerBound
            var gaps = false  // whether any column of the row is outside the ranges
            for m in active {
                let segment = clamp(c..<max(c, min(m.column, b.columns.upperBound)), to: columns)
                if !segment.isEmpty { gaps = true }
                guard cells(row: r, columns: segment, b, rect: rect, limit: limit, start: start, into: &out) else {
                    return false
                }
                if max(m.row, b.rows.lowerBound) == r {
                    let rr = m.row...m.lastRow
                    let cc = m.column...m.lastColumn
                    let f = frame(rows: rr, columns: cc, dx: b.dx, dy: b.dy)
                    if f.intersects(rect) {
                        out.append(attributes(rr, cc, frame: f, zIndex: b.zIndex))
                        if out.count - start > limit { return false }
                    }
                }
                c = max(c, m.lastColumn + 1)
            }
            let rest = clamp(c..<max(c, b.columns.upperBound), to: columns)
            if !rest.isEmpty { gaps = true }
            guard cells(row: r, columns: rest, b, rect: rect, limit: limit, start: start, into: &out) else {
                return false
            }
            // A row with cells that the ranges cover whole (nothing given): on to the first row where one of them
            // ends or another starts.
            if withCells, out.count == before, !gaps, let end = active.map(\.lastRow).min() {
                var to = end + 1
                if next < pending.count { to = min(to, max(firstRow(next), r + 1)) }
                r = max(r + 1, to)
            } else {
                r += 1
            }
        }
        return true
    }

    /// The columns of block `b` whose cells meet `rect` along x, as `cells` tests them: a column's left edge and
    /// its right edge both move one way along the columns (leftward when mirrored), so they are those past the
    /// rect's one side and not past its other, two binary searches. Exact when the positions' sums are (sizes,
    /// spacing and offsets in binary fractions, such as quarter points); when they round, an edge can step back by
    /// an ulp where the size changes, and a cell meeting the rect only within that ulp may be left out.
    private func columnsMeeting(_ rect: LayoutRect, _ b: GridBlock) -> Range<Int> {
        let uniform = columns.starts.isEmpty
        func left(_ c: Int) -> Double { column(c, dx: b.dx, uniform: uniform).x }
        func right(_ c: Int) -> Double {
            let (x, width) = column(c, dx: b.dx, uniform: uniform)
            return x + width
        }
        if isMirrored {
            let lo = b.columns.partitionPoint { left($0) > rect.maxX }
            return lo..<(lo..<b.columns.upperBound).partitionPoint { right($0) >= rect.minX }
        }
        let lo = b.columns.partitionPoint { right($0) < rect.minX }
        return lo..<(lo..<b.columns.upperBound).partitionPoint { left($0) <= rect.maxX }
    }

    /// The rows of block `b` whose cells meet `rect` along y, as `cells` tests them (two binary searches; exact as
    /// `columnsMeeting` is).
    private func rowsMeeting(_ rect: LayoutRect, _ b: GridBlock) -> Range<Int> {
        let lo = b.rows.partitionPoint {
            let (y, height) = rows.extent($0)
            return y + b.dy + height < rect.minY
        }
        return lo..<(lo..<b.rows.upperBound).partitionPoint { rows.start($0) + b.dy <= rect.maxY }
    }

    private func clamp(_ r: Range<Int>, to bounds: Range<Int>) -> Range<Int> {
        let lo = max(r.lowerBound, bounds.lowerBound)
        return lo..<max(lo, min(r.upperBound, bounds.upperBound))
    }

    /// The plain cells of row `r`, columns `columns`, of block `b`.
    @inline(__always)
    private func cells<S: ElementSink & ~Copyable>(row r: Int, columns cc: Range<Int>, _ b: GridBlock, rect: LayoutRect, limit: Int,
                                       start: Int, into out: inout S) -> Bool {
        guard !cc.isEmpty else { return true }
        let y = rows.start(r) + b.dy
        let height = rows.size(r)
        guard y <= rect.maxY, rect.minY <= y + height else { return true }
        let uniform = columns.starts.isEmpty
        for c in cc {
            let (x, width) = column(c, dx: b.dx, uniform: uniform)
            guard x <= rect.maxX, rect.minX <= x + width else { continue }
            let f = LayoutRect(x: x, y: y, width: width, height: height)
            if b.zIndex == 0 {
                out.appendCell(LayoutIndexPath(section: r, item: c), f)
            } else {
                var a = LayoutAttributes.cell(LayoutIndexPath(section: r, item: c), f)
                a.zIndex = b.zIndex
                out.append(a)
            }
            if out.count - start > limit { return false }
        }
        return true
    }

    /// Column `c`'s x and width, moved by `dx` along the columns' direction. With `uniform` (no sizes given), its
    /// start is its index times the pitch (what `GridTrack.start` gives), with no look-up.
    @inline(__always)
    private func column(_ c: Int, dx: Double, uniform: Bool) -> (x: Double, width: Double) {
        let (start, width) = uniform ? (Double(c) * columns.pitch, columns.size) : columns.extent(c)
        return (x(along: start + dx, width: width), width)
    }
}

/// One block of a query: the rows and columns of one row band and one column band meeting the rect, how far the
/// bands moved, and the block's z.
struct GridBlock {
    let rows: Range<Int>
    let columns: Range<Int>
    let dx: Double
    let dy: Double
    let zIndex: Int
}
