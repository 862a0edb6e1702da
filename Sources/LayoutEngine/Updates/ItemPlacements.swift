/// The spans and first columns given to inserted items of a waterfall (`insertItems`' `spans` and `columns`), by
/// their index path after the batch (UIKit's index rules). Items given none take a span of 1 and column -1 (placed
/// by their section's rule); old items keep theirs, moving with them as their sizes do.
public struct ItemPlacements: Sendable, Hashable {
    public var spans: [LayoutIndexPath: Int]
    public var columns: [LayoutIndexPath: Int]

    public init(spans: [LayoutIndexPath: Int] = [:], columns: [LayoutIndexPath: Int] = [:]) {
        self.spans = spans
        self.columns = columns
    }

    public var isEmpty: Bool { spans.isEmpty && columns.isEmpty }

    /// The sections (after the batch) that some given span or column names.
    var sections: Set<Int> { Set(spans.keys.map(\.section)).union(columns.keys.map(\.section)) }
}
