extension Array {
    /// The first index whose element fails `isBefore`, for an array where the elements that pass all come first
    /// (`count` when all pass). O(log count).
    func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isBefore(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
