/// A section's content given with an update: a section of the layout's kind, or (circles, wheels) a count.
public enum SectionContent: Sendable, Hashable {
    case flow(FlowSectionSpec)
    case waterfall(WaterfallSectionSpec)
}

/// One operation of `performBatchUpdates`, with UIKit's index rules: deletes, reloads and the source of a move
/// name index paths before the batch; inserts and the destination of a move name index paths after it.
public enum BatchOperation: Sendable, Hashable {
    /// Items at these new index paths; `sizes` (one per item) default to the section's item size.
    case insertItems([IndexPath], sizes: [Size]?)
    case deleteItems([IndexPath])
    /// Items replaced in place (they fade out and in); `sizes` give their new sizes.
    case reloadItems([IndexPath], sizes: [Size]?)
    case moveItem(from: IndexPath, to: IndexPath)
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

/// Where an item of the updated layout comes from.
public enum ItemSource: Sendable, Hashable {
    /// The item at this index path before the batch (kept, or moved here).
    case old(IndexPath)
    /// Reloaded in place: the item at this old index path, replaced (with a new size, if given).
    case reloaded(IndexPath, size: Size?)
    /// New, with a size if given.
    case inserted(size: Size?)
}

/// Where a section of the updated layout comes from, and its items.
public struct SectionPlan: Sendable, Hashable {
    /// The section before the batch it continues (kept or moved), nil for an inserted one.
    public var oldSection: Int?
    /// New content for an inserted or reloaded section (replacing its items).
    public var content: SectionContent?
    /// Whether it was reloaded (its items and views fade out and in).
    public var reloaded: Bool
    public var items: [ItemSource]
}
