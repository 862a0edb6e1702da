/// Where each column of a waterfall's section ends so far, as a tournament tree over the columns: each inner node
/// holds the shorter of its two children's columns (a tie to the left child, the lower column), so the root is
/// the shortest column with ties to the lowest, as a scan from column 0 keeping the first strict minimum finds it.
///
/// Finding the shortest is O(1) and moving a column's bottom O(log columns). Each node stands for a window of
/// adjacent columns, so the tree can also answer for a window (the highest bottom in it) the same way.
struct ColumnBottoms {
    /// Per leaf: a column's bottom; the leaves past the last column hold +infinity and never win.
    private var bottoms: [Double]
    /// Per node (1 the root, `leaves + c` column c's leaf): the winning column below it.
    private var winners: [Int32]
    private let leaves: Int
    let count: Int

    /// `count` columns (1 or more) all ending at `bottom`.
    init(count: Int, bottom: Double) {
        self.count = count
        var leaves = 1
        while leaves < count { leaves *= 2 }
        self.leaves = leaves
        bottoms = [Double](repeating: .infinity, count: leaves)
        for c in 0..<count { bottoms[c] = bottom }
        winners = [Int32](repeating: 0, count: 2 * leaves)
        for c in 0..<leaves { winners[leaves + c] = Int32(c) }
        for node in stride(from: leaves - 1, through: 1, by: -1) { winners[node] = winner(node) }
    }

    /// The shortest column, the lowest of those tied (node 1 is the root, or column 0's leaf for one column).
    var shortest: Int { Int(winners[1]) }

    subscript(column: Int) -> Double { bottoms[column] }

    /// Column `column` now ends at `bottom`.
    mutating func set(_ column: Int, _ bottom: Double) {
        bottoms[column] = bottom
        var node = (leaves + column) / 2
        while node >= 1 {
            winners[node] = winner(node)
            node /= 2
        }
    }

    /// The highest bottom of the columns. O(columns).
    var highest: Double { bottoms[0..<count].max()! }

    @inline(__always)
    private func winner(_ node: Int) -> Int32 {
        let (a, b) = (winners[2 * node], winners[2 * node + 1])
        return bottoms[Int(a)] <= bottoms[Int(b)] ? a : b
    }
}
