/// The minimum of any range of a fixed array of values, in O(log n): a segment tree of 2n values (leaves at
/// `n ..< 2n`, each inner node the smaller of its two children).
struct RangeMinima: Sendable {
    private let tree: [Int32]
    private let n: Int

    /// The tree over `values`. O(n).
    init(_ values: [Int32]) {
        n = values.count
        var tree = [Int32](repeating: .max, count: 2 * n)
        for (i, v) in values.enumerated() { tree[n + i] = v }
        for i in stride(from: n - 1, to: 0, by: -1) { tree[i] = min(tree[2 * i], tree[2 * i + 1]) }
        self.tree = tree
    }

    /// The smallest of the values in `range` (`Int32.max` for an empty range). O(log n).
    func minimum(_ range: Range<Int>) -> Int32 {
        var (lo, hi) = (range.lowerBound + n, range.upperBound + n)
        var m = Int32.max
        while lo < hi {
            if lo & 1 == 1 {
                m = min(m, tree[lo])
                lo += 1
            }
            if hi & 1 == 1 {
                hi -= 1
                m = min(m, tree[hi])
            }
            (lo, hi) = (lo >> 1, hi >> 1)
        }
        return m
    }

    var byteCount: Int { tree.count * 4 }
}
