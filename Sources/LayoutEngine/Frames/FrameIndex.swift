/// A static 2D index of frames: a packed R-tree (Sort-Tile-Recursive), built once, never changed.
///
/// Level 0 is the frames themselves, in packing order; each level above holds nodes of at most `fanout` entries
/// of the level below (a contiguous run of it) with their bounding box. Each level is packed by STR: the entries
/// are cut into vertical slices by the x of their centres, each slice sorted by the y of their centres and cut
/// into runs of `fanout`. The number of slices follows the entries' extent (`sqrt(P · W / H)` for `P` runs over
/// a `W`×`H` spread of centres), so that runs are about square whatever the aspect: a feed 390 wide and 10⁸ tall
/// packs in one slice, sorted by y; a square seat map in `sqrt(P)` slices.
///
/// The bound, exactly: a query visits the nodes whose box meets the rect, and tests the frames of the leaves it
/// reaches. That is O(log n + k) when the leaves that meet a rect hold answers, as they do for the frames of
/// layouts (grids, columns, feeds, boards, maps: frames of bounded size and overlap, packed into about square
/// leaves), but not in the worst case: long thin frames crossing each other make leaf boxes that meet a rect
/// holding none of them, and a query may then visit O(n) nodes (an R-tree's known worst case). A rectangle
/// query bound of O(log n + k) for any set of rectangles needs a segment tree over a range tree (O(n log n)
/// memory, O(log² n + k) without fractional cascading); it is not worth it for the frames of a layout.
struct FrameIndex: Sendable {
    static let fanout = 16

    struct Box: Sendable {
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double

        /// Closed overlap, as `LayoutRect.intersects` computes it.
        @inline(__always)
        func meets(_ q: Box) -> Bool { minX <= q.maxX && q.minX <= maxX && minY <= q.maxY && q.minY <= maxY }

        @inline(__always)
        mutating func formUnion(_ b: Box) {
            minX = min(minX, b.minX)
            minY = min(minY, b.minY)
            maxX = max(maxX, b.maxX)
            maxY = max(maxY, b.maxY)
        }

        init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            self.minX = minX
            self.minY = minY
            self.maxX = maxX
            self.maxY = maxY
        }

        init(_ r: LayoutRect) { self.init(minX: r.x, minY: r.y, maxX: r.x + r.width, maxY: r.y + r.height) }
    }

    struct Node: Sendable {
        var box: Box
        /// The node's entries: `count` of them from `start` in the level below (frames, for level 0).
        var start: Int32
        var count: Int32
    }

    /// The frames' ids (positions in the spec) and boxes, in packing order.
    let ids: [Int32]
    let boxes: [Box]
    /// `levels[0]` groups the frames; `levels.last` holds the roots (at most `fanout`).
    let levels: [[Node]]

    /// The index of frames `x`, `y`, `width`, `height`; frame `i`'s id is `ids[i]` (by default `i`).
    /// - Complexity: O(n log n) (sorts by centres; O(n) for frames already in order on a one-slice axis).
    init(x: [Double], y: [Double], width: [Double], height: [Double], ids given: [Int32]? = nil) {
        let n = x.count
        var cx = [Double](repeating: 0, count: n)
        var cy = [Double](repeating: 0, count: n)
        for i in 0..<n {
            cx[i] = x[i] + width[i] / 2
            cy[i] = y[i] + height[i] / 2
        }
        let order = Self.packingOrder(cx: cx, cy: cy)
        ids = given.map { table in order.map { table[Int($0)] } } ?? order
        boxes = order.map { id in
            let i = Int(id)
            return Box(minX: x[i], minY: y[i], maxX: x[i] + width[i], maxY: y[i] + height[i])
        }
        var levels: [[Node]] = []
        var level = Self.group(boxes)
        while level.count > Self.fanout {
            let nodeOrder = Self.packingOrder(cx: level.map { $0.box.minX / 2 + $0.box.maxX / 2 },
                                              cy: level.map { $0.box.minY / 2 + $0.box.maxY / 2 })
            level = nodeOrder.map { level[Int($0)] }
            levels.append(level)
            level = Self.group(level.map(\.box))
        }
        levels.append(level)
        self.levels = levels
    }

    /// Nodes over consecutive runs of `fanout` entries.
    private static func group(_ entries: [Box]) -> [Node] {
        var out: [Node] = []
        out.reserveCapacity((entries.count + fanout - 1) / fanout)
        var start = 0
        while start < entries.count {
            let end = min(start + fanout, entries.count)
            var box = entries[start]
            for j in start + 1..<end { box.formUnion(entries[j]) }
            out.append(Node(box: box, start: Int32(start), count: Int32(end - start)))
            start = end
        }
        return out
    }

    /// The STR order of entries with centres `cx`, `cy` (positions): slices by x, each sorted by y.
    private static func packingOrder(cx: [Double], cy: [Double]) -> [Int32] {
        let m = cx.count
        var order = (0..<Int32(m)).map { $0 }
        guard m > fanout else { return order }
        var (loX, hiX, loY, hiY) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
        for i in 0..<m {
            (loX, hiX, loY, hiY) = (min(loX, cx[i]), max(hiX, cx[i]), min(loY, cy[i]), max(hiY, cy[i]))
        }
        let runs = (m + fanout - 1) / fanout
        let (w, h) = (hiX - loX, hiY - loY)
        let slices = h > 0 ? Int(min(Double(runs), max(1, (Double(runs) * w / h).squareRoot().rounded())))
            : (w > 0 ? runs : 1)
        if slices > 1 {
            cx.withUnsafeBufferPointer { cx in order.sort { cx[Int($0)] < cx[Int($1)] } }
        }
        let sliceLength = (runs + slices - 1) / slices * fanout
        cy.withUnsafeBufferPointer { cy in
            var start = 0
            while start < m {
                let end = min(start + sliceLength, m)
                // Frames posted about in order along y (a feed) are sorted by insertion, each moving a few
                // places; a slice that needs more moves than that is sorted the usual way.
                if !Self.insertionSort(&order, start..<end, cy, moves: 8 * (end - start)) {
                    order[start..<end].sort { cy[Int($0)] < cy[Int($1)] }
                }
                start = end
            }
        }
        return order
    }

    /// Sorts `order[range]` by `key` by insertion, unless that takes more than `moves` moves (then false, the
    /// range in some other order).
    private static func insertionSort(_ order: inout [Int32], _ range: Range<Int>, _ key: UnsafeBufferPointer<Double>,
                                      moves: Int) -> Bool {
        var budget = moves
        return order.withUnsafeMutableBufferPointer { order in
            for k in range.dropFirst() {
                let id = order[k]
                let v = key[Int(id)]
                var j = k
                while j > range.lowerBound, key[Int(order[j - 1])] > v {
                    order[j] = order[j - 1]
                    j -= 1
                    budget -= 1
                }
                order[j] = id
                if budget < 0 { return false }
            }
            return true
        }
    }

    /// Appends the ids of the frames that meet `q` (closed), in packing order.
    func search(_ q: Box, into out: inout [Int32]) {
        guard let roots = levels.last else { return }
        visit(level: levels.count - 1, 0..<roots.count, q, &out)
    }

    private func visit(level: Int, _ range: Range<Int>, _ q: Box, _ out: inout [Int32]) {
        levels[level].withUnsafeBufferPointer { nodes in
            for j in range {
                let node = nodes[j]
                guard node.box.meets(q) else { continue }
                let children = Int(node.start)..<Int(node.start + node.count)
                if level > 0 {
                    visit(level: level - 1, children, q, &out)
                    continue
                }
                boxes.withUnsafeBufferPointer { boxes in
                    for e in children where boxes[e].meets(q) { out.append(ids[e]) }
                }
            }
        }
    }

    var byteCount: Int {
        ids.count * 4 + boxes.count * MemoryLayout<Box>.stride
            + levels.reduce(0) { $0 + $1.count * MemoryLayout<Node>.stride }
    }
}
