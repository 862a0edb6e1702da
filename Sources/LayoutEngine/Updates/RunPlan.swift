/// One axis of a batch update, planned (a grid's rows or columns, a layout's sections, a section's items): where
/// each index after the batch comes from, in runs. UIKit's index rules: deletes, reloads and a move's source name
/// indices before the batch, inserts and a move's destination indices after it; destinations take their places
/// first and the old indices that stay fill the rest in order. Runs keep the plan in proportion to the batch, not
/// to the axis (a billion rows and one insert are three runs).
///
/// `Value` is what an insert or a reload carries: a row's size, an item's size, a section's content.
public struct RunPlan<Value: Sendable & Hashable>: Sendable {
    public enum Run: Sendable, Hashable {
        /// These old indices of the axis, in order; `move` is the operation of a moved one (a one-index run).
        case old(Range<Int>, move: Int?)
        /// `count` new ones, with `value` (nil: the axis's default).
        case inserted(count: Int, value: Value?)
        /// One moved here from another axis (an item from another section): operation `move` names it.
        case arrived(move: Int)

        public var count: Int {
            switch self {
            case .old(let r, _): r.count
            case .inserted(let n, _): n
            case .arrived: 1
            }
        }
    }

    public let oldCount: Int
    public private(set) var runs: [Run] = []
    /// The number after the batch.
    public private(set) var count = 0
    /// Old indices reloaded in place (a grid's resized rows), by old index, with the value each was given.
    public private(set) var reloaded: [(index: Int, value: Value?)] = []
    /// The moves within the axis, as operation, old index and new index, in operation order.
    public private(set) var moves: [(op: Int, from: Int, to: Int)] = []
    /// Where each run starts after the batch, and how many inserted ones come before it.
    private var starts: [Int] = []
    private var insertedBefore: [Int] = []
    private var insertedTotal = 0
    /// The runs of old indices, by first old index, with where each starts after the batch.
    private var oldRuns: [(old: Range<Int>, start: Int)] = []

    /// Whether the batch leaves this axis as it was and moves nothing (a move to its own place counts as a change).
    public var isIdentity: Bool {
        reloaded.isEmpty && count == oldCount && (oldCount == 0 || runs == [.old(0..<oldCount, move: nil)])
    }

    /// The plan of an axis the batch leaves alone.
    public static func identity(_ n: Int) -> RunPlan {
        var plan = RunPlan(oldCount: n)
        plan.append(.old(0..<n, move: nil))
        plan.oldRuns.sort { $0.old.lowerBound < $1.old.lowerBound }
        return plan
    }

    private init(oldCount: Int) { self.oldCount = oldCount }

    /// Appends a run (merging it into the last one when they continue each other).
    private mutating func append(_ run: Run) {
        guard run.count > 0 else { return }
        let inserted =
            insertedBefore.last.map { last in
                if case .inserted(let n, _) = runs[runs.count - 1] { last + n } else { last }
            } ?? 0
        switch (run, runs.last) {
        case (.old(let r, nil), .old(let l, nil)?) where l.upperBound == r.lowerBound:
            runs[runs.count - 1] = .old(l.lowerBound..<r.upperBound, move: nil)
            oldRuns[oldRuns.count - 1].old = l.lowerBound..<r.upperBound
        case (.inserted(let n, let value), .inserted(let m, let lastValue)?) where value == lastValue:
            runs[runs.count - 1] = .inserted(count: n + m, value: value)
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

    /// The index after the batch of old index `i`, or nil when it is deleted (or moved to another axis).
    /// O(log runs).
    public func newIndex(ofOld i: Int) -> Int? {
        let k = oldRun(endingAfter: i)
        guard k < oldRuns.count, oldRuns[k].old.contains(i) else { return nil }
        return oldRuns[k].start + i - oldRuns[k].old.lowerBound
    }

    /// The index before the batch of new index `j`, or nil when it is inserted, arrived from another axis, or out
    /// of range. O(log runs).
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

extension RunPlan {
    /// How messages name the axis's indices: "row 3" (`noun` "row"), or within a section "item 2/3" (`section` 2).
    public struct Names: Sendable, Hashable {
        public var noun: String
        public var section: Int?
        /// Whether reloads are resizes (a grid's): a resized index may also move, not be deleted, and is named so.
        public var resizes: Bool

        public init(noun: String, section: Int? = nil, resizes: Bool = false) {
            self.noun = noun
            self.section = section
            self.resizes = resizes
        }

        func one(_ i: Int) -> String { section.map { "\(noun) \($0)/\(i)" } ?? "\(noun) \(i)" }
        func place(_ i: Int) -> String { section.map { "\($0)/\(i)" } ?? "index \(i)" }
    }

    /// A batch's operations on one axis, checked one by one as they are recorded (in operation order), then
    /// planned (`plan()`). Sources (deletes, reloads, a move's source) and destinations (inserts, a move's
    /// destination) may be recorded apart and joined (`joined(with:)`): an item moved between sections leaves one
    /// section's batch and arrives in another's.
    public struct Batch: Sendable {
        public let oldCount: Int
        public var names: Names
        /// Old indices leaving their place, with the operation: deleted (`move` false) or moved.
        private(set) var leaving: [Int: (op: Int, move: Bool)] = [:]
        private(set) var reloads: [Int: (op: Int, value: Value?)] = [:]
        private var destinations: [(op: Int, to: Int, run: Run)] = []
        private var insertedAt = Set<Int>()
        private var moves: [(op: Int, from: Int, to: Int)] = []

        public init(oldCount: Int, names: Names) {
            self.oldCount = oldCount
            self.names = names
        }

        /// Whether old index `i` is deleted or reloaded (it stays, or goes, without a destination).
        public func isDeletedOrReloaded(_ i: Int) -> Bool { leaving[i]?.move == false || reloads[i] != nil }

        /// The sources recorded (deletes, reloads, moves), each as its operation, its old index and whether it
        /// moves, in no order.
        public var sources: [(op: Int, index: Int, move: Bool)] {
            leaving.map { ($0.value.op, $0.key, $0.value.move) } + reloads.map { ($0.value.op, $0.key, false) }
        }

        /// The operations of the destinations, least first.
        public var destinationOps: [Int] { destinations.map(\.op).sorted() }

        /// Refuses `given` values (sizes, contents) that are not one per index.
        public static func check(_ given: [some Any]?, for list: [some Any], _ word: String, _ plural: String, op: Int)
            throws(BatchError)
        {
            if let given, given.count != list.count {
                throw BatchError(operation: op, reason: "\(given.count) \(word) for \(list.count) \(plural)")
            }
        }

        /// Refuses an index that does not exist before the batch.
        public func old(_ i: Int, _ op: Int) throws(BatchError) {
            guard i >= 0, i < oldCount else {
                let counted = names.section == nil ? " (\(oldCount) \(names.noun)s)" : ""
                throw BatchError(operation: op, reason: "\(names.one(i)) does not exist before the batch\(counted)")
            }
        }

        private func untouched(_ i: Int, _ op: Int) throws(BatchError) {
            if names.resizes {
                guard leaving[i] == nil else {
                    throw BatchError(operation: op, reason: "\(names.one(i)) is already deleted or moved")
                }
            } else {
                guard leaving[i] == nil, reloads[i] == nil else {
                    throw BatchError(operation: op, reason: "\(names.one(i)) is already deleted, reloaded or moved")
                }
            }
        }

        public mutating func delete(_ i: Int, op: Int) throws(BatchError) {
            try old(i, op)
            try untouched(i, op)
            if names.resizes, reloads[i] != nil {
                throw BatchError(operation: op, reason: "\(names.one(i)) is resized and deleted")
            }
            leaving[i] = (op, false)
        }

        /// Index `i` keeps its place, with `value`.
        public mutating func reload(_ i: Int, value: Value?, op: Int) throws(BatchError) {
            try old(i, op)
            if names.resizes {
                guard reloads[i] == nil else { throw BatchError(operation: op, reason: "\(names.one(i)) is resized twice") }
                if leaving[i]?.move == false {
                    throw BatchError(operation: op, reason: "\(names.one(i)) is deleted and resized")
                }
            } else {
                try untouched(i, op)
            }
            reloads[i] = (op, value)
        }

        /// Index `i` leaves its place for `to` (nil: for another axis, which records the destination).
        public mutating func move(_ i: Int, to: Int?, op: Int) throws(BatchError) {
            try old(i, op)
            try untouched(i, op)
            leaving[i] = (op, true)
            if let to {
                destinations.append((op, to, .old(i..<(i + 1), move: op)))
                moves.append((op, i, to))
            }
        }

        /// One arrives at new index `j` from another axis (its source recorded there).
        public mutating func arrive(at j: Int, op: Int) {
            destinations.append((op, j, .arrived(move: op)))
        }

        public mutating func insert(at j: Int, value: Value?, op: Int) throws(BatchError) {
            guard insertedAt.insert(j).inserted else {
                throw BatchError(operation: op, reason: "\(names.one(j)) is inserted twice")
            }
            destinations.append((op, j, .inserted(count: 1, value: value)))
        }

        /// This batch's sources with `other`'s destinations (named as `other` names them): an axis's sources, and
        /// the destinations recorded for where it lands after the batch. `within` tells the arrivals that come
        /// from this axis: the old index a move's operation takes, or nil for one from another axis.
        public func joined(with other: Batch, within: (Int) -> Int?) -> Batch {
            var out = self
            out.names = other.names
            out.insertedAt = other.insertedAt
            out.destinations = other.destinations.map { d in
                guard case .arrived(let op) = d.run, let i = within(op) else { return d }
                out.moves.append((op, i, d.to))
                return (d.op, d.to, .old(i..<(i + 1), move: op))
            }
            out.moves.sort { $0.op < $1.op }
            return out
        }

        /// Plans the batch, or says which operation breaks the rules: destinations out of range after the batch,
        /// or two at one index (checked in operation order).
        /// - Complexity: O(k log k) for k indices named.
        public func plan() throws(BatchError) -> RunPlan {
            var plan = RunPlan(oldCount: oldCount)
            plan.moves = moves
            plan.reloaded = reloads.map { ($0.key, $0.value.value) }.sorted { $0.index < $1.index }
            let newCount = oldCount - leaving.count + destinations.count
            plan.insertedTotal = destinations.count { if case .inserted = $0.run { true } else { false } }
            let ordered = destinations.sorted { ($0.op, $0.to) < ($1.op, $1.to) }
            var taken = Set<Int>()
            for d in ordered {
                guard d.to >= 0, d.to < newCount else {
                    throw BatchError(operation: d.op, reason: "\(names.one(d.to)) is out of range after the batch "
                                     + "(\(newCount) \(names.noun)s)")
                }
                guard taken.insert(d.to).inserted else {
                    throw BatchError(operation: d.op, reason: "two \(names.noun)s go to \(names.place(d.to))")
                }
            }
            let leavingOld = leaving.keys.sorted()
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
            for d in ordered.sorted(by: { $0.to < $1.to }) {
                take(d.to - position)
                plan.append(d.run)
                position = d.to + 1
            }
            take(newCount - position)
            plan.oldRuns.sort { $0.old.lowerBound < $1.old.lowerBound }
            return plan
        }
    }
}
