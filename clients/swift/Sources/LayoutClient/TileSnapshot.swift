import Foundation

/// What the synchronous accessors read: the cached tiles, guarded by a lock so that a `UICollectionViewLayout`
/// on the main thread can read it while the session's actor fills it.
final class TileSnapshot: @unchecked Sendable {
    private let lock = NSLock()
    private var grid: TileGrid?
    private var tiles: [Int: Tile] = [:]
    private var stats = ScrollStatistics()
    private var size: CGSize
    /// The visible bounds of the last `scroll(to:)`: where pinned elements (`sticky`) are placed.
    private var viewport: CGRect?
    /// Whether the layout's attributes depend on the content offset (the summary's `boundsDependent`).
    private var dependsOnBounds = false
    /// The layout's collapsing header: placed for the viewport, and pinned headers below it.
    private var header: CollapsingHeaderPlacement?
    /// The layout's scroll effects (the summary's `scrollEffects`): cells get them for the visible bounds.
    private var effects: ScrollEffects?

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
            var complete = true
            var seen = Set<ElementKey>()
            var found: [ElementAttributes] = []
            // A collapsing header, placed for the viewport: stretched, it reaches above the content.
            if let h = placedHeader(), h.frame.touches(rect) {
                found.append(h)
                seen.insert(h.key)
            }
            guard let block = grid.block(touching: rect) else {
                stats.rectHits += 1
                return (found, true)
            }
            for k in grid.keys(in: block) {
                guard let tile = tiles[k] else {
                    complete = false
                    continue
                }
                // A pinned element is in every tile that a place of its range meets: placed, it is in one of the
                // rect's tiles when it touches the rect.
                for e in tile.elements {
                    let placed = place(e, grid.axis)
                    if placed.frame.touches(rect) && seen.insert(e.key).inserted { found.append(placed) }
                }
            }
            if complete { stats.rectHits += 1 }
            found.sort { a, b in
                // The collapsing header first, as the service answers it.
                (a.key == CollapsingHeaderPlacement.key ? 0 : 1, a.section, a.category, a.key.kind ?? "", a.item)
                    < (b.key == CollapsingHeaderPlacement.key ? 0 : 1, b.section, b.category, b.key.kind ?? "", b.item)
            }
            return (found, complete)
        }
    }

    func element(_ key: ElementKey) -> ElementAttributes? {
        withLock { grid, tiles, stats in
            stats.itemQueries += 1
            if key == CollapsingHeaderPlacement.key, let h = placedHeader() {
                stats.itemHits += 1
                return h
            }
            for tile in tiles.values {
                if let e = tile.byKey[key] {
                    stats.itemHits += 1
                    return place(e, grid?.axis ?? .vertical)
                }
            }
            return nil
        }
    }

    /// A pinned element where it goes in the current viewport, a cell with its scroll effects at the viewport's
    /// offset (called with the lock held); others unchanged.
    private func place(_ e: ElementAttributes, _ axis: ScrollAxis) -> ElementAttributes {
        guard let viewport else { return e }
        var placed = e.isPinned ? e.placed(in: viewport, axis: axis) : e
        if e.isPinned, let header, let s = e.sticky, s.edge == .leading, axis == .vertical {
            // Pinned headers stick below the collapsing header's visible bottom.
            placed.frame.origin.y = min(max(header.pinEdge(offsetY: viewport.minY), s.min), s.max)
        }
        return effects?.applied(to: placed, offset: viewport.origin) ?? placed
    }

    /// The collapsing header at the viewport's offset (called with the lock held); nil without one.
    private func placedHeader() -> ElementAttributes? {
        guard let header, let viewport else { return nil }
        return header.attributes(offsetY: viewport.minY, width: size.width)
    }

    var collapsingHeader: CollapsingHeaderPlacement? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return header
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            header = newValue
        }
    }

    var scrollEffects: ScrollEffects? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return effects
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            effects = newValue
        }
    }

    var boundsDependent: Bool {
        get {
            lock.lock()
            defer { lock.unlock() }
            return dependsOnBounds
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            dependsOnBounds = newValue
        }
    }

    var visibleBounds: CGRect? {
        get {
            lock.lock()
            defer { lock.unlock() }
            return viewport
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            viewport = newValue
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
