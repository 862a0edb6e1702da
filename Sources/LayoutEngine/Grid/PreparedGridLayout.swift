/// A prepared grid: its rows and columns (`GridTrack`: nothing per cell, and nothing per row or column but the
/// sizes given) and its merged ranges (`GridMergeIndex`).
///
/// Frozen rows and columns pin for the query's offset as CSS `position: sticky` elements inside the content do
/// (`GridTrack.shifts`). Z-order (`zIndex`): 0 the cells that scroll (merged ones too), 1 the cells pinned along
/// one axis (a frozen row's or a frozen column's), 2 the corners (frozen both ways), so frozen cells cover what
/// scrolls under them and the corners cover both. Rect answers list them in that order too.
public struct PreparedGridLayout: PreparedLayout {
    public let gridSpec: GridLayoutSpec
    let rows: GridTrack
    let columns: GridTrack
    let mergeIndex: GridMergeIndex

    /// `prepareLayout`. The spec must have passed `validate`.
    /// - Complexity: O(sizes given + m log m) for m merged ranges; O(1) for a uniform grid without merges.
    public init(_ spec: GridLayoutSpec) {
        gridSpec = spec
        rows = GridTrack(spec.rows, spacing: spec.rowSpacing, frozenBefore: spec.frozen.top,
                         frozenAfter: spec.frozen.bottom)
        columns = GridTrack(spec.columns, spacing: spec.columnSpacing, frozenBefore: spec.frozen.leading,
                            frozenAfter: spec.frozen.trailing)
        mergeIndex = GridMergeIndex(spec.merged)
    }

    public var spec: LayoutSpec { .grid(gridSpec) }
    public var contentSize: LayoutSize { LayoutSize(width: columns.length, height: rows.length) }
    public var numberOfSections: Int { rows.count }
    public func numberOfItems(inSection section: Int) -> Int { section >= 0 && section < rows.count ? columns.count : 0 }
    public var numberOfItems: Int { rows.count * columns.count }
    public var isBoundsDependent: Bool {
        let f = gridSpec.frozen
        return f.top + f.bottom + f.leading + f.trailing > 0
    }
    public var viewSize: LayoutSize { gridSpec.collectionView }
    public var byteCount: Int { MemoryLayout<Self>.stride + rows.byteCount + columns.byteCount + mergeIndex.byteCount }

    var isMirrored: Bool { gridSpec.layoutDirection == .rightToLeft }

    /// How far the three bands of rows and of columns move at `offset` (columns along their own direction:
    /// from the right when mirrored).
    func shifts(at offset: LayoutPoint) -> (rows: (Double, Double, Double), columns: (Double, Double, Double)) {
        let view = gridSpec.collectionView
        let inset = gridSpec.contentInset
        let top = offset.y + inset.top
        let bottom = offset.y + view.height - inset.bottom
        let left = offset.x + inset.left
        let right = offset.x + view.width - inset.right
        let w = columns.length
        return (rows.shifts(visibleStart: top, visibleEnd: bottom),
                isMirrored ? columns.shifts(visibleStart: w - right, visibleEnd: w - left)
                    : columns.shifts(visibleStart: left, visibleEnd: right))
    }

    /// The frame of rows `r` and columns `c` (a cell, or a merged range), moved by `dx` along the columns'
    /// direction and `dy` down.
    @inline(__always)
    func frame(rows r: ClosedRange<Int>, columns c: ClosedRange<Int>, dx: Double, dy: Double) -> LayoutRect {
        let y = rows.start(r.lowerBound)
        let u = columns.start(c.lowerBound)
        let height = r.lowerBound == r.upperBound ? rows.size(r.lowerBound) : rows.end(r.upperBound) - y
        let width = c.lowerBound == c.upperBound ? columns.size(c.lowerBound) : columns.end(c.upperBound) - u
        return LayoutRect(x: x(along: u + dx, width: width), y: y + dy, width: width, height: height)
    }

    /// The x of what starts at `u` along the columns' direction and is `width` wide: mirrored columns run from the
    /// right.
    @inline(__always)
    func x(along u: Double, width: Double) -> Double { isMirrored ? columns.length - u - width : u }

    /// The attributes of rows `r` and columns `c` in row band `rowBand` and column band `columnBand`.
    func attributes(_ r: ClosedRange<Int>, _ c: ClosedRange<Int>, frame: LayoutRect, zIndex: Int) -> LayoutAttributes {
        var a = LayoutAttributes.cell(LayoutIndexPath(section: r.lowerBound, item: c.lowerBound), frame)
        a.zIndex = zIndex
        a.rowSpan = r.count
        a.columnSpan = c.count
        return a
    }

    static func zIndex(rowBand: Int, columnBand: Int) -> Int { (rowBand == 1 ? 0 : 1) + (columnBand == 1 ? 0 : 1) }

    /// O(1) without merged ranges, O(log² m) with m of them. A cell inside a merged range other than its first
    /// is nil: the range is the cell at its first.
    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        let (r, c) = (indexPath.section, indexPath.item)
        guard r >= 0, r < rows.count, c >= 0, c < columns.count else { return nil }
        var rr = r...r
        var cc = c...c
        if let k = mergeIndex.covering(row: r, column: c) {
            let m = mergeIndex.merges[k]
            guard m.row == r, m.column == c else { return nil }
            rr = m.row...m.lastRow
            cc = m.column...m.lastColumn
        }
        let (rowShifts, columnShifts) = shifts(at: offset)
        let (rb, cb) = (rows.band(of: r), columns.band(of: c))
        let f = frame(rows: rr, columns: cc, dx: Self.pick(columnShifts, cb), dy: Self.pick(rowShifts, rb))
        return attributes(rr, cc, frame: f, zIndex: Self.zIndex(rowBand: rb, columnBand: cb))
    }

    static func pick(_ t: (Double, Double, Double), _ i: Int) -> Double { i == 0 ? t.0 : i == 1 ? t.1 : t.2 }

    public func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint)
        -> LayoutAttributes?
    {
        nil
    }
}
