/// A section's content given with an update: a section of the layout's kind, or (circles, wheels) a count.
public enum SectionContent: Sendable, Hashable {
    case flow(FlowSectionSpec)
    case waterfall(WaterfallSectionSpec)
    case compositional(CompositionalSectionSpec)
}

/// One operation of `performBatchUpdates`, with UIKit's index rules: deletes, reloads and the source of a move
/// name index paths before the batch; inserts and the destination of a move name index paths after it.
public enum BatchOperation: Sendable, Hashable {
    /// Items at these new index paths; `sizes` (one per item) default to the section's item size.
    case insertItems([LayoutIndexPath], sizes: [LayoutSize]?)
    case deleteItems([LayoutIndexPath])
    /// Items replaced in place (they fade out and in); `sizes` give their new sizes.
    case reloadItems([LayoutIndexPath], sizes: [LayoutSize]?)
    case moveItem(from: LayoutIndexPath, to: LayoutIndexPath)
    /// Sections at these new indexes, with their content (one per section; default: empty).
    case insertSections([Int], content: [SectionContent]?)
    case deleteSections([Int])
    /// Sections replaced in place, optionally with new content.
    case reloadSections([Int], content: [SectionContent]?)
    case moveSection(from: Int, to: Int)
}

/// Why a batch cannot be applied: which operation (its position in the list), and what is wrong.
public struct BatchError: Error, Sendable, Hashable {
    public var operation: Int
    public var reason: String

    public init(operation: Int, reason: String) {
        self.operation = operation
        self.reason = reason
    }
}

/// Where one item of the updated layout comes from.
public enum ItemSource: Sendable, Hashable {
    /// The item at this index path before the batch (kept, or moved here).
    case old(LayoutIndexPath)
    /// Reloaded in place: the item at this old index path, replaced (with a new size, if given).
    case reloaded(LayoutIndexPath, size: LayoutSize?)
    /// New, with a size if given.
    case inserted(size: LayoutSize?)
}

/// A run of items of the updated layout that come from the same place: old items kept in order, reloaded ones,
/// or new ones. Runs keep a plan's size in proportion to the batch, not to the layout.
public enum ItemRun: Sendable, Hashable {
    /// These items of an old section, in order (kept, or one moved item).
    case old(section: Int, items: Range<Int>)
    /// These items of an old section, reloaded in place; `size` (for a one-item run) is its new size.
    case reloaded(section: Int, items: Range<Int>, size: LayoutSize?)
    /// `count` new items; `size` (for a one-item run) is its size.
    case inserted(count: Int, size: LayoutSize?)

    public var count: Int {
        switch self {
        case .old(_, let items), .reloaded(_, let items, _): items.count
        case .inserted(let count, _): count
        }
    }
}

/// Where a section of the updated layout comes from, and its items.
public struct SectionPlan: Sendable, Hashable {
    /// The section before the batch it continues (kept or moved), nil for an inserted one.
    public var oldSection: Int?
    /// New content for an inserted or reloaded section (replacing its items).
    public var content: SectionContent?
    /// Whether it was reloaded (its items and views fade out and in).
    public var reloaded: Bool
    /// Its items, run by run.
    public var runs: [ItemRun] = []
    /// The number of items.
    public private(set) var count = 0
    /// Where each run starts (its first item's index).
    private var starts: [Int] = []

    public init(oldSection: Int?, content: SectionContent?, reloaded: Bool, runs: [ItemRun] = []) {
        self.oldSection = oldSection
        self.content = content
        self.reloaded = reloaded
        for run in runs { append(run) }
    }

    /// Appends a run (merging it into the last one when they continue each other).
    mutating func append(_ run: ItemRun) {
        guard run.count > 0 else { return }
        if case .old(let s, let r) = run, case .old(let ls, let lr)? = runs.last, ls == s, lr.upperBound == r.lowerBound {
            runs[runs.count - 1] = .old(section: s, items: lr.lowerBound..<r.upperBound)
        } else if case .reloaded(let s, let r, nil) = run, case .reloaded(let ls, let lr, nil)? = runs.last, ls == s,
                  lr.upperBound == r.lowerBound {
            runs[runs.count - 1] = .reloaded(section: s, items: lr.lowerBound..<r.upperBound, size: nil)
        } else {
            starts.append(count)
            runs.append(run)
        }
        count += run.count
    }

    /// Where item `item` comes from. O(log runs).
    public func source(of item: Int) -> ItemSource {
        var lo = 0
        var hi = starts.count
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if starts[mid] <= item { lo = mid } else { hi = mid }
        }
        let offset = item - starts[lo]
        switch runs[lo] {
        case .old(let s, let r): return .old(LayoutIndexPath(section: s, item: r.lowerBound + offset))
        case .reloaded(let s, let r, let size): return .reloaded(LayoutIndexPath(section: s, item: r.lowerBound + offset), size: size)
        case .inserted(_, let size): return .inserted(size: size)
        }
    }

    /// Every item's source, one by one (O(items): for small plans and tests).
    public var items: [ItemSource] { (0..<count).map(source(of:)) }
}
