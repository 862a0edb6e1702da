/// A grid's two axes: its rows (sections) and its columns (items).
public enum GridAxis: Sendable, Hashable {
    case rows
    case columns

    /// "row" or "column", for messages.
    public var noun: String { self == .rows ? "row" : "column" }
}

/// One change to the rows or the columns of a grid, with UIKit's index rules: deletes, resizes and a move's
/// source name indices before the batch; inserts and a move's destination name indices after it.
public enum GridAxisOperation: Sendable, Hashable {
    /// New rows (columns) at these indices after the batch; `sizes` (one each) default to the axis's size.
    case insert([Int], sizes: [Double]?)
    case delete([Int])
    case move(from: Int, to: Int)
    /// Rows (columns) that keep their place and take these sizes (a column dragged wider).
    case resize([Int], sizes: [Double])
}

/// One operation of a grid's batch: a change to its rows or to its columns.
public struct GridBatchOperation: Sendable, Hashable {
    public var axis: GridAxis
    public var change: GridAxisOperation

    public init(_ axis: GridAxis, _ change: GridAxisOperation) {
        self.axis = axis
        self.change = change
    }
}

/// A grid's batch, planned: where each row and each column of the updated grid comes from. A cell is its row and
/// its column, so it exists before and after when both do.
public struct GridUpdate: Sendable {
    public let rows: RunPlan<Double>
    public let columns: RunPlan<Double>

    /// Plans `operations` (their positions in the batch are the operations' numbers) on a grid of `rows` rows and
    /// `columns` columns, or says which operation breaks the index rules.
    /// - Complexity: O(k log k) for k indices named.
    public static func make(rows: Int, columns: Int, operations: [GridBatchOperation]) throws(BatchError) -> GridUpdate {
        var byAxis: [GridAxis: [(op: Int, change: GridAxisOperation)]] = [:]
        for (op, o) in operations.enumerated() { byAxis[o.axis, default: []].append((op, o.change)) }
        return GridUpdate(rows: try plan(.rows, count: rows, operations: byAxis[.rows] ?? []),
                          columns: try plan(.columns, count: columns, operations: byAxis[.columns] ?? []))
    }

    /// One axis's plan: a resize keeps a row (column) in its place with a new size (a reload, in `RunPlan`'s
    /// terms), and may come with a move but not with a delete.
    static func plan(_ axis: GridAxis, count: Int, operations: [(op: Int, change: GridAxisOperation)])
        throws(BatchError) -> RunPlan<Double>
    {
        var batch = RunPlan<Double>.Batch(oldCount: count, names: .init(noun: axis.noun, resizes: true))
        for (op, change) in operations {
            switch change {
            case .delete(let list):
                for i in list { try batch.delete(i, op: op) }
            case .move(let from, let to):
                try batch.move(from, to: to, op: op)
            case .insert(let list, let sizes):
                try RunPlan<Double>.Batch.check(sizes, for: list, "sizes", "\(axis.noun)s", op: op)
                for (k, i) in list.enumerated() { try batch.insert(at: i, value: sizes?[k], op: op) }
            case .resize(let list, let sizes):
                try RunPlan<Double>.Batch.check(sizes, for: list, "sizes", "\(axis.noun)s", op: op)
                for (k, i) in list.enumerated() { try batch.reload(i, value: sizes[k], op: op) }
            }
        }
        return try batch.plan()
    }

    /// The cell after the batch that is old cell `path`, or nil when its row or column is deleted.
    public func newPath(ofOld path: LayoutIndexPath) -> LayoutIndexPath? {
        guard let r = rows.newIndex(ofOld: path.section), let c = columns.newIndex(ofOld: path.item) else { return nil }
        return LayoutIndexPath(section: r, item: c)
    }

    /// The cell before the batch that new cell `path` was, or nil when its row or column is inserted.
    public func oldPath(ofNew path: LayoutIndexPath) -> LayoutIndexPath? {
        guard let r = rows.oldIndex(ofNew: path.section), let c = columns.oldIndex(ofNew: path.item) else { return nil }
        return LayoutIndexPath(section: r, item: c)
    }
}

extension UpdateAnimations {
    /// The animations of a grid's batch: a cell whose row and column both survive moves (and resizes); others
    /// appear or disappear. A merged range is its first cell, so one whose first row or column is deleted
    /// disappears and what is left of it appears. Grids have no supplementary views.
    public static func make(old: PreparedGridLayout, new: PreparedGridLayout, update: GridUpdate, rect: LayoutRect,
                            offset: LayoutPoint, limit: Int) -> UpdateAnimations? {
        make(old: old, new: new, rect: rect, offset: offset, limit: limit, newPath: update.newPath(ofOld:),
             oldPath: update.oldPath(ofNew:), newSection: { _ in nil }, oldSection: { _ in nil }, insertedSections: [],
             deletedSections: [])
    }
}
