public import LayoutEngine

/// What the service accepts per request. Every field is a flag of `layout-service`.
public struct ServiceLimits: Sendable {
    /// Items and sections per layout, and the largest length in a spec.
    public var spec = SpecLimits()
    /// Elements one rect query may return, and sections it may cross; a rect holding more gets a 422.
    public var maxElements = 100_000
    /// Elements an SVG of the whole content (no `rect`) may hold; larger layouts need a rect.
    public var maxPictureElements = 5_000
    /// Origins allowed to call from a browser (CORS): `*` for any, or a list of exact origins.
    public var corsOrigins: [String] = ["*"]
    /// POST requests (the heavy ones: parse, hash, prepare) handled at once; one more gets a 503 with
    /// `Retry-After`, so that large specs cannot take every worker thread from the queries.
    public var maxConcurrentPosts = Int.max
    /// Bytes of encoded tiles kept (plain and gzipped), least recently used first out.
    public var tileCacheBytes = 64 << 20
    /// The deepest JSON nesting accepted in a body.
    public var maxJSONDepth = 64

    public init() {}
}
