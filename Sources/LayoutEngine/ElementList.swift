/// Where a rect query puts the elements it finds, in its order: all of them, or one page of them (the `take`
/// elements after the first `skip`). `count` counts every element given, kept or skipped, so that the queries'
/// limits and completeness mean the same with or without paging; skipped elements cost no storage.
public struct ElementList: ElementSink {
    /// The elements kept (those after the first `skip`, at most `take` of them).
    public internal(set) var elements: [LayoutAttributes] = []
    /// Every element given so far, kept or not.
    public private(set) var count = 0
    public let skip: Int
    public let take: Int
    /// Whether pinned headers and footers are given where they sit unpinned, with their `StickyRange` (for answers
    /// that hold for every content offset, such as tiles), rather than pinned for the query's offset. They are
    /// then given when the range they may cover meets the rect, not only their unpinned frame.
    public let unpinned: Bool
    /// The sticky range of each kept element that has one, by its index in `elements` (only when `unpinned`).
    public internal(set) var sticky: [(index: Int, range: StickyRange)] = []
    /// The pins on both axes of each kept element that has them, by its index in `elements` (only when
    /// `unpinned`).
    public internal(set) var pins: [(index: Int, pins: AxisPins)] = []

    public init(skip: Int = 0, take: Int = .max, reservingCapacity capacity: Int = 0, unpinned: Bool = false) {
        self.skip = skip
        self.take = take
        self.unpinned = unpinned
        elements.reserveCapacity(capacity)
    }

    /// The sticky range of each kept element, or nil (parallel to `elements`).
    public var stickyRanges: [StickyRange?] {
        var out = [StickyRange?](repeating: nil, count: elements.count)
        for s in sticky where s.index < out.count { out[s.index] = s.range }
        return out
    }

    /// The pins of each kept element, or nil (parallel to `elements`).
    public var pinsByElement: [AxisPins?] {
        var out = [AxisPins?](repeating: nil, count: elements.count)
        for p in pins where p.index < out.count { out[p.index] = p.pins }
        return out
    }

    @inline(__always)
    public mutating func append(_ a: consuming LayoutAttributes) {
        count += 1
        if count > skip, count - skip <= take { elements.append(a) }
    }

    /// Appends a pinned element, given unpinned, with its sticky range.
    public mutating func append(_ a: LayoutAttributes, sticky range: StickyRange) {
        count += 1
        guard count > skip, count - skip <= take else { return }
        sticky.append((elements.count, range))
        elements.append(a)
    }

    /// Appends an element that pins on both axes, given unpinned, with its pins.
    public mutating func append(_ a: LayoutAttributes, pins p: AxisPins) {
        count += 1
        guard count > skip, count - skip <= take else { return }
        pins.append((elements.count, p))
        elements.append(a)
    }

    public mutating func appendCells(foundOutOfOrder cells: inout [(indexPath: LayoutIndexPath, frame: LayoutRect)]) {
        let first = elements.count
        for c in cells { append(.cell(c.indexPath, c.frame)) }
        elements[first...].sort { $0.indexPath.item < $1.indexPath.item }
    }

    /// Replaces each kept element from index `start` of `elements` on (with its sticky range, if any) by
    /// `transform`'s result, dropping those for which it returns nil.
    mutating func rewriteKept(from start: Int,
                              _ transform: (LayoutAttributes, StickyRange?) -> (LayoutAttributes, StickyRange?)?) {
        var ranges: [Int: StickyRange] = [:]
        for s in sticky where s.index >= start { ranges[s.index] = s.range }
        sticky.removeAll { $0.index >= start }
        var kept = start
        for i in start..<elements.count {
            if let (a, range) = transform(elements[i], ranges[i]) {
                elements[kept] = a
                if let range { sticky.append((kept, range)) }
                kept += 1
            }
        }
        elements.removeLast(elements.count - kept)
    }
}

extension ElementList {
    /// Gives the kept elements to `sink` in order (each with its sticky range or pins, if any), stopping once
    /// `sink.count` has grown by more than `limit`: false then, true when all were given.
    @usableFromInline
    func handOver<Sink: ElementSink & ~Copyable>(to sink: inout Sink, limit: Int) -> Bool {
        let start = sink.count
        var s = 0  // the next sticky range (they are in the order of their elements)
        var p = 0  // the next pins (likewise)
        for i in elements.indices {
            if s < sticky.count, sticky[s].index == i {
                sink.append(elements[i], sticky: sticky[s].range)
                s += 1
            } else if p < pins.count, pins[p].index == i {
                sink.append(elements[i], pins: pins[p].pins)
                p += 1
            } else {
                sink.append(elements[i])
            }
            if sink.count - start > limit { return false }
        }
        return true
    }
}
