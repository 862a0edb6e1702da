/// A static 2D index of frames: a packed R-tree (Sort-Tile-Recursive), built once, never changed.
///
/// Level 0 is the frames themselves, in packing order; each level above holds nodes of at most `fanout` entries
/// of the level below (a contiguous run of it) with their bounding box. Each level is packed by STR: the entries
/// are cut into vertical slices by the x of their centres, each slice sorted by the y of their centres and cut
/// into runs of `fanout`. The number of slices follows the entries' extent (`sqrt(P · W / H)` for `P` runs over
/// a `W`×`H` spread of centres), so that runs are about square whatever the aspect: a feed 390 wide and 10⁸ tall
/// packs in one slice, sorted by y; a square seat map in `sqrt(P)` slices.
///
/// Each node also knows the smallest and largest id under it, so that a search (`FrameSearch`) finds the frames
/// meeting a rect in id order, the first ones first, without gathering the others.
///
/// The bound, exactly: a query visits the nodes whose box meets the rect, and tests the frames of the leaves it
/// reaches (`FrameSearch` gives how it stops early for the first frames). That is O(log n + k) when the leaves that meet a rect hold answers, as they do for the frames of
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

        /// Whether `b` lies inside this box (closed).
        @inline(__always)
        func contains(_ b: Box) -> Bool { minX <= b.minX && b.maxX <= maxX && minY <= b.minY && b.maxY <= maxY }

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
        /// The smallest and largest id of the frames under the node (`FrameSearch` opens nodes by them).
        var minID: Int32
        var maxID: Int32
        /// The number of frames under the node.
        var frames: Int32
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
        let (frameBoxes, frameIDs) = (boxes, ids)
        var level = Self.group(n, { frameBoxes[$0] }, { (frameIDs[$0], frameIDs[$0], 1) })
        while level.count > Self.fanout {
            let nodeOrder = Self.packingOrder(cx: level.map { $0.box.minX / 2 + $0.box.maxX / 2 },
                                              cy: level.map { $0.box.minY / 2 + $0.box.maxY / 2 })
            let below = nodeOrder.map { level[Int($0)] }
            levels.append(below)
            level = Self.group(below.count, { below[$0].box }, { (below[$0].minID, below[$0].maxID, below[$0].frames) })
        }
        levels.append(level)
        self.levels = levels
    }

    /// Nodes over consecutive runs of `fanout` of `count` entries, entry `j` with box `box(j)`, and ids and frames
    /// `ids(j)`.
    private static func group(_ count: Int, _ box: (Int) -> Box,
                              _ ids: (Int) -> (min: Int32, max: Int32, frames: Int32)) -> [Node] {
        var out: [Node] = []
        out.reserveCapacity((count + fanout - 1) / fanout)
        var start = 0
        while start < count {
            let end = min(start + fanout, count)
            let first = ids(start)
            var node = Node(box: box(start), start: Int32(start), count: Int32(end - start), minID: first.min,
                            maxID: first.max, frames: first.frames)
            for j in start + 1..<end {
                node.box.formUnion(box(j))
                let (lo, hi, frames) = ids(j)
                (node.minID, node.maxID) = (min(node.minID, lo), max(node.maxID, hi))
                node.frames += frames
            }
            out.append(node)
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

    /// Whether more than `limit` frames lie inside `q` (closed), told from whole nodes inside it without visiting
    /// their frames; false when fewer do, or when telling would open more than `budget` nodes. O(budget).
    func holdsMore(than limit: Int, inside q: Box, budget: Int) -> Bool {
        guard let roots = levels.last else { return false }
        var count = 0
        var budget = budget
        var stack: [(level: Int, nodes: Range<Int>)] = [(levels.count - 1, 0..<roots.count)]
        while let (level, range) = stack.popLast() {
            for j in range {
                let node = levels[level][j]
                guard node.box.meets(q) else { continue }
                if q.contains(node.box) {
                    count += Int(node.frames)
                    if count > limit { return true }
                    continue
                }
                budget -= 1
                if budget < 0 { return false }
                let children = Int(node.start)..<Int(node.start + node.count)
                if level > 0 {
                    stack.append((level - 1, children))
                } else {
                    for f in children where q.contains(boxes[f]) { count += 1 }
                    if count > limit { return true }
                }
            }
        }
        return false
    }

    var byteCount: Int {
        ids.count * 4 + boxes.count * MemoryLayout<Box>.stride
            + levels.reduce(0) { $0 + $1.count * MemoryLayout<Node>.stride }
    }
}
