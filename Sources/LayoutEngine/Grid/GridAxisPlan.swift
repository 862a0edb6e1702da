/// The rows (or columns) of a grid after a batch, in runs: old ones kept in order, a moved one, or new ones. Runs
/// keep the plan in proportion to the batch, not to the grid (a billion rows and one insert are three runs).
public struct GridAxisPlan: Sendable {
    public enum Run: Sendable, Hashable {
        /// These old indices, in order; `move` is the operation of a moved one (a one-index run).
        case old(Range<Int>, move: Int?)
        /// `count` new ones, of `size` (nil: the axis's size).
        case inserted(count: Int, size: Double?)

        public var count: Int {
            switch self {
            case .old(let r, _): r.count
            case .inserted(let n, _): n
            }
        }
    }

    public let axis: GridAxis
    public let oldCount: Int
    public private(set) var runs: [Run] = []
    /// The number after the batch.
    public private(set) var count = 0
    /// Old indices given new sizes (they keep their place), by old index.
    public private(set) var resized: [GridSizeOverride] = []
    /// The moves, as operation, old index and new index, in operation order.
    public private(set) var moves: [(op: Int, from: Int, to: Int)] = []
    /// Where each run starts after the batch, and how many inserted ones come before it.
    private var starts: [Int] = []
    private var insertedBefore: [Int] = []
    private var insertedTotal = 0
    /// The runs of old indices, by first old index, with where each starts after the batch.
    private var oldRuns: [(old: Range<Int>, start: Int)] = []

    /// Whether the batch leaves this axis as it was.
    public var isIdentity: Bool {
        resized.isEmpty && count == oldCount && (oldCount == 0 || runs == [.old(0..<oldCount, move: nil)])
    }

    static func make(_ axis: GridAxis, count oldCount: Int, operations: [(op: Int, change: GridAxisOperation)])
        throws(BatchError) -> GridAxisPlan
    {
        let noun = axis.noun
        var gone = Set<Int>()  // old indices deleted or moved
        var deleted = Set<Int>()
        var resized: [Int: (op: Int, size: Double)] = [:]
        var destinations: [(op: Int, to: Int, run: Run)] = []
        var insertedAt = Set<Int>()
        var moves: [(op: Int, from: Int, to: Int)] = []
        func old(_ i: Int, _ op: Int) throws(BatchError) {
            guard i >= 0, i < oldCount else {
                throw BatchError(operation: op, reason: "\(noun) \(i) does not exist before the batch (\(oldCount) \(noun)s)")
            }
        }
        func leaving(_ i: Int, _ op: Int) throws(BatchError) {
            try old(i, op)
            guard gone.insert(i).inserted else {
                throw BatchError(operation: op, reason: "\(noun) \(i) is already deleted or moved")
            }
        }
        for (op, change) in operations {
            switch change {
            case .delete(let list):
                for i in list {
                    try leaving(i, op)
                    if resized[i] != nil { throw BatchError(operation: op, reason: "\(noun) \(i) is resized and deleted") }
                    deleted.insert(i)
                }
            case .move(let from, let to):
                try leaving(from, op)
                destinations.append((op, to, .old(from..<(from + 1), move: op)))
                moves.append((op, from, to))
            case .insert(let list, let sizes):
                if let sizes, sizes.count != list.count {
                    throw BatchError(operation: op, reason: "\(sizes.count) sizes for \(list.count) \(noun)s")
                }
                for (k, i) in list.enumerated() {
                    guard insertedAt.insert(i).inserted else {
                        throw BatchError(operation: op, reason: "\(noun) \(i) is inserted twice")
                    }
                    destinations.append((op, i, .inserted(count: 1, size: sizes?[k])))
                }
            case .resize(let list, let sizes):
                guard sizes.count == list.count else {
                    throw BatchError(operation: op, reason: "\(sizes.count) sizes for \(list.count) \(noun)s")
                }
                for (k, i) in list.enumerated() {
                    try old(i, op)
                    guard resized[i] == nil else { throw BatchError(operation: op, reason: "\(noun) \(i) is resized twice") }
                    if deleted.contains(i) {
                        throw BatchError(operation: op, reason: "\(noun) \(i) is deleted and resized")
                    }
                    resized[i] = (op, sizes[k])
                }
            }
        }
        var plan = GridAxisPlan(axis: axis, oldCount: oldCount)
        plan.moves = moves
        plan.resized = resized.map { GridSizeOverride(index: $0.key, size: $0.value.size) }.sorted { $0.index < $1.index }
        let newCount = oldCount - deleted.count + destinations.count - moves.count
        plan.insertedTotal = destinations.count - moves.count
        // Destinations (inserts, moves) take their places first, checked in operation order; the old ones that stay
        // fill the rest in order.
        destinations.sort { ($0.op, $0.to) < ($1.op, $1.to) }
        var taken = Set<Int>()
        if let d = destinations.first(where: { !(0..<newCount).contains($0.to) || !taken.insert($0.to).inserted }) {
            throw BatchError(operation: d.op, reason: (0..<newCount).contains(d.to)
                             ? "two \(noun)s go to index \(d.to)"
                             : "\(noun) \(d.to) is out of range after the batch (\(newCount) \(noun)s)")
        }
        let leavingOld = gone.sorted()
        var next = 0  // the next old index to look at
        var goneIndex = 0
        func take(_ n: Int) {
            var n = n
            while n > 0 {
                while goneIndex < leavingOld.count, leavingOld[goneIndex] == next {
                    next += 1
                    goneIndex += 1
                }
                let end = min(next + n, goneIndex < leavingOld.count ? leavingOld[goneIndex] : oldCount)
                plan.append(.old(next..<end, move: nil))
                n -= end - next
                next = end
            }
        }
        var position = 0
        for d in destinations.sorted(by: { $0.to < $1.to }) {
            take(d.to - position)
            plan.append(d.run)
            position = d.to + 1
        }
        take(newCount - position)
        plan.oldRuns.sort { $0.old.lowerBound < $1.old.lowerBound }
        return plan
    }

    private init(axis: GridAxis, oldCount: Int) {
        self.axis = axis
        self.oldCount = oldCount
    }

    /// Appends a run (merging it into the last one when they continue each other).
    private mutating func append(_ run: Run) {
        guard run.count > 0 else { return }
        let inserted = insertedBefore.last.map { last in
            if case .inserted(let n, _) = runs[runs.count - 1] { last + n } else { last }
        } ?? 0
        switch (run, runs.last) {
        case (.old(let r, nil), .old(let l, nil)?) where l.upperBound == r.lowerBound:
            runs[runs.count - 1] = .old(l.lowerBound..<r.upperBound, move: nil)
            oldRuns[oldRuns.count - 1].old = l.lowerBound..<r.upperBound
        case (.inserted(let n, let size), .inserted(let m, let lastSize)?) where size == lastSize:
            runs[runs.count - 1] = .inserted(count: n + m, size: size)
        default:
            if case .old(let r, _) = run { oldRuns.append((r, count)) }
            starts.append(count)
            insertedBefore.append(inserted)
            runs.append(run)
        }
        count += run.count
    }

    /// The run of old index `i`'s (in `oldRuns`): the first ending after it, or `oldRuns.count`.
    private func oldRun(endingAfter i: Int) -> Int { oldRuns.partitionPoint { $0.old.upperBound <= i } }

    /// The run holding new index `j` (in `runs`).
    private func run(holding j: Int) -> Int { starts.partitionPoint { $0 <= j } - 1 }

    /// The index after the batch of old index `i`, or nil when it is deleted. O(log runs).
    public func newIndex(ofOld i: Int) -> Int? {
        let k = oldRun(endingAfter: i)
        guard k < oldRuns.count, oldRuns[k].old.contains(i) else { return nil }
        return oldRuns[k].start + i - oldRuns[k].old.lowerBound
    }

    /// The index before the batch of new index `j`, or nil when it is inserted (or out of range). O(log runs).
    public func oldIndex(ofNew j: Int) -> Int? {
        guard j >= 0, j < count else { return nil }
        let k = run(holding: j)
        guard case .old(let r, _) = runs[k] else { return nil }
        return r.lowerBound + j - starts[k]
    }

    /// The number of inserted ones before new index `j` (0...count). O(log runs).
    func inserted(before j: Int) -> Int {
        guard j < count else { return insertedTotal }
        let k = run(holding: j)
        if case .inserted = runs[k] { return insertedBefore[k] + j - starts[k] }
        return insertedBefore[k]
    }

    /// The old index that stands for old index `i` after the batch, with its new index: itself, else the next one
    /// that survives, else the one before. Nil when none survives. O(log runs).
    public func survivor(ofOld i: Int) -> (old: Int, new: Int)? {
        let k = oldRun(endingAfter: i)
        if k < oldRuns.count {
            let o = max(i, oldRuns[k].old.lowerBound)
            return (o, oldRuns[k].start + o - oldRuns[k].old.lowerBound)
        }
        guard let last = oldRuns.last else { return nil }
        return (last.old.upperBound - 1, last.start + last.old.count - 1)
    }

    /// Hands `body` the pieces of old indices `range` that survive: each as the old indices and where they start
    /// after the batch. O(log runs + pieces).
    func forEachSurvivor(of range: Range<Int>, _ body: (Range<Int>, Int) -> Void) {
        var k = oldRun(endingAfter: range.lowerBound)
        while k < oldRuns.count, oldRuns[k].old.lowerBound < range.upperBound {
            let run = oldRuns[k]
            let piece = max(range.lowerBound, run.old.lowerBound)..<min(range.upperBound, run.old.upperBound)
            body(piece, run.start + piece.lowerBound - run.old.lowerBound)
            k += 1
        }
    }

    /// Every run with where it starts after the batch, in order.
    var placedRuns: Zip2Sequence<[Int], [Run]> { zip(starts, runs) }
}
