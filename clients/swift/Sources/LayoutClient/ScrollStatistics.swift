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
