/// Where ids went, run by run: run `j` takes the ids `firstIDs[j] ..< firstIDs[j] + lengths[j]` to the positions
/// that start at `targets[j]`, in order. Runs are sorted by first id and do not overlap; an id in no run is gone.
///
/// A frames layout's index parts map their ids (the positions their frames had when the part was built) to the
/// positions the frames have now (`PreparedFramesLayout`), and a batch on a layout of cells maps old positions to
/// new ones (`UpdatePlan.cellPositions(frames:oldCellCounts:)`). A batch keeps its old cells in runs, so either takes as many runs
/// as the changes it stands for, not as the frames it moves.
struct PositionRuns: Sendable, Equatable {
    private(set) var firstIDs: [Int32] = []
    private(set) var lengths: [Int32] = []
    private(set) var targets: [Int32] = []
    /// The number of ids the runs take.
    private(set) var count = 0

    /// Ids `0 ..< n` at their own positions.
    static func identity(_ n: Int) -> PositionRuns {
        var runs = PositionRuns()
        runs.append(first: 0, length: n, position: 0)
        return runs
    }

    /// The runs over ids given in increasing order, each at its own position.
    static func own(_ ids: [Int32]) -> PositionRuns {
        var runs = PositionRuns()
        for id in ids { runs.append(first: Int(id), length: 1, position: Int(id)) }
        return runs
    }

    /// Appends ids `first ..< first + length` at `position ...` (merged into the last run when they continue it);
    /// `first` must be past the last run's ids.
    mutating func append(first: Int, length: Int, position: Int) {
        guard length > 0 else { return }
        count += length
        if let k = firstIDs.indices.last, Int(firstIDs[k] + lengths[k]) == first,
           Int(targets[k] + lengths[k]) == position
        {
            lengths[k] += Int32(length)
            return
        }
        firstIDs.append(Int32(first))
        lengths.append(Int32(length))
        targets.append(Int32(position))
    }

    var runCount: Int { firstIDs.count }

    /// The index of the first run whose ids do not all come before `id`.
    private func runIndex(from id: Int32) -> Int {
        var lo = 0
        var hi = firstIDs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if firstIDs[mid] + lengths[mid] <= id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The index of the first run whose ids all come after `id`.
    private func runIndex(after id: Int32) -> Int {
        var lo = 0
        var hi = firstIDs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if firstIDs[mid] <= id { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether positions grow with ids (each run's target past the one before it): then the lowest position of
    /// a range of ids is that of its first id in a run.
    var targetsIncrease: Bool { zip(targets, targets.dropFirst()).allSatisfy { $0 < $1 } }

    /// A `RangeMinima` of the runs' targets, for `lowestPosition(ofIDs:minima:)` when they do not increase.
    var targetMinima: RangeMinima { RangeMinima(targets) }

    /// The lowest position of the ids in `ids` that are in a run, or nil when none is. `minima` is `targetMinima`,
    /// or nil when `targetsIncrease`. O(log runs).
    @inline(__always)
    func lowestPosition(ofIDs ids: ClosedRange<Int32>, minima: RangeMinima?) -> Int32? {
        let j = runIndex(from: ids.lowerBound)
        guard j < firstIDs.count, firstIDs[j] <= ids.upperBound else { return nil }
        let first = max(ids.lowerBound, firstIDs[j]) - firstIDs[j] + targets[j]
        guard let minima else { return first }
        // The runs after the first that start within `ids` start their positions at their targets.
        return min(first, minima.minimum(j + 1..<runIndex(after: ids.upperBound)))
    }

    /// The position of `id`, or nil when it is gone. O(log runs).
    @inline(__always)
    func position(of id: Int32) -> Int32? {
        if firstIDs.count == 1 {
            return id >= firstIDs[0] && id < firstIDs[0] + lengths[0] ? id - firstIDs[0] + targets[0] : nil
        }
        let j = runIndex(from: id)
        return j < firstIDs.count && firstIDs[j] <= id ? id - firstIDs[j] + targets[j] : nil
    }

    /// These runs, then `next` (which maps the positions these give to new ones): where the ids are after both.
    /// - Complexity: O(runs · log next.runs + runs out).
    func then(_ next: PositionRuns) -> PositionRuns {
        var out = PositionRuns()
        for j in firstIDs.indices {
            let (f, n, p) = (firstIDs[j], lengths[j], targets[j])
            var k = next.runIndex(from: p)
            while k < next.firstIDs.count, next.firstIDs[k] < p + n {
                let lo = max(p, next.firstIDs[k])
                let hi = min(p + n, next.firstIDs[k] + next.lengths[k])
                // Offsets into the runs first, so that no sum of two positions is formed.
                out.append(first: Int(lo - p + f), length: Int(hi - lo),
                           position: Int(lo - next.firstIDs[k] + next.targets[k]))
                k += 1
            }
        }
        return out
    }

    /// Calls `body` with every position the runs take, run by run.
    func forEachPosition(_ body: (Int) -> Void) {
        for j in firstIDs.indices {
            for p in Int(targets[j])..<Int(targets[j] + lengths[j]) { body(p) }
        }
    }
}
