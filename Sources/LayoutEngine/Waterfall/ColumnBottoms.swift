/// Where each column of a waterfall's section ends so far, as a tournament tree over the columns: each inner node
/// holds the shorter of its two children (a tie to the left child, the lower column), so the root is the shortest
/// column with ties to the lowest, as a scan from column 0 keeping the first strict minimum finds it.
///
/// Finding the shortest is O(1) and moving a column's bottom O(log columns); moving the bottoms of s adjacent
/// columns together O(s + log columns). The lowest window of k ≥ 2 adjacent columns (by the highest bottom in it)
/// is a scan of the leaves, O(columns); for k up to `windowTreeSpans` only the first time: from then on a tournament
/// tree over those windows answers it in O(1), and moving s columns costs O((s + k) (k + log columns)) more for each
/// such tree kept.
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
    /// `lowestWindow`'s running maxima, allocated by the first window wider than `windowTreeSpans` columns.
    private var scratch: [Double] = []
    /// For each span asked of `lowestWindow` (2 to `windowTreeSpans`), the windows of that many adjacent columns as a
    /// tournament tree of their highest bottoms: `nodes` as the columns', leaf w the window from column w.
    private var windowTrees: [(span: Int, leaves: Int, nodes: [Entry])] = []
    /// The widest span a window tree is kept for: each costs O(span) a moved column.
    static let windowTreeSpans = 8

    /// `count` columns (1 or more) all ending at `bottom`.
    init(count: Int, bottom: Double) {
        self.count = count
        (leaves, nodes) = Self.tree(count) { _ in bottom }
    }

    /// A tournament tree of `count` leaves (1 or more), leaf i holding `value(i)`: its leaves (a power of two, those
    /// past `count` at +infinity) and its nodes.
    private static func tree(_ count: Int, _ value: (Int) -> Double) -> (leaves: Int, nodes: [Entry]) {
        var leaves = 1
        while leaves < count { leaves *= 2 }
        var nodes = [Entry](repeating: Entry(bottom: .infinity, column: 0), count: 2 * leaves)
        for c in 0..<leaves { nodes[leaves + c] = Entry(bottom: c < count ? value(c) : .infinity, column: Int32(c)) }
        for node in stride(from: leaves - 1, through: 1, by: -1) {
            let (a, b) = (nodes[2 * node], nodes[2 * node + 1])
            nodes[node] = a.bottom <= b.bottom ? a : b
        }
        return (leaves, nodes)
    }

    /// The shortest column, the lowest of those tied (node 1 is the root, or column 0's leaf for one column).
    var shortest: Int { Int(nodes[1].column) }

    subscript(column: Int) -> Double { nodes[leaves + column].bottom }

    /// Column `column` now ends at `bottom`: its leaf, then each node above it, chooses again.
    mutating func set(_ column: Int, _ bottom: Double) {
        Self.set(&nodes, leaves: leaves, column, bottom)
        if !windowTrees.isEmpty { windowsMoved(column, span: 1) }
    }

    /// Leaf `leaf` of the tree `nodes` (`leaves` leaves) now holds `bottom`: each node above it chooses again.
    private static func set(_ nodes: inout [Entry], leaves: Int, _ leaf: Int, _ bottom: Double) {
        nodes.withUnsafeMutableBufferPointer { n in
            var node = leaves + leaf
            n[node].bottom = bottom
            node /= 2
            while node >= 1 {
                let (a, b) = (n[2 * node], n[2 * node + 1])
                n[node] = a.bottom <= b.bottom ? a : b
                node /= 2
            }
        }
    }

    /// Columns `first..<first + span` moved: the windows of each window tree that hold one of them take their
    /// highest bottom again.
    private mutating func windowsMoved(_ first: Int, span: Int) {
        for t in windowTrees.indices {
            let k = windowTrees[t].span
            let leaves = windowTrees[t].leaves
            for w in max(0, first - k + 1)...min(first + span - 1, count - k) {
                Self.set(&windowTrees[t].nodes, leaves: leaves, w, highest(w, span: k))
            }
        }
    }

    /// A tournament tree over the windows of `span` adjacent columns, keyed by their highest bottoms. O(columns span).
    private func windowTree(span: Int) -> (span: Int, leaves: Int, nodes: [Entry]) {
        let (leaves, nodes) = Self.tree(count - span + 1) { highest($0, span: span) }
        return (span, leaves, nodes)
    }

    /// Columns `first..<first + span` all end at `bottom` now: their leaves, then the nodes above them, level by
    /// level (the parents of a run of nodes are a run half as long). O(span + log columns).
    mutating func set(_ first: Int, span: Int, _ bottom: Double) {
        if span == 1 { return set(first, bottom) }
        defer { if !windowTrees.isEmpty { windowsMoved(first, span: span) } }
        let leaves = leaves
        nodes.withUnsafeMutableBufferPointer { n in
            var lo = leaves + first
            var hi = lo + span - 1
            for node in lo...hi { n[node].bottom = bottom }
            while lo > 1 {
                lo /= 2
                hi /= 2
                for node in lo...hi {
                    let (a, b) = (n[2 * node], n[2 * node + 1])
                    n[node] = a.bottom <= b.bottom ? a : b
                }
            }
        }
    }

    /// The highest bottom of columns `first..<first + span`. O(span).
    func highest(_ first: Int, span: Int) -> Double {
        var h = -Double.infinity
        for c in first..<(first + span) { h = max(h, nodes[leaves + c].bottom) }
        return h
    }

    /// The first column of the window of `span` adjacent columns whose highest bottom is the least, the lowest of
    /// those tied; `span` is at most `count`. O(1) for one column, and for a span with a window tree (after the
    /// first time, which makes it: O(count span)); else O(count): a sliding maximum over the leaves
    /// (van Herk, Gil and Werman: blocks of `span` columns, each column's maximum to its block's end and from its
    /// block's start, so that a window's maximum is the larger of its first column's and its last's).
    mutating func lowestWindow(span: Int) -> Int {
        if span == 1 { return shortest }
        if span >= count { return 0 }
        if span <= Self.windowTreeSpans {
            if let tree = windowTrees.first(where: { $0.span == span }) { return Int(tree.nodes[1].column) }
            windowTrees.append(windowTree(span: span))
            return Int(windowTrees[windowTrees.count - 1].nodes[1].column)
        }
        let (leaves, count) = (leaves, count)
        if scratch.count < 2 * count { scratch = [Double](repeating: 0, count: 2 * count) }
        return nodes.withUnsafeBufferPointer { n in
            scratch.withUnsafeMutableBufferPointer { w in
                // w[c]: the maximum from c's block's start to c; w[count + c]: from c to its block's end.
                for c in 0..<count {
                    let b = n[leaves + c].bottom
                    w[c] = c % span == 0 ? b : max(w[c - 1], b)
                }
                for c in stride(from: count - 1, through: 0, by: -1) {
                    let b = n[leaves + c].bottom
                    w[count + c] = c % span == span - 1 || c == count - 1 ? b : max(w[count + c + 1], b)
                }
                var best = 0
                var key = Double.infinity
                for c in 0...(count - span) {
                    let k = max(w[count + c], w[c + span - 1])
                    if k < key { (key, best) = (k, c) }
                }
                return best
            }
        }
    }

    /// The highest bottom of the columns. O(columns).
    var highest: Double { nodes[leaves..<(leaves + count)].lazy.map(\.bottom).max()! }
}
