public import LayoutEngine

/// What the service accepts per request. Every field is a flag of `layout-service`.
public struct ServiceLimits: Sendable {
    /// Items and sections per layout, and the largest length in a spec.
    public var spec = SpecLimits()
    /// Elements one rect query may return, and sections it may cross; a rect holding more gets a 422.
    public var maxElements = 100_000
    /// Elements (and items looked at) a query may take on an event loop: one that needs more is made again off the
    /// loop, on the deferred pool, where it may take `maxElements`. It bounds what any query holds a loop for
    /// (docs/cost-model.md), whatever the layout and the rect.
    public var loopElements = 2_048
    /// Elements an SVG of the whole content (no `rect`) may hold; larger layouts need a rect.
    public var maxPictureElements = 5_000
    /// Origins allowed to call from a browser (CORS): `*` for any, or a list of exact origins.
    public var corsOrigins: [String] = ["*"]
    /// Body bytes of the POST requests (the heavy ones: parse, hash, prepare) handled at once. A POST that does
    /// not fit beside those running waits for room (any one POST runs when none other does); see `PostAdmission`.
    public var maxPostBytesInFlight = 64 << 20
    /// POST requests handled at once, whatever their size (no limit by default: the bytes are the budget).
    public var maxConcurrentPosts = Int.max
    /// How long a POST waits for room before a 503 with `Retry-After`; 0 refuses at once.
    public var postQueueSeconds = 10.0
    /// POSTs waiting for room at once; one more is refused at once.
    public var maxQueuedPosts = 256
    /// Threads that run work whose cost the client chooses (layout programs, text measured), apart from the POST
    /// pool; such work waits for one of them as long as a POST waits for room (`postQueueSeconds`,
    /// `maxQueuedPosts`). See `ClientWorkQueue`.
    public var clientWorkThreads = 1
    /// Bytes of encoded tiles kept (plain and gzipped), least recently used first out.
    public var tileCacheBytes = 64 << 20
    /// UTF-8 bytes of text one request (a `POST /v1/measure`, a layout given as content) may ask to shape: its
    /// distinct words the word cache does not hold (`TextBudget`); a 422 `limit-exceeded` beyond, naming the text
    /// where it ran out; 0 counts nothing (no budget).
    public var maxUncachedTextBytes = 2 << 20
    /// Bytes of served font files in memory: those recently served and those being sent (`FontFiles`).
    public var fontFileBytes = 64 << 20
    /// Bytes of served slices of fonts in memory: those recently served and those being sent (`FontFiles`).
    public var fontSliceBytes = 64 << 20
    /// The deepest JSON nesting accepted in a body.
    public var maxJSONDepth = 64

    /// Bytes of a posted layout program (413 beyond).
    public var maxProgramBytes = 4 << 20
    /// What one run of a layout program may use (each exceeded limit is a 422 of its own type): fuel (about one
    /// unit per WebAssembly instruction), pages of 64 KiB of memory, elements emitted, and wall-clock time.
    public var programFuel: UInt64 = 2_000_000_000
    public var programMemoryPages = 4096
    public var programElements = 2_000_000
    public var programDeadlineMilliseconds = 10_000

    public init() {}
}
