/// A grid's rows or columns, prepared: where each starts and how long it is, with nothing stored for those of the
/// default size. Positions are along the axis from the content's start (for mirrored columns: from the right).
///
/// The sizes given are kept with their starts (16 bytes each), in index order: a list's first `starts.count`
/// indices (`listed` empty), or the overrides' indices (`listed`). Between two of them the default size repeats,
/// so any start is one of those plus a multiple of the pitch (default size and spacing).
///
/// A kept start is summed in the order `extent` sums the starts after it (`(start + size) + spacing`, then the
/// multiple of the pitch), so starts never decrease along the axis, to the last bit: queries binary-search them.
struct GridTrack: Sendable {
    let count: Int
    let size: Double
    let spacing: Double
    /// The indices of the sizes kept, for overrides; empty for a list (the first `starts.count` indices).
    let listed: [Int32]
    let starts: [Double]
    let sizes: [Double]
    /// From the first start to the last end.
    private(set) var length: Double = 0
    /// How many are frozen at the start and at the end.
    let frozenBefore: Int
    let frozenAfter: Int

    init(_ axis: GridAxisSpec, spacing: Double, frozenBefore: Int, frozenAfter: Int) {
        count = axis.count
        size = axis.size
        self.spacing = spacing
        self.frozenBefore = frozenBefore
        self.frozenAfter = frozenAfter
        let pitch = axis.size + spacing
        var listed: [Int32] = []
        var starts: [Double] = []
        var sizes: [Double] = []
        switch axis.sizes {
        case .uniform: break
        case .list(let list):
            starts.reserveCapacity(list.count)
            var v = 0.0
            for s in list {
                starts.append(v)
                v = v + s + spacing
            }
            sizes = list
        case .overrides(let list):
            var next = 0  // the first index after the last one kept
            var v = 0.0  // its start
            for o in list.sorted(by: { $0.index < $1.index }) {
                v = v + Double(o.index - next) * pitch
                listed.append(Int32(o.index))
                starts.append(v)
                sizes.append(o.size)
                v = v + o.size + spacing
                next = o.index + 1
            }
        }
        self.listed = listed
        self.starts = starts
        self.sizes = sizes
        length = count == 0 ? 0 : end(count - 1)
    }

    var pitch: Double { size + spacing }

    /// Where the kept sizes end: the last one kept at or before `i` (its place in `starts`), or nil.
    @inline(__always)
    private func kept(atOrBefore i: Int) -> Int? {
        guard !starts.isEmpty else { return nil }
        if listed.isEmpty { return min(i, starts.count - 1) }
        var lo = 0
        var hi = listed.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(listed[mid]) <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : lo - 1
    }

    @inline(__always)
    private func index(ofKept k: Int) -> Int { listed.isEmpty ? k : Int(listed[k]) }

    /// The start of index `i`.
    /// - Complexity: O(1) for a uniform axis or a list, O(log n) for n overrides.
    func start(_ i: Int) -> Double { extent(i).start }

    /// The start and the size of index `i`, with one look-up of the sizes kept.
    /// - Complexity: as `start(_:)`.
    @inline(__always)
    func extent(_ i: Int) -> (start: Double, size: Double) {
        guard let k = kept(atOrBefore: i) else { return (Double(i) * pitch, size) }
        let at = index(ofKept: k)
        if at == i { return (starts[k], sizes[k]) }
        return (starts[k] + sizes[k] + spacing + Double(i - at - 1) * pitch, size)
    }

    func size(_ i: Int) -> Double {
        guard let k = kept(atOrBefore: i), index(ofKept: k) == i else { return size }
        return sizes[k]
    }

    func end(_ i: Int) -> Double {
        let e = extent(i)
        return e.start + e.size
    }

    /// The indices of `band` whose closed extent meets `[a, b]`.
    /// - Complexity: two binary searches (O(log count) starts each).
    func indices(meeting a: Double, _ b: Double, in band: Range<Int>) -> Range<Int> {
        guard a <= b, !band.isEmpty else { return band.lowerBound..<band.lowerBound }
        if starts.isEmpty, pitch > 0 { return uniformIndices(meeting: a, b, in: band) }
        let first = band.partitionPoint { end($0) < a }
        return first..<(first..<band.upperBound).partitionPoint { start($0) <= b }
    }

    /// `indices(meeting:_:in:)` of a uniform axis: searched from the indices division gives (a quotient may round
    /// either way), against the starts and ends as `start` gives them.
    private func uniformIndices(meeting a: Double, _ b: Double, in band: Range<Int>) -> Range<Int> {
        func guess(_ v: Double) -> Int {
            v.isNaN ? band.lowerBound : Int(min(max(v, Double(band.lowerBound)), Double(band.upperBound)))
        }
        let first = band.partitionPoint(near: guess(((a - size) / pitch).rounded(.up))) { end($0) < a }
        let after = (first..<band.upperBound).partitionPoint(near: guess((b / pitch).rounded(.down) + 1)) {
            start($0) <= b
        }
        return first..<after
    }

    /// Band `band`'s indices: 0 the frozen ones at the start, 1 those that scroll, 2 the frozen ones at the end.
    func band(_ band: Int) -> Range<Int> {
        band == 0 ? 0..<frozenBefore : band == 1 ? frozenBefore..<(count - frozenAfter) : (count - frozenAfter)..<count
    }

    /// The band (0, 1 or 2) of index `i`.
    func band(of i: Int) -> Int { i < frozenBefore ? 0 : i < count - frozenAfter ? 1 : 2 }

    /// How far each band moves from its place when the visible area spans `[visibleStart, visibleEnd]`, as CSS
    /// `position: sticky` moves an element inside the content: the frozen ones at the start stick to the visible
    /// start (`top: 0`) and the frozen ones at the end to the visible end (`bottom: 0`), neither leaving the
    /// content. The band that scrolls does not move.
    func shifts(visibleStart: Double, visibleEnd: Double) -> (Double, Double, Double) {
        (frozenBefore > 0 ? stickyRange(band: 0).clamp(visibleStart) : 0, 0,
         frozenAfter > 0 ? stickyRange(band: 2).clamp(visibleEnd - length) : 0)
    }

    /// The moves a frozen band may make (band 0 by the visible start, band 2 by the visible end less the length).
    func stickyRange(band: Int) -> ClosedRange<Double> {
        band == 0 ? 0...max(0, length - end(frozenBefore - 1)) : min(0, -start(count - frozenAfter))...0
    }

    /// How much of the visible area the frozen bands cover at its start and its end, when they are pinned.
    var covers: (before: Double, after: Double) {
        (frozenBefore > 0 ? start(frozenBefore) : 0,
         frozenAfter > 0 ? length - start(count - frozenAfter) + spacing : 0)
    }

    var byteCount: Int { listed.count * 4 + starts.count * 8 + sizes.count * 8 }
}

extension ClosedRange<Double> {
    func clamp(_ v: Double) -> Double { Swift.min(Swift.max(v, lowerBound), upperBound) }
}
