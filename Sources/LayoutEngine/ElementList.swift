/// Where a rect query puts the elements it finds, in its order: all of them, or one page of them (the `take`
/// elements after the first `skip`). `count` counts every element given, kept or skipped, so that the queries'
/// limits and completeness mean the same with or without paging; skipped elements cost no storage.
public struct ElementList {
    /// The elements kept (those after the first `skip`, at most `take` of them).
    public internal(set) var elements: [LayoutAttributes] = []
    /// Every element given so far, kept or not.
    public private(set) var count = 0
    public let skip: Int
    public let take: Int

    public init(skip: Int = 0, take: Int = .max, reservingCapacity capacity: Int = 0) {
        self.skip = skip
        self.take = take
        elements.reserveCapacity(capacity)
    }

    @inline(__always)
    public mutating func append(_ a: LayoutAttributes) {
        count += 1
        if count > skip, count - skip <= take { elements.append(a) }
    }

    /// Replaces each kept element from index `start` of `elements` on by `transform`'s result, dropping those for
    /// which it returns nil.
    mutating func rewriteKept(from start: Int, _ transform: (LayoutAttributes) -> LayoutAttributes?) {
        var kept = start
        for i in start..<elements.count {
            if let a = transform(elements[i]) {
                elements[kept] = a
                kept += 1
            }
        }
        elements.removeLast(elements.count - kept)
    }
}

extension PreparedLayout {
    /// `elements(in:offset:limit:into:)` appending to an array.
    public func elements(in rect: Rect, offset: Point, limit: Int, into elements: inout [LayoutAttributes]) -> Bool {
        var list = ElementList()
        let complete = self.elements(in: rect, offset: offset, limit: limit, into: &list)
        elements += list.elements
        return complete
    }
}
