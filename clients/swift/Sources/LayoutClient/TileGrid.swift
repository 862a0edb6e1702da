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

/// How a content is cut into tiles: bands `length` points long along `axis`, tile k covering [k·length, (k+1)·length]
/// (closed, like the service's rect queries), across the whole cross axis.
/// The service's tiles (`GET /v1/layouts/{id}/tiles/{k}`) are such a grid, with the summary's `tile.count`.
struct TileGrid: Sendable, Equatable {
    var axis: ScrollAxis
    var length: Double
    var contentSize: CGSize
    /// The service's `tile.count`, for its tiles; nil: as many as cover the content.
    var serviceCount: Int? = nil

    /// Tiles 0..<count cover the content; tiles outside it hold nothing.
    var count: Int {
        if let serviceCount { return max(1, serviceCount) }
        let extent = axis == .vertical ? contentSize.height : contentSize.width
        return max(1, Int((Double(extent) / length).rounded(.up)))
    }

    /// The tiles a rect touches, clamped to the content's (empty when the rect lies wholly outside them).
    func tiles(touching rect: CGRect) -> ClosedRange<Int>? {
        let start = Double(axis == .vertical ? rect.minY : rect.minX)
        let end = Double(axis == .vertical ? rect.maxY : rect.maxX)
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
    /// insets).
    func rect(of k: Int) -> CGRect {
        let start = Double(k) * length
        let crossExtent = Double(axis == .vertical ? contentSize.width : contentSize.height)
        let cross = (-1e9, crossExtent + 2e9)
        return axis == .vertical
            ? CGRect(x: cross.0, y: start, width: cross.1, height: length)
            : CGRect(x: start, y: cross.0, width: length, height: cross.1)
    }
}
