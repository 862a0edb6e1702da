/// A cell's fields given with a batch update on a frames layout: its frame, `zIndex` and `sticky`.
public struct FrameElement: Sendable, Hashable {
    public var frame: LayoutRect
    public var zIndex: Int
    public var sticky: StickyRange?

    public init(frame: LayoutRect, zIndex: Int = 0, sticky: StickyRange? = nil) {
        self.frame = frame
        self.zIndex = zIndex
        self.sticky = sticky
    }
}

/// The new cells of a batch update on a frames layout (the batch's operations say where they go; these say
/// what they are). A moved or reloaded cell without an entry keeps its fields.
public struct FrameUpdates: Sendable, Hashable {
    /// Inserted cells and moved ones, by their index path after the batch.
    public var placed: [LayoutIndexPath: FrameElement] = [:]
    /// Reloaded cells, by their index path before the batch.
    public var reloaded: [LayoutIndexPath: FrameElement] = [:]

    public init(placed: [LayoutIndexPath: FrameElement] = [:], reloaded: [LayoutIndexPath: FrameElement] = [:]) {
        self.placed = placed
        self.reloaded = reloaded
    }
}

extension FramesLayoutSpec {
    /// Why a batch on a frames layout names sections: its sections are the ones its elements name.
    public static let sectionUpdatesRefused = "a frames layout takes insertItems, deleteItems, moveItem and "
        + "reloadItems: its sections are the ones its elements name (post the layout afresh to change them)"

    /// Why a size report on a frames layout is refused.
    public static let sizeReportsRefused = "size reports are not accepted on a frames layout: give the cells' new "
        + "frames with reloadItems in a batch update"

    /// The layout after a batch: cells rearranged by `plan` (kept ones with their fields, inserted ones and moved
    /// or reloaded ones given in `frames` with those), supplementary and decoration views unchanged.
    /// - Complexity: O(n) to gather the elements' columns (those the result can need; a layout of cells alone copies
    ///   its kept runs of cells a column at a time), plus `normalized()`'s sort, O(n log n), when the layout has views
    ///   other than cells.
    func applying(_ plan: UpdatePlan, frames: FrameUpdates) throws(BatchError) -> FramesLayoutSpec {
        guard plan.sections.allSatisfy({ $0.oldSection != nil && $0.content == nil && !$0.reloaded }) else {
            throw BatchError(operation: 0, reason: Self.sectionUpdatesRefused)
        }
        let e = elements
        let items = e.resolvedItems()
        // Each old cell's position among the elements, by section and item (items are numbered without gaps). A
        // layout of cells alone holds them in answer order: section by section, item by item.
        let counts = cellCounts
        let views = e.category.map { c in c.indices.filter { c[$0] != .cell } } ?? []
        var cells: [[Int]] = []
        var sectionStarts: [Int] = []
        if views.isEmpty {
            var start = 0
            for count in counts {
                sectionStarts.append(start)
                start += count
            }
        } else {
            cells = counts.map { [Int](repeating: 0, count: $0) }
            for i in 0..<e.count where e.category![i] == .cell { cells[e.section?[i] ?? 0][items?[i] ?? i] = i }
        }
        func position(section: Int, item: Int) -> Int {
            views.isEmpty ? sectionStarts[section] + item : cells[section][item]
        }
        let total = plan.sections.reduce(0) { $0 + $1.count } + views.count
        // Only the columns the result can need (`normalized()` drops the others): items when views are interleaved
        // with the cells (the cells' are numbered in order otherwise), sections, zIndexes and pins when the layout
        // or the batch has them.
        let given = Array(frames.placed.values) + Array(frames.reloaded.values)
        var out = FrameElements(x: [], y: [], width: [], height: [],
                                section: e.section != nil || plan.sections.count > 1 ? [] : nil,
                                item: views.isEmpty ? nil : [],
                                zIndex: e.zIndex != nil || given.contains { $0.zIndex != 0 } ? [] : nil,
                                sticky: e.sticky != nil || given.contains { $0.sticky != nil } ? [] : nil)
        out.x.reserveCapacity(total)
        out.y.reserveCapacity(total)
        out.width.reserveCapacity(total)
        out.height.reserveCapacity(total)
        out.section?.reserveCapacity(total)
        out.item?.reserveCapacity(total)
        out.zIndex?.reserveCapacity(total)
        out.sticky?.reserveCapacity(total)
        /// Element `i`'s own fields.
        func fields(_ i: Int) -> FrameElement {
            FrameElement(frame: LayoutRect(x: e.x[i], y: e.y[i], width: e.width[i], height: e.height[i]),
                         zIndex: e.zIndex?[i] ?? 0, sticky: e.sticky?[i] ?? nil)
        }
        /// Old elements `range`, cells in answer order, as cells `item...` of section `section`.
        func appendKept(_ range: Range<Int>, section: Int, item: Int) {
            out.x.append(contentsOf: e.x[range])
            out.y.append(contentsOf: e.y[range])
            out.width.append(contentsOf: e.width[range])
            out.height.append(contentsOf: e.height[range])
            out.section?.append(contentsOf: repeatElement(section, count: range.count))
            out.item?.append(contentsOf: item..<item + range.count)
            if let z = e.zIndex {
                out.zIndex?.append(contentsOf: z[range])
            } else {
                out.zIndex?.append(contentsOf: repeatElement(0, count: range.count))
            }
            if let p = e.sticky {
                out.sticky?.append(contentsOf: p[range])
            } else {
                out.sticky?.append(contentsOf: repeatElement(nil, count: range.count))
            }
        }
        func append(_ f: FrameElement, section: Int, item: Int) {
            out.x.append(f.frame.x)
            out.y.append(f.frame.y)
            out.width.append(f.frame.width)
            out.height.append(f.frame.height)
            out.section?.append(section)
            out.item?.append(item)
            out.zIndex?.append(f.zIndex)
            out.sticky?.append(f.sticky)
        }
        var starts: [Int] = []
        for (s, p) in plan.sections.enumerated() {
            starts.append(out.x.count)
            var item = 0
            for run in p.runs {
                switch run {
                case .old(let o, let r) where views.isEmpty && !r.isEmpty:
                    let first = position(section: o, item: r.lowerBound)
                    appendKept(first..<first + r.count, section: s, item: item)
                    item += r.count
                case .old(let o, let r), .reloaded(let o, let r, _):
                    for old in r {
                        var f: FrameElement?
                        if case .reloaded = run { f = frames.reloaded[LayoutIndexPath(section: o, item: old)] }
                        append(f ?? fields(position(section: o, item: old)), section: s, item: item)
                        item += 1
                    }
                case .inserted(let n, _):
                    for _ in 0..<n {
                        guard let f = frames.placed[LayoutIndexPath(section: s, item: item)] else {
                            throw BatchError(operation: 0, reason: "cell \(s)/\(item) is inserted without a frame")
                        }
                        append(f, section: s, item: item)
                        item += 1
                    }
                }
            }
        }
        // Moved cells given new fields (inserted ones have theirs already).
        for (path, f) in frames.placed where plan.oldPath(ofNew: path) != nil {
            let position = starts[path.section] + path.item
            out.x[position] = f.frame.x
            out.y[position] = f.frame.y
            out.width[position] = f.frame.width
            out.height[position] = f.frame.height
            out.zIndex?[position] = f.zIndex
            out.sticky?[position] = f.sticky
        }
        if !views.isEmpty {
            out.category = [ElementCategory](repeating: .cell, count: out.x.count)
            out.kind = [String?](repeating: nil, count: out.x.count)
        }
        for i in views {
            append(fields(i), section: e.section?[i] ?? 0, item: items?[i] ?? i)
            out.category!.append(e.category?[i] ?? .cell)
            out.kind!.append(e.kind?[i] ?? nil)
        }
        var spec = self
        spec.elements = out
        return spec.normalized()
    }
}
