/// A layout whose frames the client computed and posts (react-virtualized's `Collection`): the service keeps
/// them, indexes them and answers rects, tiles, hits and scroll targets as for any other layout.
public struct FramesLayoutSpec: Sendable, Hashable {
    public var collectionView: LayoutSize
    /// `collectionView.contentInset` (see `FlowLayoutSpec.contentInset`).
    public var contentInset: LayoutEdgeInsets = .zero
    /// The axis tiles cut along and scroll targets stop on; frames themselves may lie anywhere.
    public var scrollDirection: ScrollDirection = .vertical
    /// Where flings stop (`targetContentOffset`).
    public var scrollTargetBehavior: ScrollTargetBehavior = .none
    /// `collectionViewContentSize`; nil: from the origin to the frames' furthest edges (`defaultContentSize`).
    public var contentSize: LayoutSize?
    public var elements: FrameElements

    public init(collectionView: LayoutSize, elements: FrameElements) {
        self.collectionView = collectionView
        self.elements = elements
    }

    /// The number of cells in each section (sections up to the last one any element names; at least one).
    public var cellCounts: [Int] {
        let e = elements
        var counts = [Int](repeating: 0, count: max(1, (e.section?.max() ?? 0) + 1))
        if e.section == nil, e.category == nil {
            counts[0] = e.count
        } else {
            for i in 0..<e.count where (e.category?[i] ?? .cell) == .cell { counts[e.section?[i] ?? 0] += 1 }
        }
        return counts
    }

    /// From the origin to the furthest right and bottom edges of the frames (0 when there are none).
    public var defaultContentSize: LayoutSize {
        var right = 0.0
        var bottom = 0.0
        let e = elements
        for i in e.x.indices {
            right = max(right, e.x[i] + e.width[i])
        }
        for i in e.y.indices {
            bottom = max(bottom, e.y[i] + e.height[i])
        }
        return LayoutSize(width: right, height: bottom)
    }
}

/// The elements of a frames layout, one entry per element in each array (the columns of `format=columns`):
/// the frame (`x`, `y`, `width`, `height`, required), and optionally the index path (`section`, `item`),
/// `category` and `kind` (supplementary and decoration views), `zIndex`, and `sticky` (pinned elements). An array
/// left out (nil) takes its default: section 0; items numbered in order among the elements of their section,
/// category and kind; cells; no kind; zIndex 0; not pinned.
///
/// A pinned element (`sticky` not nil) is posted where it sits unpinned, as tiles give it: for a content offset
/// its coordinate along the scroll axis is its `StickyRange`'s `coordinate` for the visible bounds inside the
/// content inset (a rect query with an offset, hits and the element's own attributes place it so), and answers
/// that hold at every offset (tiles) give it unpinned with its range, as `format=columns` answers carry it.
public struct FrameElements: Sendable, Hashable {
    public var x: [Double]
    public var y: [Double]
    public var width: [Double]
    public var height: [Double]
    public var section: [Int]?
    public var item: [Int]?
    public var category: [ElementCategory]?
    public var kind: [String?]?
    public var zIndex: [Int]?
    public var sticky: [StickyRange?]?

    public init(x: [Double], y: [Double], width: [Double], height: [Double], section: [Int]? = nil,
                item: [Int]? = nil, category: [ElementCategory]? = nil, kind: [String?]? = nil,
                zIndex: [Int]? = nil, sticky: [StickyRange?]? = nil) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.section = section
        self.item = item
        self.category = category
        self.kind = kind
        self.zIndex = zIndex
        self.sticky = sticky
    }

    public var count: Int { x.count }

    /// Each element's item: given, or numbered in order among the elements of its section, category and kind.
    /// Nil when that is each element's position (one section of cells, items not given).
    func resolvedItems() -> [Int]? {
        if let item { return item }
        if section == nil, category == nil { return nil }
        var out = [Int](repeating: 0, count: count)
        if category == nil, let section {
            var next = [Int](repeating: 0, count: (section.max() ?? 0) + 1)
            for i in out.indices {
                out[i] = next[section[i]]
                next[section[i]] += 1
            }
            return out
        }
        var next: [GroupKey: Int] = [:]
        for i in out.indices {
            let key = GroupKey(section: section?[i] ?? 0, category: category?[i] ?? .cell, kind: kind?[i] ?? nil)
            out[i] = next[key, default: 0]
            next[key, default: 0] += 1
        }
        return out
    }

    private struct GroupKey: Hashable {
        var section: Int
        var category: ElementCategory
        var kind: String?
    }

    /// -1, 0 or 1 as element `a` comes before, with, or after element `b` in answer order: by section, item,
    /// category (cell, supplementary, decoration), then kind. `items` is `resolvedItems()`.
    func compare(_ a: Int, _ b: Int, items: [Int]?) -> Int {
        if let section, section[a] != section[b] { return section[a] < section[b] ? -1 : 1 }
        let ia = items?[a] ?? a
        let ib = items?[b] ?? b
        if ia != ib { return ia < ib ? -1 : 1 }
        if let category, category[a] != category[b] { return category[a].rawValue < category[b].rawValue ? -1 : 1 }
        let ka = kind?[a] ?? ""
        let kb = kind?[b] ?? ""
        return ka == kb ? 0 : ka < kb ? -1 : 1
    }

    /// The positions of the elements in answer order (a stable sort), nil when they are in it already.
    /// - Complexity: O(n) when they are; O(n log n) otherwise.
    func answerOrder(items: [Int]?) -> [Int]? {
        var sorted = true
        for i in 1..<max(count, 1) where compare(i - 1, i, items: items) > 0 {
            sorted = false
            break
        }
        if sorted { return nil }
        return (0..<count).sorted { a, b in
            let c = compare(a, b, items: items)
            return c != 0 ? c < 0 : a < b
        }
    }

    /// The same elements in the order `order` gives (positions).
    func permuted(_ order: [Int]) -> FrameElements {
        FrameElements(x: order.map { x[$0] }, y: order.map { y[$0] }, width: order.map { width[$0] },
                      height: order.map { height[$0] }, section: section.map { s in order.map { s[$0] } },
                      item: item.map { s in order.map { s[$0] } }, category: category.map { s in order.map { s[$0] } },
                      kind: kind.map { s in order.map { s[$0] } }, zIndex: zIndex.map { s in order.map { s[$0] } },
                      sticky: sticky.map { s in order.map { s[$0] } })
    }
}

extension FramesLayoutSpec {
    /// The same layout with defaults left out and its elements in answer order, so that specs of the same
    /// elements, posted in any order, with defaults written or not, compare and hash equal.
    /// - Complexity: O(n), O(n log n) when the elements are not in answer order.
    public func normalized() -> FramesLayoutSpec {
        var copy = self
        var e = elements
        if let order = e.answerOrder(items: e.resolvedItems()) {
            // Items numbered by default are made explicit before the elements move.
            e.item = e.resolvedItems()
            e = e.permuted(order)
        }
        if let s = e.section, s.allSatisfy({ $0 == 0 }) { e.section = nil }
        if let c = e.category, c.allSatisfy({ $0 == .cell }) { e.category = nil }
        if let k = e.kind, k.allSatisfy({ $0 == nil }) { e.kind = nil }
        if let z = e.zIndex, z.allSatisfy({ $0 == 0 }) { e.zIndex = nil }
        if let p = e.sticky, p.allSatisfy({ $0 == nil }) { e.sticky = nil }
        if let given = e.item {
            var numbered = e
            numbered.item = nil
            let byDefault = numbered.resolvedItems()
            if byDefault.map({ $0 == given }) ?? given.indices.elementsEqual(given) { e.item = nil }
        }
        copy.elements = e
        if let c = copy.contentSize, c == copy.defaultContentSize { copy.contentSize = nil }
        return copy
    }

    public func validate(limits: SpecLimits) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.contentInset(contentInset)
        if let c = contentSize { try check.nonNegative(c, at: [.key("contentSize")]) }
        let e = elements
        let n = e.count
        func at(_ name: String) -> [SpecPathComponent] { [.key("elements"), .key(name)] }
        try check.itemTotal(n, limits: limits, at: at("x"))
        let lengths: [(String, Int?)] = [
            ("y", e.y.count), ("width", e.width.count), ("height", e.height.count), ("section", e.section?.count),
            ("item", e.item?.count), ("category", e.category?.count), ("kind", e.kind?.count),
            ("zIndex", e.zIndex?.count), ("sticky", e.sticky?.count),
        ]
        for case (let name, let count?) in lengths where count != n {
            throw .invalidValue(path: at(name), reason: "must have as many entries as x (\(n)), not \(count)")
        }
        for (name, values) in [("x", e.x), ("y", e.y)] {
            if let j = values.firstIndex(where: { !($0.isFinite && abs($0) <= limits.maxLength) }) {
                try check.finite(values[j], at: at(name) + [.index(j)])
            }
        }
        for (name, values) in [("width", e.width), ("height", e.height)] {
            if let j = values.firstIndex(where: { !check.isNonNegative($0) }) {
                try check.nonNegative(values[j], at: at(name) + [.index(j)])
            }
        }
        for (j, range) in (e.sticky ?? []).enumerated() {
            guard let range else { continue }
            try check.finite(range.min, at: at("sticky") + [.index(j), .index(1)])
            try check.finite(range.max, at: at("sticky") + [.index(j), .index(2)])
            if range.min > range.max {
                throw .invalidValue(path: at("sticky") + [.index(j)], reason: "min must be at most max")
            }
        }
        if let s = e.section, let j = s.firstIndex(where: { $0 >= limits.maxSections }) {
            throw .limitExceeded(path: at("section") + [.index(j)],
                                 reason: "sections are numbered below the limit of \(limits.maxSections)")
        }
        if let category = e.category {
            for i in category.indices {
                let kind = e.kind?[i] ?? nil
                if category[i] == .cell, kind != nil {
                    throw .invalidValue(path: at("kind") + [.index(i)], reason: "must be null for a cell")
                }
                if category[i] != .cell, kind?.isEmpty ?? true {
                    throw .invalidValue(path: at("kind") + (e.kind == nil ? [] : [.index(i)]),
                                        reason: "must name the kind of element \(i), a \(category[i].name) view")
                }
            }
        } else if let kind = e.kind, let j = kind.firstIndex(where: { $0 != nil }) {
            throw .invalidValue(path: at("kind") + [.index(j)],
                                reason: "must be null for a cell (give category 1 or 2 for other views)")
        }
        try validateIndexPaths(at: at)
    }

    /// Each index path once (per category and kind), and the cells of each section numbered 0 to count - 1.
    private func validateIndexPaths(at: (String) -> [SpecPathComponent]) throws(LayoutError) {
        let e = elements
        let items = e.resolvedItems()
        guard e.section != nil || items != nil else { return }  // one section, items by position
        let order = e.answerOrder(items: items)
        func position(_ k: Int) -> Int { order?[k] ?? k }
        let pointer = at(e.item != nil ? "item" : "section")
        var section = -1
        var nextItem = 0
        for k in 0..<e.count {
            let i = position(k)
            if k > 0, e.compare(position(k - 1), i, items: items) == 0 {
                throw .invalidValue(path: pointer + [.index(i)],
                                    reason: "repeats the index path of element \(position(k - 1))")
            }
            guard (e.category?[i] ?? .cell) == .cell else { continue }
            let s = e.section?[i] ?? 0
            if s != section { (section, nextItem) = (s, 0) }
            let item = items?[i] ?? i
            if item != nextItem {
                throw .invalidValue(path: pointer + [.index(i)],
                                    reason: "cell [\(s), \(item)]: the cells of section \(s) must be numbered from 0 "
                                        + "without gaps (item \(nextItem) is missing)")
            }
            nextItem += 1
        }
    }
}
