/// A prepared frames layout: the spec's elements (in answer order: section, item, category, kind) and packed
/// R-trees over their frames (`FrameIndex`, whose doc comment gives the query's bound and why): one, prepared
/// afresh; after a batch, the old layout's parts with the frames the batch changed in parts of their own
/// (`init(_:reusing:plan:frames:)`, whose doc comment gives the cost). A pinned element is indexed by its span,
/// every place its sticky range lets it take along the scroll axis, so that one search finds it wherever the
/// offset puts it; the query then places it for the offset and keeps it if it meets the rect.
public struct PreparedFramesLayout: PreparedLayout {
    public let framesSpec: FramesLayoutSpec
    /// The index parts, each with where its frames are now; the first the largest.
    let parts: [FramePart]
    /// Each element's item (nil: its position, for one section of cells).
    let items: [Int]?
    /// The number of cells in each section.
    let cellCounts: [Int]
    public let contentSize: LayoutSize

    /// `prepareLayout`. The spec must have passed `validate` and be normalized (elements in answer order).
    /// - Complexity: O(n log n) for the index (see `FrameIndex.init`).
    public init(_ spec: FramesLayoutSpec) {
        self.init(spec, parts: spec.elements.count == 0 ? [] : [FramePart(spec)])
    }

    init(_ spec: FramesLayoutSpec, parts: [FramePart]) {
        framesSpec = spec
        self.parts = parts
        items = spec.elements.resolvedItems()
        cellCounts = spec.cellCounts
        contentSize = spec.contentSize ?? spec.defaultContentSize
    }

    /// The number of packed R-trees the index is made of: 1 prepared afresh, more after batches (for the bench and
    /// the tests).
    package var indexPartCount: Int { parts.count }

    public var spec: LayoutSpec { .frames(framesSpec) }
    public var numberOfSections: Int { cellCounts.count }
    public func numberOfItems(inSection section: Int) -> Int {
        cellCounts.indices.contains(section) ? cellCounts[section] : 0
    }
    public var numberOfItems: Int {
        framesSpec.elements.category == nil ? framesSpec.elements.count : cellCounts.reduce(0, +)
    }
    public var isBoundsDependent: Bool { false }
    public var viewSize: LayoutSize { framesSpec.collectionView }

    public var byteCount: Int {
        let e = framesSpec.elements
        var given = e.count * 32
        given += (e.section?.count ?? 0) * 8 + (items?.count ?? 0) * 8 + (e.zIndex?.count ?? 0) * 8
        given += (e.category?.count ?? 0) + (e.kind?.count ?? 0) * 16
        return parts.reduce(0) { $0 + $1.byteCount } + given + cellCounts.count * 8
    }

    /// Every place a pinned element with frame `frame` may take along the scroll axis: from its range's `min` to
    /// its `max` plus its own length.
    static func span(_ frame: LayoutRect, _ range: StickyRange, _ direction: ScrollDirection) -> LayoutRect {
        var r = frame
        if direction == .vertical {
            (r.y, r.height) = (range.min, range.max - range.min + frame.height)
        } else {
            (r.x, r.width) = (range.min, range.max - range.min + frame.width)
        }
        return r
    }

    /// A pinned element's range as answers give it: inside the content inset (as flow pins its headers and
    /// footers).
    func visibleRange(_ range: StickyRange) -> StickyRange {
        let inset = framesSpec.contentInset
        return framesSpec.scrollDirection == .vertical ? range.inside(before: inset.top, after: inset.bottom)
            : range.inside(before: inset.left, after: inset.right)
    }

    /// A pinned element's frame for the content offset `offset`.
    func pinned(_ frame: LayoutRect, _ range: StickyRange, offset: LayoutPoint) -> LayoutRect {
        let view = framesSpec.collectionView
        let range = visibleRange(range)
        var r = frame
        if framesSpec.scrollDirection == .vertical {
            r.y = range.coordinate(leading: offset.y, length: view.height, elementLength: frame.height)
        } else {
            r.x = range.coordinate(leading: offset.x, length: view.width, elementLength: frame.width)
        }
        return r
    }

    /// Element `i`'s attributes for the content offset `offset` (a pinned element placed for it).
    @inline(__always)
    func attributes(_ i: Int, offset: LayoutPoint) -> LayoutAttributes {
        var a = attributes(i)
        if let range = framesSpec.elements.sticky?[i] { a.frame = pinned(a.frame, range, offset: offset) }
        return a
    }

    /// Element `i`'s attributes, where it sits unpinned.
    @inline(__always)
    func attributes(_ i: Int) -> LayoutAttributes {
        let e = framesSpec.elements
        return LayoutAttributes(category: e.category?[i] ?? .cell, kind: e.kind?[i] ?? "",
                                indexPath: LayoutIndexPath(section: e.section?[i] ?? 0, item: items?[i] ?? i),
                                frame: LayoutRect(x: e.x[i], y: e.y[i], width: e.width[i], height: e.height[i]),
                                zIndex: e.zIndex?[i] ?? 0)
    }

    /// `layoutAttributesForElementsInRect:`: the frames that meet `rect` (closed), in answer order (by section,
    /// item, category, kind: the order of the normalized spec's elements). Pinned elements are placed for `offset`,
    /// or, for `sink.unpinned`, given where they sit unpinned with their sticky range when their span meets `rect`.
    /// - Complexity: the first `limit + 1` of them are found without gathering the others (`FrameSearch`, which
    ///   gives the bound: O((k + w) log n) for k elements given, w nodes opened in vain, none for a pile of frames
    ///   inside the rect and few for the frames of layouts; at worst O(m log k) for the m frames meeting the rect),
    ///   then given in order. Memory O(k). After batches, see `init(_:reusing:plan:frames:)`.
    public func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, limit: Int,
                                                         into out: inout Sink) -> Bool {
        guard rect.width >= 0, rect.height >= 0 else { return true }
        let e = framesSpec.elements
        let unpinned = out.unpinned
        let (wanted, overflow) = limit.addingReportingOverflow(1)
        let found = FrameSearch.lowest(overflow ? limit : wanted, in: parts, meeting: FrameIndex.Box(rect)) { id in
            // A pinned element is indexed by its span: it meets the rect where the query places it, or by its span.
            guard let range = e.sticky?[Int(id)] else { return true }
            let a = attributes(Int(id))
            if unpinned { return Self.span(a.frame, range, framesSpec.scrollDirection).intersects(rect) }
            return pinned(a.frame, range, offset: offset).intersects(rect)
        }.positions
        let plain = e.category == nil && e.zIndex == nil && e.sticky == nil
        let start = out.count
        for id in found {
            let i = Int(id)
            if let range = e.sticky?[i] {
                if unpinned { out.append(attributes(i), sticky: visibleRange(range)) } else {
                    out.append(attributes(i, offset: offset))
                }
            } else if plain {
                out.appendCell(LayoutIndexPath(section: e.section?[i] ?? 0, item: items?[i] ?? i),
                               LayoutRect(x: e.x[i], y: e.y[i], width: e.width[i], height: e.height[i]))
            } else {
                let a = attributes(i)
                // A cell at z 0 has every other attribute at its default here.
                if a.category == .cell, a.zIndex == 0 { out.appendCell(a.indexPath, a.frame) } else { out.append(a) }
            }
            if out.count - start > limit { return false }
        }
        return true
    }

    /// Whether more than `limit` elements meet `rect`, told without giving them: from the nodes of the index
    /// (prepared afresh: its frames all live) that lie inside `rect`, whose frames meet it whatever the offset,
    /// pinned or not. True only when it is so; false when it is not, or when telling would open more than
    /// `budget` nodes (the query then stops at its limit as usual). O(budget): a whole answer over a pile of a
    /// million frames is refused in O(log n), not after giving `limit` of them.
    public func holdsMoreElements(than limit: Int, in rect: LayoutRect) -> Bool {
        holdsMoreElements(than: limit, in: rect, budget: 64)
    }

    /// `holdsMoreElements(than:in:)` opening at most `budget` nodes.
    public func holdsMoreElements(than limit: Int, in rect: LayoutRect, budget: Int) -> Bool {
        guard rect.width >= 0, rect.height >= 0, parts.count == 1, parts[0].isIdentity else { return false }
        return parts[0].index.holdsMore(than: limit, inside: FrameIndex.Box(rect), budget: budget)
    }

    /// The position of the element with this index path, category and kind. O(log n).
    func position(of path: LayoutIndexPath, category: ElementCategory, kind: String) -> Int? {
        let e = framesSpec.elements
        if e.section == nil, items == nil {
            return category == .cell && path.section == 0 && (0..<e.count).contains(path.item) ? path.item : nil
        }
        let key = (path.section, path.item, category.rawValue, kind)
        func keyOf(_ i: Int) -> (Int, Int, UInt8, String) {
            (e.section?[i] ?? 0, items?[i] ?? i, (e.category?[i] ?? .cell).rawValue, e.kind?[i] ?? "")
        }
        var lo = 0
        var hi = e.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if keyOf(mid) < key { lo = mid + 1 } else { hi = mid }
        }
        return lo < e.count && keyOf(lo) == key ? lo : nil
    }

    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        position(of: indexPath, category: .cell, kind: "").map { attributes($0, offset: offset) }
    }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        position(of: indexPath, category: .supplementary, kind: kind).map { attributes($0, offset: offset) }
    }

    public func attributesForDecorationView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        position(of: indexPath, category: .decoration, kind: kind).map { attributes($0, offset: offset) }
    }

    public func targetContentOffset(proposed: LayoutPoint, velocity: LayoutPoint) -> LayoutPoint {
        ScrollTargeting(behavior: framesSpec.scrollTargetBehavior, direction: framesSpec.scrollDirection,
                        view: viewSize, content: contentSize, inset: contentInset)
            .target(proposed: proposed, velocity: velocity) { cellsAndCompleteness(in: $0, offset: proposed) }
    }
}
