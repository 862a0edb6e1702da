import Foundation

/// Along which axis a layout scrolls; tiles are bands across the other one.
public enum ScrollAxis: String, Sendable {
    case vertical, horizontal
}

/// The attributes of one band of the content: every element whose frame touches it.
struct Tile: Sendable {
    var elements: [ElementAttributes]
    var byKey: [ElementKey: ElementAttributes]

    init(_ elements: [ElementAttributes]) {
        self.elements = elements
        byKey = Dictionary(elements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// A grid's tiles in two dimensions (the service's `tileGrid`): `columns` × `rows` rects of `width` × `height`.
struct TilePlane: Sendable, Equatable {
    var width: Double
    var height: Double
    var columns: Int
    var rows: Int
}

/// The tiles a rect touches: rows and columns of them (bands along `axis` are one column, or one row, of tiles).
struct TileBlock: Sendable, Equatable {
    var rows: ClosedRange<Int>
    var columns: ClosedRange<Int>

    var count: Int { rows.count * columns.count }
}

/// How a content is cut into tiles: bands `length` points long along `axis`, tile k covering [k·length, (k+1)·length]
/// (closed, like the service's rect queries), across the whole cross axis.
/// The service's tiles (`GET /v1/layouts/{id}/tiles/{k}`) are such a grid, with the summary's `tile.count`.
/// A grid's (`plane`) are cut both ways: tile k = row · columns + column covers
/// [column·width, (column+1)·width] × [row·height, (row+1)·height] (`GET .../tiles/{row}/{column}`).
struct TileGrid: Sendable, Equatable {
    var axis: ScrollAxis
    var length: Double
    var contentSize: CGSize
    /// The service's `tile.count`, for its tiles; nil: as many as cover the content.
    var serviceCount: Int? = nil
    /// A grid's tiles in two dimensions; nil: bands along `axis`.
    var plane: TilePlane? = nil

    /// Tiles 0..<count cover the content; tiles outside it hold nothing.
    var count: Int {
        if let plane { return plane.rows * plane.columns }
        if let serviceCount { return max(1, serviceCount) }
        let extent = axis == .vertical ? contentSize.height : contentSize.width
        return max(1, Int((Double(extent) / length).rounded(.up)))
    }

    /// Rows and columns of tiles: bands along y are one column, bands along x one row.
    var rowCount: Int { plane?.rows ?? (axis == .vertical ? count : 1) }
    var columnCount: Int { plane?.columns ?? (axis == .vertical ? 1 : count) }
    /// A tile's size along x and y (across the bands: the content's).
    var tileWidth: Double { plane?.width ?? (axis == .vertical ? max(1, Double(contentSize.width)) : length) }
    var tileHeight: Double { plane?.height ?? (axis == .vertical ? length : max(1, Double(contentSize.height))) }

    func key(row: Int, column: Int) -> Int { row * columnCount + column }
    func position(of k: Int) -> (row: Int, column: Int) { (k / columnCount, k % columnCount) }

    /// The tiles a rect touches, clamped to the content's (nil when the rect lies wholly outside them).
    func block(touching rect: CGRect) -> TileBlock? {
        guard let plane else {
            guard let along = tiles(touching: rect) else { return nil }
            return axis == .vertical ? TileBlock(rows: along, columns: 0...0) : TileBlock(rows: 0...0, columns: along)
        }
        guard let rows = Self.span(Double(rect.minY), Double(rect.maxY), length: plane.height, count: plane.rows),
            let columns = Self.span(Double(rect.minX), Double(rect.maxX), length: plane.width, count: plane.columns)
        else { return nil }
        return TileBlock(rows: rows, columns: columns)
    }

    /// The keys of the tiles a rect touches.
    func keys(touching rect: CGRect) -> [Int] { block(touching: rect).map(keys(in:)) ?? [] }

    /// The keys of the tiles of `b`, row by row.
    func keys(in b: TileBlock) -> [Int] { b.rows.flatMap { r in b.columns.map { key(row: r, column: $0) } } }

    /// The tiles a rect touches along `axis`, clamped to the content's (empty when the rect lies wholly outside
    /// them); bands only.
    func tiles(touching rect: CGRect) -> ClosedRange<Int>? {
        let start = Double(axis == .vertical ? rect.minY : rect.minX)
        let end = Double(axis == .vertical ? rect.maxY : rect.maxX)
        return Self.span(start, end, length: length, count: count)
    }

    /// The closed intervals [k·length, (k+1)·length], k in 0..<count, that [start, end] touches.
    private static func span(_ start: Double, _ end: Double, length: Double, count: Int) -> ClosedRange<Int>? {
        guard start.isFinite, end.isFinite, start <= end else { return nil }
        // Beyond a tile past either end nothing changes (and the Int conversions below stay in range).
        let bound = (-length, Double(count + 1) * length)
        let lo = min(max(start, bound.0), bound.1), hi = min(max(end, bound.0), bound.1)
        // Bands are closed: an edge on a boundary touches the bands on both sides, and one of them holds every
        // element touching it. Within the content either will do; at its two ends only the inner one exists.
        var first = Int((lo / length).rounded(.down))
        var last = max(first, Int((hi / length).rounded(.up)) - 1)
        if first == count && lo == Double(count) * length { first = count - 1 }
        if last == -1 && hi == 0 { last = 0 }
        first = max(0, first)
        last = min(count - 1, last)
        return first <= last ? first...last : nil
    }

    /// The rect fetched for tile k: its band, across ±1e9 points of the cross axis (every element, whatever the
    /// insets); a grid's tile, its own rect.
    func rect(of k: Int) -> CGRect {
        if let plane {
            let (row, column) = position(of: k)
            return CGRect(x: Double(column) * plane.width, y: Double(row) * plane.height, width: plane.width,
                          height: plane.height)
        }
        let start = Double(k) * length
        let crossExtent = Double(axis == .vertical ? contentSize.width : contentSize.height)
        let cross = (-1e9, crossExtent + 2e9)
        return axis == .vertical
            ? CGRect(x: cross.0, y: start, width: cross.1, height: length)
            : CGRect(x: start, y: cross.0, width: length, height: cross.1)
    }
}
