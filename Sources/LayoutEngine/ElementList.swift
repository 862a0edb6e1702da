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

    @inline(__always)
    public mutating func append(_ a: LayoutAttributes) {
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

extension PreparedLayout {
    public func forEachElement(in rect: Rect, offset: Point, limit: Int, cell: (IndexPath, Rect) -> Void,
                               _ body: (borrowing LayoutAttributes) -> Void) -> Bool {
        forEachListedElement(in: rect, offset: offset, limit: limit, cell: cell, body)
    }

    public func elementColumns(in rect: Rect, offset: Point, limit: Int, into columns: inout ColumnarElements)
        -> Bool
    {
        elementColumnsHandedOver(in: rect, offset: offset, limit: limit, into: &columns)
    }

    /// `elementColumns` filled from `forEachElement`, element by element: the default, and what a layout that
    /// fills the columns itself falls back to where it cannot (a mirrored flow).
    public func elementColumnsHandedOver(in rect: Rect, offset: Point, limit: Int,
                                         into columns: inout ColumnarElements) -> Bool {
        forEachElement(in: rect, offset: offset, limit: limit, cell: { columns.appendCell($0, $1) }) {
            columns.append(copy $0)
        }
    }

    /// Every element handed to `body`, plain cells included.
    public func forEachElement(in rect: Rect, offset: Point, limit: Int,
                               _ body: (borrowing LayoutAttributes) -> Void) -> Bool {
        forEachElement(in: rect, offset: offset, limit: limit, cell: { body(.cell($0, $1)) }, body)
    }

    /// `forEachElement` through a list: the query keeps the elements, then each is handed on.
    public func forEachListedElement(in rect: Rect, offset: Point, limit: Int, cell: (IndexPath, Rect) -> Void,
                                     _ body: (borrowing LayoutAttributes) -> Void) -> Bool {
        var list = ElementList(reservingCapacity: 200)
        let complete = elements(in: rect, offset: offset, limit: limit, into: &list)
        list.elements.withUnsafeBufferPointer { elements in
            for i in elements.indices {
                if elements[i].isPlainCell {
                    cell(elements[i].indexPath, elements[i].frame)
                } else {
                    body(elements[i])
                }
            }
        }
        return complete
    }

    /// `elements(in:offset:limit:into:)` appending to an array.
    public func elements(in rect: Rect, offset: Point, limit: Int, into elements: inout [LayoutAttributes]) -> Bool {
        var list = ElementList()
        let complete = self.elements(in: rect, offset: offset, limit: limit, into: &list)
        elements += list.elements
        return complete
    }
}
