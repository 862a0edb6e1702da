import Foundation

/// Keeps the layout attributes around a moving viewport, for a `UICollectionViewLayout` subclass.
///
/// Tell it where the viewport is (`scroll(to:)`, from `prepare()` or `shouldInvalidateLayout(forBoundsChange:)`);
/// it fetches the bands ("tiles") of the content that the viewport touches, then those ahead of it in the
/// direction of scrolling, more of them the faster it scrolls; it cancels requests for tiles the viewport has left
/// behind and keeps at most `maxCachedTiles` tiles, dropping the farthest first. The layout's own calls are
/// answered synchronously from what is cached (`layoutAttributesForElements(in:)`, `layoutAttributesForItem(at:)`,
/// `collectionViewContentSize`): `nonisolated`, over a lock-protected snapshot, never waiting for the network.
///
/// Over the service (`init(client:layoutID:)`), the tiles are the service's own (`GET /v1/layouts/{id}/tiles/{k}`,
/// in the columnar format) when the summary offers `tile`: they hold for every content offset, and pinned headers
/// and footers come with their `sticky` ranges, placed here for the bounds of the last `scroll(to:)`. So layouts
/// with pinned headers (flow, waterfall, compositional) are supported. A summary without `tile` falls back to rect
/// queries of the same bands; then a layout whose attributes depend on the content offset (`boundsDependent`) is
/// refused, as is the wheel (it has no tiles): an answer for one offset would be wrong at the next.
///
/// Grids (the summary's `tileGrid`) are tiled both ways (`GET .../tiles/{row}/{column}`): the session fetches the
/// tiles of the viewport's rows and columns, and those ahead along each axis by its speed along it; frozen rows and
/// columns come with `stickyX` and `stickyY` and are placed for the visible bounds as pinned headers are.
public actor ScrollSession {
    public enum SessionError: Error, Equatable {
        /// The layout's attributes depend on the content offset (`boundsDependent`).
        case boundsDependent(layoutID: String)
        /// `changeBounds` on a session made over another source than the service.
        case noService
    }

    public struct Configuration: Sendable {
        /// The length of a tile along the scroll axis; nil: the viewport's length at the first `scroll(to:)`.
        public var tileLength: Double?
        /// Tiles fetched ahead of the viewport when scrolling slowly, and more: as many as the viewport crosses
        /// in `lookahead` seconds at its current speed.
        public var tilesAhead = 2
        public var lookahead = 0.5
        /// Tiles kept (not cancelled) behind the viewport.
        public var tilesBehind = 1
        /// The most tiles cached at once (never fewer than the viewport needs).
        public var maxCachedTiles = 32
        /// Requests in flight at once.
        public var maxConcurrentRequests = 4

        public init() {}
    }

    public typealias Fetch = @Sendable (CGRect) async throws -> [ElementAttributes]
    /// Tile k and its band: the service's tile k, or a rect query of the band.
    typealias TileFetch = @Sendable (Int, CGRect) async throws -> [ElementAttributes]

    private var fetch: TileFetch
    /// The service's tiles, when fetching them (nil: rect queries): bands (the summary's `tile.length` and
    /// `tile.count`), or a grid's `tileGrid`.
    enum ServiceTiles {
        case bands(length: Double, count: Int)
        case plane(TilePlane)
    }
    private var serviceTiles: ServiceTiles?
    private let configuration: Configuration
    private let snapshot: TileSnapshot
    private var axis: ScrollAxis
    private var contentSize: CGSize
    private var inFlight: [Int: (id: Int, task: Task<Void, Never>)] = [:]
    private var requestCount = 0
    private var wanted: [Int] = []
    private var visible: TileBlock?
    private var last: (position: CGPoint, time: ContinuousClock.Instant)?
    private var lastBounds: CGRect?
    /// Points a second along x and y.
    private var velocity = (x: 0.0, y: 0.0)
    private var onTileLoaded: (@Sendable (CGRect) -> Void)?
    /// The service's layout this session shows, when made with `init(client:layoutID:)`.
    private var service: (client: LayoutServiceClient, layoutID: String)?
    /// The last request error, if any (the tile is requested again at the next scroll).
    public private(set) var lastError: (any Error)?

    /// Called (on the session's executor) with the band of each tile that arrives: a layout invalidates itself
    /// there when the band meets what it shows.
    public func onTileLoaded(_ handler: (@Sendable (CGRect) -> Void)?) { onTileLoaded = handler }

    /// A session over any source of rect answers (the service, through `LayoutServiceClient`, or a test's).
    public init(contentSize: CGSize, axis: ScrollAxis, configuration: Configuration = .init(), fetch: @escaping Fetch) {
        self.init(contentSize: contentSize, axis: axis, configuration: configuration, serviceTiles: nil) { _, rect in
            try await fetch(rect)
        }
    }

    init(
        contentSize: CGSize, axis: ScrollAxis, configuration: Configuration, serviceTiles: ServiceTiles?,
        fetchTile: @escaping TileFetch
    ) {
        self.fetch = fetchTile
        self.serviceTiles = serviceTiles
        self.configuration = configuration
        self.axis = axis
        self.contentSize = contentSize
        snapshot = TileSnapshot(contentSize: contentSize)
    }

    /// A session over a layout of the service: reads its summary and scroll direction first, then fetches the
    /// service's tiles when the summary offers `tile` (`Configuration.tileLength` is then the service's), else
    /// rect queries. Throws `SessionError.boundsDependent` for a layout without tiles whose attributes depend on
    /// the content offset (the wheel).
    public init(client: LayoutServiceClient, layoutID: String, configuration: Configuration = .init()) async throws {
        let layout = try await client.layout(id: layoutID)
        let source = try Self.source(client, layout)
        self.init(
            contentSize: layout.contentSize, axis: source.axis, configuration: configuration,
            serviceTiles: source.tiles, fetchTile: source.fetch)
        snapshot.boundsDependent = layout.summary.boundsDependent
        snapshot.collapsingHeader = layout.collapsingHeader
        snapshot.scrollEffects = ScrollEffects(layout.summary)
        service = (client, layoutID)
    }

    /// How a session reads a layout of the service: its tiles, or (without them) rect queries of the bands.
    private static func source(_ client: LayoutServiceClient, _ layout: LayoutInfo) throws
        -> (axis: ScrollAxis, tiles: ServiceTiles?, fetch: TileFetch)
    {
        let layoutID = layout.summary.id
        let boundsDependent = layout.summary.boundsDependent
        if let g = layout.tileGrid {
            let plane = TilePlane(width: g.width, height: g.height, columns: g.columns, rows: g.rows)
            return (layout.axis, .plane(plane), { k, rect in
                do {
                    return try await client.gridTile(
                        layoutID: layoutID, row: k / g.columns, column: k % g.columns, format: .columns
                    ).elements
                } catch let problem as LayoutProblem where problem.status == 422 && !boundsDependent {
                    // A tile of more than the service's --max-elements, and no frozen cells: its rect, paged.
                    return try await client.allElements(layoutID: layoutID, in: rect, format: .columns)
                }
            })
        }
        if let tiles = layout.tiles {
            return (tiles.axis, .bands(length: tiles.length, count: tiles.count), { k, band in
                do {
                    return try await client.tile(layoutID: layoutID, k: k, format: .columns).elements
                } catch let problem as LayoutProblem where problem.status == 422 && !boundsDependent {
                    // A tile of more than the service's --max-elements: the same band, paged. (Not for pinned
                    // layouts: rect queries place their headers for one offset and carry no sticky ranges.)
                    return try await client.allElements(layoutID: layoutID, in: band, format: .columns)
                }
            })
        }
        guard !layout.summary.boundsDependent else { throw SessionError.boundsDependent(layoutID: layoutID) }
        return (layout.axis, nil, { _, rect in try await client.allElements(layoutID: layoutID, in: rect) })
    }

    /// Whether the session fetches the service's tiles (else rect queries of its own bands).
    public var usesServiceTiles: Bool { serviceTiles != nil }

    /// The layout of the service this session shows (nil for a session over another source).
    public var layoutID: String? { service?.layoutID }

    // MARK: Synchronous answers (what UICollectionViewLayout calls)

    /// The cached elements touching `rect` (closed), each once. A rect whose tiles are not all cached yet gets
    /// what is there, and counts as a miss in `statistics`.
    public nonisolated func layoutAttributesForElements(in rect: CGRect) -> [ElementAttributes] {
        snapshot.elements(in: rect).elements
    }

    /// The cached elements touching `rect`, and whether every tile it touches was cached.
    public nonisolated func cachedElements(in rect: CGRect) -> (elements: [ElementAttributes], complete: Bool) {
        snapshot.elements(in: rect)
    }

    /// A cell's attributes, when a cached tile holds it; `indexPath` is [section, item].
    public nonisolated func layoutAttributesForItem(at indexPath: IndexPath) -> ElementAttributes? {
        guard indexPath.count == 2 else { return nil }
        return snapshot.element(ElementKey(category: .cell, section: indexPath[0], item: indexPath[1]))
    }

    /// A header's, footer's (item 0) or decoration's attributes, when a cached tile holds it.
    public nonisolated func layoutAttributesForSupplementaryView(ofKind kind: String, at indexPath: IndexPath)
        -> ElementAttributes?
    {
        guard indexPath.count == 2 else { return nil }
        return snapshot.element(ElementKey(category: .supplementary, kind: kind, section: indexPath[0], item: indexPath[1]))
    }

    public nonisolated var collectionViewContentSize: CGSize { snapshot.contentSize }

    /// The layout's collapsing header at content offset `offsetY` (its frame and `collapseProgress`), placed from
    /// the summary: tiles leave it out. Nil when the layout has none. The rect and index-path accessors give it
    /// too, for the visible bounds.
    public nonisolated func collapsingHeader(atOffsetY offsetY: Double) -> ElementAttributes? {
        snapshot.collapsingHeader?.attributes(offsetY: offsetY, width: snapshot.contentSize.width)
    }

    /// Whether the layout's attributes depend on the content offset (pinned headers or footers): a
    /// `UICollectionViewLayout` then invalidates itself on every bounds change, so that they are placed again.
    public nonisolated var boundsDependent: Bool { snapshot.boundsDependent }

    /// The layout's scroll effects (the summary's `scrollEffects`), nil without them: the session gives every cell
    /// the scale (`transform3D`) and alpha the service answers at the visible bounds' offset
    /// (`setVisibleBounds(_:)`, `scroll(to:)`), so such a layout invalidates on every bounds change too.
    public nonisolated var scrollEffects: ScrollEffects? { snapshot.scrollEffects }

    /// The visible bounds that pinned headers and footers are placed for, set synchronously (from
    /// `shouldInvalidateLayout(forBoundsChange:)`, before UIKit asks for the attributes); `scroll(to:)` sets them
    /// too.
    public nonisolated func setVisibleBounds(_ bounds: CGRect) { snapshot.visibleBounds = bounds }

    public nonisolated var statistics: ScrollStatistics { snapshot.statistics }

    /// How many tiles are cached now.
    public nonisolated var cachedTileCount: Int { snapshot.withLock { _, tiles, _ in tiles.count } }

    // MARK: Moving the viewport

    /// The viewport moved to `bounds` (the collection view's visible rect) at `time`: fetch what it needs and what
    /// lies ahead, cancel what fell behind, bound the cache.
    public func scroll(to bounds: CGRect, at time: ContinuousClock.Instant = .now) {
        let position = bounds.origin
        let viewLength = Double(axis == .vertical ? bounds.height : bounds.width)
        let fresh = makeGrid(viewLength: viewLength)
        snapshot.visibleBounds = bounds
        let grid = snapshot.withLock { grid, _, _ -> TileGrid in
            if let grid { return grid }
            grid = fresh
            return fresh
        }
        if let last {
            let dt = Double((time - last.time) / .seconds(1))
            if dt > 0 {
                velocity = (Double(position.x - last.position.x) / dt, Double(position.y - last.position.y) / dt)
            }
        }
        last = (position, time)
        lastBounds = bounds
        plan(bounds, grid)
    }

    /// The service's tiles, or bands of `Configuration.tileLength` (else the view's length).
    private func makeGrid(viewLength: Double) -> TileGrid {
        switch serviceTiles {
        case .bands(let length, let count)?:
            return TileGrid(axis: axis, length: length, contentSize: contentSize, serviceCount: count)
        case .plane(let plane)?:
            // `length` is not read for a plane: its tiles have their own width and height.
            return TileGrid(
                axis: axis, length: plane.height, contentSize: contentSize, serviceCount: plane.rows * plane.columns,
                plane: plane)
        case nil:
            break
        }
        let tileLength = configuration.tileLength ?? viewLength
        return TileGrid(
            axis: axis, length: tileLength.isFinite && tileLength >= 1 ? tileLength : 1, contentSize: contentSize)
    }

    /// Which tiles the viewport at `bounds` wants, nearest first; starts, cancels and evicts accordingly. Along
    /// each axis of tiles (one for bands): the viewport's, then those ahead in the direction it moves (more the
    /// faster), then those behind; a grid's tiles in the rows and columns so found, those ahead first, nearest
    /// first.
    private func plan(_ bounds: CGRect, _ grid: TileGrid) {
        visible = grid.block(touching: bounds)
        guard let visible else {
            wanted = []
            cancelUnwanted()
            return
        }
        let rows = reach(visible.rows, speed: velocity.y, tile: grid.tileHeight, count: grid.rowCount)
        let columns = reach(visible.columns, speed: velocity.x, tile: grid.tileWidth, count: grid.columnCount)
        // Each tile by (behind on either axis, tiles away from the viewport's on either axis).
        var order: [(behind: Bool, away: Int, key: Int)] = []
        for (r, rowAway) in rows {
            for (c, columnAway) in columns {
                order.append((rowAway < 0 || columnAway < 0, max(abs(rowAway), abs(columnAway)), grid.key(row: r, column: c)))
            }
        }
        func rank(_ t: (behind: Bool, away: Int, key: Int)) -> (Int, Int, Int) {
            (t.away == 0 ? 0 : t.behind ? 2 : 1, t.away, t.key)
        }
        order.sort { rank($0) < rank($1) }
        wanted = order.prefix(max(configuration.maxCachedTiles, visible.count)).map(\.key)
        cancelUnwanted()
        startRequests(grid)
        evict()
    }

    /// The indices of tiles along one axis wanted for the viewport's `span` moving at `speed`, each with how far
    /// it lies: 0 in the span, positive ahead, negative behind; within 0..<count.
    private func reach(_ span: ClosedRange<Int>, speed: Double, tile: Double, count: Int) -> [(Int, Int)] {
        // Never more than the cache holds (and no overflow at absurd speeds).
        let crossed = min(abs(speed) * configuration.lookahead / tile, Double(configuration.maxCachedTiles))
        let ahead = min(configuration.tilesAhead + Int(crossed.rounded(.up)), configuration.maxCachedTiles)
        let behind = min(configuration.tilesBehind, configuration.maxCachedTiles)
        let forward = speed >= 0
        let (before, after) = forward ? (behind, ahead) : (ahead, behind)
        var out: [(Int, Int)] = span.map { ($0, 0) }
        for d in 1...max(1, max(before, after)) {
            if d <= after { out.append((span.upperBound + d, forward ? d : -d)) }
            if d <= before { out.append((span.lowerBound - d, forward ? -d : d)) }
        }
        return out.filter { $0.0 >= 0 && $0.0 < count }
    }

    /// Waits until no request is in flight (tests, or a caller that wants everything wanted loaded).
    public func settle() async {
        while let request = inFlight.values.first {
            await request.task.value
        }
    }

    /// The layout changed (a batch update or self-sizing answered a new one): drop every tile and request the
    /// viewport's again, from `fetch` when given (else from the same one).
    public func replaceContent(contentSize: CGSize, fetch: Fetch? = nil) {
        if let fetch {
            replaceContent(contentSize: contentSize, axis: axis, serviceTiles: nil) { _, rect in try await fetch(rect) }
        } else {
            replaceContent(contentSize: contentSize, axis: axis, serviceTiles: serviceTiles, fetchTile: self.fetch)
        }
    }

    private func replaceContent(
        contentSize: CGSize, axis: ScrollAxis, serviceTiles: ServiceTiles?, fetchTile: @escaping TileFetch
    ) {
        for request in inFlight.values { request.task.cancel() }
        inFlight = [:]
        fetch = fetchTile
        self.serviceTiles = serviceTiles
        self.axis = axis
        self.contentSize = contentSize
        snapshot.contentSize = contentSize
        let viewLength = lastBounds.map { Double(axis == .vertical ? $0.height : $0.width) }
        let fresh = viewLength.map { makeGrid(viewLength: $0) }
        let grid = snapshot.withLock { grid, tiles, _ -> TileGrid? in
            tiles = [:]
            // The service's tiles are the new layout's; bands of our own keep their length.
            if let existing = grid, serviceTiles == nil, existing.serviceCount == nil {
                grid?.contentSize = contentSize
            } else {
                grid = fresh
            }
            return grid
        }
        if let grid, let lastBounds { plan(lastBounds, grid) }
    }

    /// The session now shows another layout of the service (the answer of a batch update, say): its tiles are
    /// requested again for the current viewport.
    public func replaceLayout(_ layoutID: String, client: LayoutServiceClient) async throws {
        let layout = try await client.layout(id: layoutID)
        let source = try Self.source(client, layout)
        service = (client, layoutID)
        snapshot.boundsDependent = layout.summary.boundsDependent
        snapshot.scrollEffects = ScrollEffects(layout.summary)
        replaceContent(
            contentSize: layout.contentSize, axis: source.axis, serviceTiles: source.tiles, fetchTile: source.fetch)
    }

    /// The view changed size (a rotation, a resized window): asks the service for the layout at `viewSize` and
    /// for the offset that keeps the first cell visible at `offset` in its place; the session shows that layout
    /// from now on. Set the answered offset on the scroll view, then call `scroll(to:)` with the new bounds.
    public func changeBounds(to viewSize: CGSize, offset: CGPoint) async throws -> CGPoint {
        guard let service else { throw SessionError.noService }
        let answer = try await service.client.changeBounds(layoutID: service.layoutID, viewSize: viewSize, offset: offset)
        lastBounds = CGRect(origin: answer.contentOffset, size: viewSize)
        try await replaceLayout(answer.summary.id, client: service.client)
        return answer.contentOffset
    }

    private func cancelUnwanted() {
        let keep = Set(wanted)
        for (k, request) in inFlight where !keep.contains(k) {
            request.task.cancel()
            inFlight[k] = nil
            snapshot.withLock { _, _, stats in stats.requestsCancelled += 1 }
        }
    }

    private func startRequests(_ grid: TileGrid) {
        let cached = snapshot.withLock { _, tiles, _ in Set(tiles.keys) }
        for k in wanted where inFlight.count < configuration.maxConcurrentRequests || isVisible(k, grid) {
            guard inFlight[k] == nil, !cached.contains(k) else { continue }
            let rect = grid.rect(of: k)
            let fetch = self.fetch
            snapshot.withLock { _, _, stats in stats.requestsStarted += 1 }
            requestCount += 1
            let id = requestCount
            let task = Task { [weak self] in
                let result: Result<[ElementAttributes], any Error>
                do {
                    result = .success(try await fetch(k, rect))
                } catch {
                    result = .failure(error)
                }
                await self?.finished(k, id: id, grid: grid, result)
            }
            inFlight[k] = (id, task)
        }
    }

    private func isVisible(_ k: Int, _ grid: TileGrid) -> Bool {
        guard let visible else { return false }
        let (row, column) = grid.position(of: k)
        return visible.rows.contains(row) && visible.columns.contains(column)
    }

    private func finished(_ k: Int, id: Int, grid: TileGrid, _ result: Result<[ElementAttributes], any Error>) {
        // A request cancelled (or dropped by replaceContent) is no longer in `inFlight` under this tile, or the
        // grid changed: its answer is dropped.
        guard inFlight[k]?.id == id else { return }
        inFlight[k] = nil
        let current = snapshot.withLock { g, _, _ in g }
        switch result {
        case .success(let elements) where current == grid && !Task.isCancelled:
            snapshot.withLock { _, tiles, stats in
                tiles[k] = Tile(elements)
                stats.tilesLoaded += 1
            }
            evict()
            onTileLoaded?(grid.rect(of: k))
        case .success:
            break
        case .failure(let error):
            if !(error is CancellationError) {
                lastError = error
                snapshot.withLock { _, _, stats in stats.requestsFailed += 1 }
            }
        }
        if let grid = current { startRequests(grid) }
    }

    /// Keeps at most `maxCachedTiles` (or what the viewport needs, if more): drops unwanted tiles, farthest from
    /// the viewport first.
    private func evict() {
        let bound = max(configuration.maxCachedTiles, visible?.count ?? 0)
        let wantedSet = Set(wanted)
        let centre = visible.map {
            (Double($0.rows.lowerBound + $0.rows.upperBound) / 2, Double($0.columns.lowerBound + $0.columns.upperBound) / 2)
        } ?? (0, 0)
        snapshot.withLock { grid, tiles, stats in
            if tiles.count > bound, let grid {
                // Tiles away from the viewport's centre, along the farther axis.
                func away(_ k: Int) -> Double {
                    let (row, column) = grid.position(of: k)
                    return max(abs(Double(row) - centre.0), abs(Double(column) - centre.1))
                }
                let victims = tiles.keys
                    .sorted { a, b in
                        let wa = wantedSet.contains(a), wb = wantedSet.contains(b)
                        if wa != wb { return !wa }
                        return away(a) > away(b)
                    }
                    .prefix(tiles.count - bound)
                for k in victims { tiles[k] = nil }
                stats.tilesEvicted += victims.count
            }
            stats.mostTilesCached = max(stats.mostTilesCached, tiles.count)
        }
    }
}
