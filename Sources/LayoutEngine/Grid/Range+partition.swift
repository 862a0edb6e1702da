extension Range<Int> {
    /// The first index whose `isBefore` is false, for a predicate true on a prefix of the range and false after
    /// it (`upperBound` when it holds throughout). O(log count).
    func partitionPoint(_ isBefore: (Int) -> Bool) -> Int {
        var lo = lowerBound
        var hi = upperBound
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            if isBefore(mid) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// `partitionPoint(_:)` started at `guess` (clamped to the range): steps doubling away from it bracket the
    /// answer, then a binary search finds it. O(log d) for an answer d away from the guess, O(log count) at most.
    func partitionPoint(near guess: Int, _ isBefore: (Int) -> Bool) -> Int {
        let g = Swift.min(Swift.max(guess, lowerBound), upperBound)
        var lo = lowerBound
        var hi = upperBound
        var step = 1
        if g < upperBound, isBefore(g) {
            lo = g + 1
            while g + step < upperBound {
                if !isBefore(g + step) {
                    hi = g + step
                    break
                }
                lo = g + step + 1
                step *= 2
            }
        } else {
            hi = g
            while g - step >= lowerBound {
                if isBefore(g - step) {
                    lo = g - step + 1
                    break
                }
                hi = g - step
                step *= 2
            }
        }
        return (lo..<hi).partitionPoint(isBefore)
    }
}
