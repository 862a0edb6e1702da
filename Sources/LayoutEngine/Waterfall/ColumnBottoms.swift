/// Where each column of a waterfall's section ends so far, as a tournament tree over the columns: each inner node
/// holds the shorter of its two children (a tie to the left child, the lower column), so the root is the shortest
/// column with ties to the lowest, as a scan from column 0 keeping the first strict minimum finds it.
///
/// Finding the shortest is O(1) and moving a column's bottom O(log columns). Each node stands for a window of
/// adjacent columns, so the tree can also answer for a window (the highest bottom in it) the same way.
struct ColumnBottoms {
    struct Entry {
        var bottom: Double
        var column: Int32
    }

    /// Per node (1 the root, `leaves + c` column c's leaf): the shortest column below it and its bottom. The
    /// leaves past the last column end at +infinity and never win.
    private var nodes: [Entry]
    private let leaves: Int
    let count: Int

    /// `count` columns (1 or more) all ending at `bottom`.
    init(count: Int, bottom: Double) {
        self.count = count
        var leaves = 1
        while leaves < count { leaves *= 2 }
        self.leaves = leaves
        nodes = [Entry](repeating: Entry(bottom: .infinity, column: 0), count: 2 * leaves)
        for c in 0..<leaves { nodes[leaves + c] = Entry(bottom: c < count ? bottom : .infinity, column: Int32(c)) }
        for node in stride(from: leaves - 1, through: 1, by: -1) {
            let (a, b) = (nodes[2 * node], nodes[2 * node + 1])
            nodes[node] = a.bottom <= b.bottom ? a : b
        }
    }

    /// The shortest column, the lowest of those tied (node 1 is the root, or column 0's leaf for one column).
    var shortest: Int { Int(nodes[1].column) }

    subscript(column: Int) -> Double { nodes[leaves + column].bottom }

    /// Column `column` now ends at `bottom`: its leaf, then each node above it, chooses again.
    mutating func set(_ column: Int, _ bottom: Double) {
        let leaves = leaves
        nodes.withUnsafeMutableBufferPointer { n in
            var node = leaves + column
            n[node].bottom = bottom
            node /= 2
            while node >= 1 {
                let (a, b) = (n[2 * node], n[2 * node + 1])
                n[node] = a.bottom <= b.bottom ? a : b
                node /= 2
            }
        }
    }

    /// The highest bottom of the columns. O(columns).
    var highest: Double { nodes[leaves..<(leaves + count)].lazy.map(\.bottom).max()! }
}
