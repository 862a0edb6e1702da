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
struct TileGrid: Sendable, Equatable {
    var axis: ScrollAxis
    var length: Double
    var contentSize: CGSize

    /// Tiles 0..<count cover the content; tiles outside it hold nothing.
    var count: Int {
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

/// Counters of a session, read with `ScrollSession.statistics`.
public struct ScrollStatistics: Sendable, Equatable {
    /// Synchronous rect queries, and those answered wholly from cached tiles.
    public var rectQueries = 0
    public var rectHits = 0
    /// Synchronous item look-ups, and those found in cached tiles.
    public var itemQueries = 0
    public var itemHits = 0
    /// Tile requests started, cancelled because the viewport left them behind, failed, and answered.
    public var requestsStarted = 0
    public var requestsCancelled = 0
    public var requestsFailed = 0
    public var tilesLoaded = 0
    /// Tiles dropped to keep the cache within its bound, and the most tiles ever held at once.
    public var tilesEvicted = 0
    public var mostTilesCached = 0

    /// The share of synchronous rect queries answered wholly from the cache.
    public var rectHitRate: Double { rectQueries == 0 ? 0 : Double(rectHits) / Double(rectQueries) }

    public init() {}
}

/// What the synchronous accessors read: the cached tiles, guarded by a lock so that a `UICollectionViewLayout`
/// on the main thread can read it while the session's actor fills it.
final class TileSnapshot: @unchecked Sendable {
    private let lock = NSLock()
    private var grid: TileGrid?
    private var tiles: [Int: Tile] = [:]
    private var stats = ScrollStatistics()
    private var size: CGSize

    init(contentSize: CGSize) { size = contentSize }

    func withLock<T>(_ body: (inout TileGrid?, inout [Int: Tile], inout ScrollStatistics) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&grid, &tiles, &stats)
    }

    /// Every cached element touching `rect`, each once, by section (supplementary, cells, decorations; by item);
    /// `complete` when every tile the rect touches is cached.
    func elements(in rect: CGRect) -> (elements: [ElementAttributes], complete: Bool) {
        withLock { grid, tiles, stats in
            stats.rectQueries += 1
            guard let grid else { return ([], false) }
            guard let range = grid.tiles(touching: rect) else {
                stats.rectHits += 1
                return ([], true)
            }
            var complete = true
            var seen = Set<ElementKey>()
            var found: [ElementAttributes] = []
            for k in range {
                guard let tile = tiles[k] else {
                    complete = false
                    continue
                }
                for e in tile.elements where e.frame.touches(rect) && seen.insert(e.key).inserted {
                    found.append(e)
                }
            }
            if complete { stats.rectHits += 1 }
            found.sort { a, b in
                (a.section, a.category, a.key.kind ?? "", a.item) < (b.section, b.category, b.key.kind ?? "", b.item)
            }
            return (found, complete)
        }
    }

    func element(_ key: ElementKey) -> ElementAttributes? {
        withLock { _, tiles, stats in
            stats.itemQueries += 1
            for tile in tiles.values {
                if let e = tile.byKey[key] {
                    stats.itemHits += 1
                    return e
                }
            }
            return nil
        }
    }

    var contentSize: CGSize {
        get {
            lock.lock()
            defer { lock.unlock() }
            return size
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            size = newValue
        }
    }
    var statistics: ScrollStatistics { withLock { _, _, stats in stats } }
}
