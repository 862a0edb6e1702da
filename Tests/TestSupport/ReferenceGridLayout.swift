public import LayoutEngine

/// A grid laid out the plain way, for tests: every row's and column's start summed one by one, every cell looked
/// at, each frozen cell pinned as CSS `position: sticky` pins an element (clamped to stay in the content).
public struct ReferenceGridLayout {
    public let spec: GridLayoutSpec
    public let rowStarts: [Double]
    public let rowSizes: [Double]
    public let columnStarts: [Double]
    public let columnSizes: [Double]

    public init(_ spec: GridLayoutSpec) {
        self.spec = spec
        func sizes(_ a: GridAxisSpec) -> [Double] {
            var out = [Double](repeating: a.size, count: a.count)
            switch a.sizes {
            case .uniform: break
            case .list(let l): for (i, s) in l.enumerated() { out[i] = s }
            case .overrides(let o): for e in o { out[e.index] = e.size }
            }
            return out
        }
        func starts(_ sizes: [Double], _ spacing: Double) -> [Double] {
            var out: [Double] = []
            var v = 0.0
            for s in sizes {
                out.append(v)
                v += s + spacing
            }
            return out
        }
        rowSizes = sizes(spec.rows)
        columnSizes = sizes(spec.columns)
        rowStarts = starts(rowSizes, spec.rowSpacing)
        columnStarts = starts(columnSizes, spec.columnSpacing)
    }

    public var height: Double { rowStarts.last.map { $0 + rowSizes.last! } ?? 0 }
    public var width: Double { columnStarts.last.map { $0 + columnSizes.last! } ?? 0 }

    /// Where an element starting at `start` sits along an axis in band `band` (0: frozen at the start, 1: scrolls,
    /// 2: frozen at the end) when the visible area is `[visibleStart, visibleEnd]` and the content
    /// `[0, contentLength]`: the block frozen at the start (`[0, blockEnd]`) sticks to the visible start, the one at
    /// the end (`[blockStart, contentLength]`) to the visible end, neither leaving the content.
    static func sticky(start: Double, band: Int, visibleStart: Double, visibleEnd: Double, blockStart: Double,
                       blockEnd: Double, contentLength: Double) -> Double {
        switch band {
        case 0: start + min(max(visibleStart, 0), contentLength - blockEnd)
        case 2: start + max(min(visibleEnd - contentLength, 0), -blockStart)
        default: start
        }
    }

    /// Every element at `offset`: cells not inside a merged range, merged ranges at their first cell.
    public func all(offset: LayoutPoint) -> [LayoutAttributes] {
        let view = spec.collectionView
        let inset = spec.contentInset
        let f = spec.frozen
        let (R, C) = (spec.rows.count, spec.columns.count)
        var covered = Set<LayoutIndexPath>()
        var spans: [LayoutIndexPath: (Int, Int)] = [:]
        for m in spec.merged {
            for r in m.row...m.lastRow { for c in m.column...m.lastColumn { covered.insert(LayoutIndexPath(section: r, item: c)) } }
            spans[LayoutIndexPath(section: m.row, item: m.column)] = (m.rows, m.columns)
        }
        let w = width
        let mirrored = spec.layoutDirection == .rightToLeft
        // Visible area along the columns' own direction.
        let left = offset.x + inset.left
        let right = offset.x + view.width - inset.right
        let (uStart, uEnd) = mirrored ? (w - right, w - left) : (left, right)
        var out: [LayoutAttributes] = []
        for r in 0..<R {
            for c in 0..<C {
                let path = LayoutIndexPath(section: r, item: c)
                let span = spans[path] ?? (1, 1)
                if covered.contains(path), spans[path] == nil { continue }
                let y0 = rowStarts[r]
                let height = rowStarts[r + span.0 - 1] + rowSizes[r + span.0 - 1] - y0
                let u0 = columnStarts[c]
                let width = columnStarts[c + span.1 - 1] + columnSizes[c + span.1 - 1] - u0
                let rowBand = r < f.top ? 0 : r >= R - f.bottom ? 2 : 1
                let columnBand = c < f.leading ? 0 : c >= C - f.trailing ? 2 : 1
                let y = Self.sticky(
                    start: y0, band: rowBand,
                    visibleStart: offset.y + inset.top, visibleEnd: offset.y + view.height - inset.bottom,
                    blockStart: f.bottom > 0 ? rowStarts[R - f.bottom] : 0,
                    blockEnd: f.top > 0 ? rowStarts[f.top - 1] + rowSizes[f.top - 1] : 0, contentLength: self.height)
                let u = Self.sticky(
                    start: u0, band: columnBand,
                    visibleStart: uStart, visibleEnd: uEnd,
                    blockStart: f.trailing > 0 ? columnStarts[C - f.trailing] : 0,
                    blockEnd: f.leading > 0 ? columnStarts[f.leading - 1] + columnSizes[f.leading - 1] : 0,
                    contentLength: w)
                let x = mirrored ? w - u - width : u
                var a = LayoutAttributes.cell(path, LayoutRect(x: x, y: y, width: width, height: height))
                a.zIndex = (rowBand == 1 ? 0 : 1) + (columnBand == 1 ? 0 : 1)
                a.rowSpan = span.0
                a.columnSpan = span.1
                out.append(a)
            }
        }
        return out
    }

    /// The elements whose closed frames meet `rect` at `offset`.
    public func elements(in rect: LayoutRect, offset: LayoutPoint) -> [LayoutAttributes] {
        all(offset: offset).filter { $0.frame.intersects(rect) }
    }
}

extension RandomSpecs {
    /// A small random grid: sizes uniform, listed or overridden (quarter points, zero sometimes), spacing, frozen
    /// rows and columns, merged ranges within the frozen bands and apart, both directions, a content inset.
    public static func grid(_ rng: inout SeededRandom) -> GridLayoutSpec {
        func quarter(_ range: ClosedRange<Double>) -> Double { (Double.random(in: range, using: &rng) * 4).rounded() / 4 }
        func axis(_ count: Int) -> GridAxisSpec {
            var a = GridAxisSpec(count: count, size: quarter(0...60))
            switch Int.random(in: 0..<3, using: &rng) {
            case 1 where count > 0:
                a.sizes = .list((0..<Int.random(in: 0...count, using: &rng)).map { _ in
                    Bool.random(using: &rng) ? 0 : quarter(0...90)
                })
            case 2 where count > 0:
                let indices = Set((0..<Int.random(in: 0...3, using: &rng)).map { _ in Int.random(in: 0..<count, using: &rng) })
                a.sizes = .overrides(indices.sorted().map { GridSizeOverride(index: $0, size: quarter(0...90)) })
            default: break
            }
            return a
        }
        let rows = Int.random(in: 0...12, using: &rng)
        let columns = Int.random(in: 0...9, using: &rng)
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: quarter(40...300), height: quarter(40...300)),
                                  rows: axis(rows), columns: axis(columns))
        if Bool.random(using: &rng) { spec.rowSpacing = quarter(0...6) }
        if Bool.random(using: &rng) { spec.columnSpacing = quarter(0...6) }
        if Bool.random(using: &rng) {
            spec.contentInset = LayoutEdgeInsets(top: quarter(0...20), left: quarter(0...20), bottom: quarter(0...20),
                                           right: quarter(0...20))
        }
        if Bool.random(using: &rng) { spec.layoutDirection = .rightToLeft }
        let top = Int.random(in: 0...min(2, rows), using: &rng)
        let bottom = Int.random(in: 0...min(2, rows - top), using: &rng)
        let leading = Int.random(in: 0...min(2, columns), using: &rng)
        let trailing = Int.random(in: 0...min(2, columns - leading), using: &rng)
        spec.frozen = GridFrozen(top: top, bottom: bottom, leading: leading, trailing: trailing)
        // Merged ranges: tried at random places, kept when inside one band each way and apart from those kept.
        var taken = Set<LayoutIndexPath>()
        func band(_ i: Int, _ before: Int, _ count: Int, _ after: Int) -> Int { i < before ? 0 : i >= count - after ? 2 : 1 }
        for _ in 0..<Int.random(in: 0...6, using: &rng) where rows > 0 && columns > 0 {
            let m = GridMerge(row: Int.random(in: 0..<rows, using: &rng), column: Int.random(in: 0..<columns, using: &rng),
                              rows: Int.random(in: 1...4, using: &rng), columns: Int.random(in: 1...3, using: &rng))
            guard m.rows * m.columns > 1, m.lastRow < rows, m.lastColumn < columns,
                  band(m.row, top, rows, bottom) == band(m.lastRow, top, rows, bottom),
                  band(m.column, leading, columns, trailing) == band(m.lastColumn, leading, columns, trailing)
            else { continue }
            let cells = (m.row...m.lastRow).flatMap { r in (m.column...m.lastColumn).map { LayoutIndexPath(section: r, item: $0) } }
            guard cells.allSatisfy({ !taken.contains($0) }) else { continue }
            taken.formUnion(cells)
            spec.merged.append(m)
        }
        return spec
    }
}
