/// The first frames in answer order that meet a rect, found without gathering the others: a best-first search
/// (branch and bound) over the parts' packed R-trees, by the lowest position each node may hold.
///
/// Each node knows the smallest and largest id under it (`FrameIndex.Node`), and its part bounds from below the
/// positions of the live frames with ids in that range (`FramePart.lowestPosition`). The search keeps the lowest
/// positions found so far (at most `count` of them: a max-heap once full) and the nodes still to open (a min-heap
/// by their bound); it opens the node of lowest bound, and stops once every node left has a bound past the highest
/// position kept. A frame tested by `accept` (a pinned element placed for the query) and refused is not kept.
///
/// The bound, exactly: it opens the nodes that meet the rect and whose bound is below the `count`-th answer's
/// position (below every answer's when there are fewer), and tests their frames: O((c + w) log n) for `c =
/// count` answers, `w` being the nodes opened in vain, those whose lowest id belongs to a frame that does not meet
/// the rect (or is dead, or is refused) and whose frames that do are all past the `count`-th answer. A pile of
/// frames inside the rect opens none in vain (O(c log n) for its first page, whatever its size); the frames of
/// layouts few. At worst every node that meets the rect is opened: O(m log c) for m frames meeting it, as a
/// bounded heap over all of them would cost. Memory: O(c) for the positions, plus the nodes waiting (at most
/// `FrameIndex.fanout` for each node opened).
enum FrameSearch {
    /// A node to open: part `part`'s node `node` at level `level`, whose live frames have positions from `bound`.
    struct Entry: Comparable {
        var bound: Int32
        var part: Int32
        var level: Int32
        var node: Int32

        static func < (a: Entry, b: Entry) -> Bool { a.bound < b.bound }
        static func == (a: Entry, b: Entry) -> Bool { a.bound == b.bound }
    }

    /// The `count` lowest positions of live frames in `parts` that meet `q` (closed) and that `accept` takes, in
    /// increasing order (all of them when there are fewer), and the number of nodes opened (for the tests).
    static func lowest(_ count: Int, in parts: [FramePart], meeting q: FrameIndex.Box, accept: (Int32) -> Bool)
        -> (positions: [Int32], opened: Int)
    {
        guard count > 0 else { return ([], 0) }
        var opened = 0
        var open = MinHeap<Entry>()
        // Positions found, unordered while fewer than `count`; then a max-heap of them (stored negated).
        var found: [Int32] = []
        var full = false
        for (p, part) in parts.enumerated() {
            let top = part.index.levels.count - 1
            for (j, node) in part.index.levels[top].enumerated() where node.box.meets(q) {
                if let b = part.lowestPosition(node) {
                    open.push(Entry(bound: b, part: Int32(p), level: Int32(top), node: Int32(j)))
                }
            }
        }
        // Whether a position or bound can no longer make the kept ones lower (positions are distinct: a node
        // whose bound is the highest kept holds it in no live frame).
        func past(_ position: Int32) -> Bool { full && position >= -found[0] }
        while let next = open.first, !past(next.bound) {
            open.removeFirst()
            opened += 1
            let part = parts[Int(next.part)]
            let level = Int(next.level)
            let node = part.index.levels[level][Int(next.node)]
            let children = Int(node.start)..<Int(node.start + node.count)
            if level > 0 {
                part.index.levels[level - 1].withUnsafeBufferPointer { nodes in
                    for c in children where nodes[c].box.meets(q) {
                        guard let b = part.lowestPosition(nodes[c]), !past(b) else { continue }
                        open.push(Entry(bound: b, part: next.part, level: Int32(level - 1), node: Int32(c)))
                    }
                }
                continue
            }
            part.index.boxes.withUnsafeBufferPointer { boxes in
                for f in children where boxes[f].meets(q) {
                    guard let position = part.position(ofID: part.index.ids[f]), !past(position), accept(position)
                    else { continue }
                    if full {
                        MinHeap.replaceFirst(in: &found, with: -position)
                    } else {
                        found.append(position)
                        if found.count == count {
                            for k in found.indices { found[k] = -found[k] }
                            MinHeap.heapify(&found)
                            full = true
                        }
                    }
                }
            }
        }
        if full { for k in found.indices { found[k] = -found[k] } }
        found.sort()
        return (found, opened)
    }
}

/// A binary min-heap on an array.
struct MinHeap<Element: Comparable> {
    private(set) var items: [Element] = []

    var first: Element? { items.first }

    mutating func push(_ e: Element) {
        items.append(e)
        var k = items.count - 1
        while k > 0 {
            let parent = (k - 1) / 2
            guard e < items[parent] else { break }
            items[k] = items[parent]
            k = parent
        }
        items[k] = e
    }

    mutating func removeFirst() {
        let last = items.removeLast()
        if !items.isEmpty { Self.siftDown(&items, from: 0, last) }
    }

    /// Puts `e` in place of `heap`'s first (smallest) element, keeping `heap` a heap.
    static func replaceFirst(in heap: inout [Element], with e: Element) { siftDown(&heap, from: 0, e) }

    /// Orders `array` as a heap. O(n).
    static func heapify(_ array: inout [Element]) {
        for k in stride(from: array.count / 2 - 1, through: 0, by: -1) { siftDown(&array, from: k, array[k]) }
    }

    /// Puts `e` at `k` and moves it down to its place.
    private static func siftDown(_ heap: inout [Element], from k: Int, _ e: Element) {
        var k = k
        let n = heap.count
        while true {
            var child = 2 * k + 1
            guard child < n else { break }
            if child + 1 < n, heap[child + 1] < heap[child] { child += 1 }
            guard heap[child] < e else { break }
            heap[k] = heap[child]
            k = child
        }
        heap[k] = e
    }
}
