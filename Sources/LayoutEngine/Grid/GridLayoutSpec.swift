/// One size given for a row (column) of a grid: its index and its height (width).
public struct GridSizeOverride: Sendable, Hashable {
    public var index: Int
    public var size: Double
    public init(index: Int, size: Double) { self.index = index; self.size = size }
}

/// How the rows (columns) of a grid get sizes other than the axis's default.
public enum GridSizes: Sendable, Hashable {
    /// Every one has the default size.
    case uniform
    /// The first `count` of them have these sizes; the rest the default (`sizes` on the wire).
    case list([Double])
    /// These have their own sizes, in index order; the rest the default (`overrides` on the wire).
    case overrides([GridSizeOverride])
}

/// A grid's rows or its columns: how many, their default size (height or width), and the sizes given otherwise.
public struct GridAxisSpec: Sendable, Hashable {
    public var count: Int
    public var size: Double
    public var sizes: GridSizes

    public init(count: Int, size: Double, sizes: GridSizes = .uniform) {
        self.count = count
        self.size = size
        self.sizes = sizes
    }

    /// How many sizes are given (what the prepared layout stores for this axis).
    public var givenCount: Int {
        switch sizes {
        case .uniform: 0
        case .list(let l): l.count
        case .overrides(let o): o.count
        }
    }

    /// The sizes that differ from the default, in index order.
    func exceptions() -> [GridSizeOverride] {
        switch sizes {
        case .uniform: return []
        case .list(let l):
            var out: [GridSizeOverride] = []
            for (i, s) in l.enumerated() where s != size { out.append(GridSizeOverride(index: i, size: s)) }
            return out
        case .overrides(let o): return o.sorted { $0.index < $1.index }.filter { $0.size != size }
        }
    }

    /// The same axis in its one form: sizes equal to the default dropped, then a list when more than half of the
    /// indices up to the last one given differ from the default, else overrides. Equal axes compare equal.
    public func normalized() -> GridAxisSpec {
        if isNormalized { return self }  // keeps the list's storage (a batch's unchanged axis)
        let e = exceptions()
        guard let last = e.last else { return GridAxisSpec(count: count, size: size) }
        let length = last.index + 1
        if 2 * e.count > length {
            var list = [Double](repeating: size, count: length)
            for o in e { list[o.index] = o.size }
            return GridAxisSpec(count: count, size: size, sizes: .list(list))
        }
        return GridAxisSpec(count: count, size: size, sizes: .overrides(e))
    }
}

extension GridAxisSpec {
    /// Whether `normalized()` gives this axis as it is. O(sizes given), without copying them.
    var isNormalized: Bool {
        switch sizes {
        case .uniform: return true
        case .list(let l):
            guard let last = l.last, last != size else { return false }
            var differ = 0
            for s in l where s != size { differ += 1 }
            return 2 * differ > l.count
        case .overrides(let o):
            guard let last = o.last, 2 * o.count <= last.index + 1 else { return false }
            var previous = -1
            for x in o {
                guard x.index > previous, x.size != size else { return false }
                previous = x.index
            }
            return true
        }
    }
}

/// How many rows stay pinned to the top and bottom edges, and columns to the leading and trailing edges.
public struct GridFrozen: Sendable, Hashable {
    public var top: Int
    public var bottom: Int
    public var leading: Int
    public var trailing: Int

    public init(top: Int = 0, bottom: Int = 0, leading: Int = 0, trailing: Int = 0) {
        self.top = top
        self.bottom = bottom
        self.leading = leading
        self.trailing = trailing
    }
}

/// Cells merged into one: `rows` rows from `row` by `columns` columns from `column`, drawn as the cell at
/// (`row`, `column`) spanning them.
public struct GridMerge: Sendable, Hashable {
    public var row: Int
    public var column: Int
    public var rows: Int
    public var columns: Int

    public init(row: Int, column: Int, rows: Int, columns: Int) {
        self.row = row
        self.column = column
        self.rows = rows
        self.columns = columns
    }

    public var lastRow: Int { row + rows - 1 }
    public var lastColumn: Int { column + columns - 1 }
}

/// A spreadsheet: rows and columns of cells scrolling both ways, a cell `(section: row, item: column)`. Nothing is
/// stored per cell: rows and columns have a default size, and sizes given per row or column.
public struct GridLayoutSpec: Sendable, Hashable {
    public var collectionView: LayoutSize
    /// `collectionView.contentInset`: the scroll range, where frozen rows and columns pin, scroll positions.
    public var contentInset: LayoutEdgeInsets = .zero
    public var rows: GridAxisSpec
    public var columns: GridAxisSpec
    public var rowSpacing: Double = 0
    public var columnSpacing: Double = 0
    public var frozen = GridFrozen()
    /// `rightToLeft` mirrors the columns: column 0 at the right, leading frozen columns pinned to the right edge.
    public var layoutDirection: LayoutDirection = .leftToRight
    public var merged: [GridMerge] = []

    /// The most rows, and the most columns, of a grid (nothing is stored per row or column but sizes given).
    public static let maxCount = 1_000_000_000

    public init(collectionView: LayoutSize, rows: GridAxisSpec, columns: GridAxisSpec) {
        self.collectionView = collectionView
        self.rows = rows
        self.columns = columns
    }

    /// Sizes in one form (`GridAxisSpec.normalized`), merged ranges in (row, column) order.
    public func normalized() -> GridLayoutSpec {
        var copy = self
        copy.rows = rows.normalized()
        copy.columns = columns.normalized()
        copy.merged.sort { ($0.row, $0.column) < ($1.row, $1.column) }
        return copy
    }
}
