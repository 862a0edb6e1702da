/// Merged ranges, indexed so that a query finds every range meeting a block of rows and columns without looking
/// at the others.
///
/// - `merges`, in (row, column) order: the ranges whose first row lies in a span of rows are a run of it, and
///   those starting in one row are apart along it (they share that row), so within a row their last columns
///   increase too: one binary search finds the first that reaches a column.
/// - A segment tree over the rows (their starts and ends, made distinct and sorted): each range sits at the
///   O(log n) nodes whose row spans together make its rows. The ranges at one node all hold every row of the node,
///   so they are apart along the columns, and kept in column order: again one binary search per node. The ranges
///   holding a row are those at the nodes from its leaf up to the root.
///
/// A query for rows `r0...r1` and columns `c0...c1` takes the ranges holding row `r0` (the tree: O(log² n) plus
/// what it finds), then those starting in rows `r0 + 1...r1` (the sorted list, one binary search per row that
/// starts a range: O(R log n) for R rows, plus what it finds). Ranges elsewhere in the grid cost nothing but the
/// logarithms: O((R + log n) log n + k) for k ranges found.
struct GridMergeIndex: Sendable {
    let merges: [GridMerge]
    /// The distinct starts and ends (last row + 1) of the ranges' rows, sorted: leaf i spans rows
    /// `coords[i]..<coords[i + 1]`.
    private let coords: [Int]
    /// The number of leaves of the tree (a power of two): node 1 is the root, node `leaves + i` leaf i.
    private let leaves: Int
    /// The ranges at node j: `nodeMerges[nodeStart[j]..<nodeStart[j + 1]]`, indices into `merges`, by column.
    private let nodeStart: [Int32]
    private let nodeMerges: [Int32]
    /// For validation: where each range of `merges` was in the spec's list.
    let given: [Int32]

    /// - Complexity: O(n log n).
    init(_ list: [GridMerge]) {
        let order = list.indices.sorted { (list[$0].row, list[$0].column) < (list[$1].row, list[$1].column) }
        merges = order.map { list[$0] }
        given = order.map { Int32($0) }
        var points: [Int] = []
        points.reserveCapacity(2 * merges.count)
        for m in merges { points += [m.row, m.row + m.rows] }
        points.sort()
        var unique: [Int] = []
        unique.reserveCapacity(points.count)
        for p in points where unique.last != p { unique.append(p) }
        coords = unique
        var leaves = 1
        while leaves < max(unique.count - 1, 1) { leaves *= 2 }
        self.leaves = leaves
        // (node, merge) pairs, then grouped by node, by column within a node.
        var pairs: [(node: Int32, merge: Int32)] = []
        pairs.reserveCapacity(2 * merges.count)
        func leaf(_ row: Int) -> Int {
            var lo = 0
            var hi = unique.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if unique[mid] < row { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        for (k, m) in merges.enumerated() {
            var l = leaf(m.row) + leaves
            var r = leaf(m.row + m.rows) + leaves
            while l < r {
                if l & 1 == 1 { pairs.append((Int32(l), Int32(k))); l += 1 }
                if r & 1 == 1 { r -= 1; pairs.append((Int32(r), Int32(k))) }
                l >>= 1
                r >>= 1
            }
        }
        let merges = merges
        pairs.sort { ($0.node, merges[Int($0.merge)].column) < ($1.node, merges[Int($1.merge)].column) }
        var start = [Int32](repeating: 0, count: 2 * leaves + 1)
        for p in pairs { start[Int(p.node) + 1] += 1 }
        for j in 1..<start.count { start[j] += start[j - 1] }
        nodeStart = start
        nodeMerges = pairs.map(\.merge)
    }

    var isEmpty: Bool { merges.isEmpty }

    var byteCount: Int {
        merges.count * (MemoryLayout<GridMerge>.stride + 4) + coords.count * 8 + nodeStart.count * 4
            + nodeMerges.count * 4
    }

    /// The leaf of the tree holding row `row` (the nodes holding it are it and its ancestors); nil when no range
    /// holds it.
    private func leaf(holding row: Int) -> Int? {
        guard let first = coords.first, row >= first, row < coords[coords.count - 1] else { return nil }
        var lo = 0
        var hi = coords.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if coords[mid] <= row { lo = mid + 1 } else { hi = mid }
        }
        return lo - 1 + leaves
    }

    /// Hands `body` each range meeting rows `rows` and columns `columns` (both closed), as its index in
    /// `merges`, once; stops when `body` returns false, and returns false then.
    func forEach(rows: ClosedRange<Int>, columns: ClosedRange<Int>, _ body: (Int) -> Bool) -> Bool {
        guard !merges.isEmpty else { return true }
        // Those holding the first row, node by node.
        var node = leaf(holding: rows.lowerBound) ?? 0
        while node >= 1 {
            let list = list(node)
            var lo = first(in: list, reaching: columns.lowerBound)
            while lo < list.upperBound, merges[Int(nodeMerges[lo])].column <= columns.upperBound {
                if !body(Int(nodeMerges[lo])) { return false }
                lo += 1
            }
            node >>= 1
        }
        // Those starting below it, row by row.
        var p = firstIndex(from: 0, to: merges.count) { $0.row > rows.lowerBound }
        while p < merges.count, merges[p].row <= rows.upperBound {
            let row = merges[p].row
            let end = firstIndex(from: p, to: merges.count) { $0.row > row }
            var q = firstIndex(from: p, to: end) { $0.lastColumn >= columns.lowerBound }
            while q < end, merges[q].column <= columns.upperBound {
                if !body(q) { return false }
                q += 1
            }
            p = end
        }
        return true
    }

    /// Where node `node`'s ranges are in `nodeMerges`.
    private func list(_ node: Int) -> Range<Int> { Int(nodeStart[node])..<Int(nodeStart[node + 1]) }

    /// The first place in a node's list (`list(node)`) whose range reaches column `column` (they are apart and in
    /// column order, so their last columns increase).
    private func first(in list: Range<Int>, reaching column: Int) -> Int {
        var lo = list.lowerBound
        var hi = list.upperBound
        while lo < hi {
            let mid = (lo + hi) / 2
            if merges[Int(nodeMerges[mid])].lastColumn < column { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The first index in `from..<to` whose range passes `test` (false then true along the list).
    private func firstIndex(from: Int, to: Int, _ test: (GridMerge) -> Bool) -> Int {
        var lo = from
        var hi = to
        while lo < hi {
            let mid = (lo + hi) / 2
            if test(merges[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// The range holding the cell, if any (its index in `merges`).
    /// - Complexity: O(log² n).
    func covering(row: Int, column: Int) -> Int? {
        var found: Int?
        _ = forEach(rows: row...row, columns: column...column) { found = $0; return false }
        return found
    }

    /// Two ranges that share a cell, as their places in the spec's list; nil when all are apart.
    /// Two ranges sharing a row sit at nodes on that row's path from leaf to root: at one node (checked by
    /// neighbours in column order) or one at an ancestor of the other's node (checked by a binary search of the
    /// ancestor's list, once that list is known to be apart).
    /// - Complexity: O(n log² n).
    func firstOverlap() -> (Int, Int)? {
        for node in 1..<(2 * leaves) {
            for j in list(node).dropFirst() {
                let (a, b) = (merges[Int(nodeMerges[j - 1])], merges[Int(nodeMerges[j])])
                if b.column <= a.lastColumn { return (Int(given[Int(nodeMerges[j - 1])]), Int(given[Int(nodeMerges[j])])) }
            }
        }
        for node in 2..<(2 * leaves) {
            for j in list(node) {
                let m = merges[Int(nodeMerges[j])]
                var up = node >> 1
                while up >= 1 {
                    let list = list(up)
                    let lo = first(in: list, reaching: m.column)
                    if lo < list.upperBound, merges[Int(nodeMerges[lo])].column <= m.lastColumn {
                        return (Int(given[Int(nodeMerges[lo])]), Int(given[Int(nodeMerges[j])]))
                    }
                    up >>= 1
                }
            }
        }
        return nil
    }
}
