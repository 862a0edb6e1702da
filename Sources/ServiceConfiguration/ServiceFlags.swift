public import ArgumentParser
import LayoutEngine
import LayoutService
import Logging
import MicroHTTPServer

/// The options of `layout-service`, as the command line gives them: nil (or off) where a flag is not given.
/// `ServiceConfiguration.resolve` adds the environment's and the defaults. A new option is a property here and a
/// line in `resolve`, named as the flag is, and a row in docs/operations.md.
public struct ServiceFlags: ParsableArguments {
    public init() {}

    @Option(help: "Address to bind, IPv4 or IPv6. [env: LAYOUT_SERVICE_HOST] (default: \(defaults.server.host))")
    public var host: String?
    @Option(help: "TCP port. [env: LAYOUT_SERVICE_PORT] (default: \(defaults.server.port))")
    public var port: Int?
    @Option(help: "Event loops, a thread each. [env: LAYOUT_SERVICE_THREADS] (default: the cores the service has: online, allowed by its affinity, within its cgroup's CPU quota)")
    public var threads: Int?
    @Option(help: "Where accepted specs are kept: sqlite (durable, in --data-dir), a postgres://user:password@host:port/database URL (durable and shared by replicas), or memory (lost on exit). [env: LAYOUT_SERVICE_STORE] (default: \(defaults.store.name))")
    public var store: String?
    @Option(help: "Directory of the sqlite store (created if missing). [env: LAYOUT_SERVICE_DATA_DIR] (default: \(defaults.dataDirectory))")
    public var dataDir: String?
    @Option(help: "Directories of the font files text is measured with and served from, separated by colons (searched recursively; .ttf, .otf, .ttc). [env: LAYOUT_SERVICE_FONTS_DIR] (default: \(defaults.fontsDirectories.joined(separator: ":")))")
    public var fontsDir: String?
    @Option(help: "Memory budget of the widths of shaped words, bytes. [env: LAYOUT_SERVICE_WORD_CACHE_BYTES] (default: \(defaults.wordCacheBytes))")
    public var wordCacheBytes: Int?
    @Option(help: "Memory budget of the fonts kept for shaping, bytes (LRU): faces loaded (their tables as mapped, and HarfBuzz's), their sizes, text styles. [env: LAYOUT_SERVICE_FONT_CACHE_BYTES] (default: \(defaults.fontCacheBytes))")
    public var fontCacheBytes: Int?
    @Option(help: "Memory budget of served font files, bytes: those recently served and those being sent (503 with Retry-After for one that does not fit beside those being sent). [env: LAYOUT_SERVICE_FONT_FILE_BYTES] (default: \(defaults.limits.fontFileBytes))")
    public var fontFileBytes: Int?
    @Option(help: "Memory budget of served slices of fonts, bytes: those recently served and those being sent (503 with Retry-After for one that does not fit beside those being sent). [env: LAYOUT_SERVICE_FONT_SLICE_BYTES] (default: \(defaults.limits.fontSliceBytes))")
    public var fontSliceBytes: Int?
    @Option(help: "Memory budget of prepared layouts, bytes (LRU). [env: LAYOUT_SERVICE_CACHE_BYTES] (default: \(defaults.cacheBytes))")
    public var cacheBytes: Int?
    @Option(help: "Memory budget of accepted specs, bytes (LRU): past it, specs leave memory and are read back from the store when needed; the memory store refuses a new spec past it (507). [env: LAYOUT_SERVICE_SPEC_MEMORY_BYTES] (default: \(defaults.specMemoryBytes))")
    public var specMemoryBytes: Int?
    @Option(help: "Seconds a call to PostgreSQL may take, connecting included (its statement_timeout too); past it the request gets a 503 with Retry-After, and while the database does not answer, calls fail at once but one at a time that tries it. 0.1 to 3600. [env: LAYOUT_SERVICE_STORE_TIMEOUT_SECONDS] (default: \(defaults.storeTimeoutSeconds))")
    public var storeTimeoutSeconds: Double?
    @Option(help: "Largest request body, bytes (413 beyond). [env: LAYOUT_SERVICE_MAX_BODY_BYTES] (default: \(defaults.server.maxBodyBytes))")
    public var maxBodyBytes: Int?
    @Option(help: "Items per layout (422 beyond). [env: LAYOUT_SERVICE_MAX_ITEMS] (default: \(defaults.limits.spec.maxItems))")
    public var maxItems: Int?
    @Option(help: "Sections per layout (422 beyond). [env: LAYOUT_SERVICE_MAX_SECTIONS] (default: \(defaults.limits.spec.maxSections))")
    public var maxSections: Int?
    @Option(help: "UTF-8 bytes of one text block of a cell given as content (422 beyond). [env: LAYOUT_SERVICE_MAX_TEXT_LENGTH] (default: \(defaults.limits.spec.maxTextLength))")
    public var maxTextLength: Int?
    @Option(help: "UTF-8 bytes of text one request may ask to shape: its distinct words the word cache does not hold (422 beyond); 0 turns the budget off. [env: LAYOUT_SERVICE_MAX_UNCACHED_TEXT_BYTES] (default: \(defaults.limits.maxUncachedTextBytes))")
    public var maxUncachedTextBytes: Int?
    @Option(help: "Elements one rect query may return (422 beyond). [env: LAYOUT_SERVICE_MAX_ELEMENTS] (default: \(defaults.limits.maxElements))")
    public var maxElements: Int?
    @Option(help: "Elements (and items looked at) a query may take on an event loop; one that needs more is answered off the loop. [env: LAYOUT_SERVICE_LOOP_ELEMENTS] (default: \(defaults.limits.loopElements))")
    public var loopElements: Int?
    @Option(help: "Open connections in total. [env: LAYOUT_SERVICE_MAX_CONNECTIONS] (default: \(defaults.server.maxConnections))")
    public var maxConnections: Int?
    @Option(help: "Open connections per client IP, 0 for no limit. [env: LAYOUT_SERVICE_MAX_CONNECTIONS_PER_IP] (default: \(defaults.server.maxConnectionsPerIP))")
    public var maxConnectionsPerIp: Int?
    @Option(help: "Seconds an idle connection is kept, 0 for ever. [env: LAYOUT_SERVICE_CONNECTION_TIMEOUT] (default: \(defaults.server.connectionTimeout))")
    public var connectionTimeout: Int?
    @Option(help: "Seconds a request head may take to arrive whole (from the connection's opening, or from the start of its next request); later ones get a 408 and are closed; 0 turns it off. [env: LAYOUT_SERVICE_HEAD_TIMEOUT] (default: \(defaults.server.headTimeoutSeconds))")
    public var headTimeout: Double?
    @Option(help: "Bytes a second a request body must keep arriving at, over every --body-rate-window (under connection pressure, over the last second); slower ones get a 408 and are closed; 0 turns it off. [env: LAYOUT_SERVICE_MIN_BODY_BYTES_PER_SECOND] (default: \(defaults.server.minBodyBytesPerSecond))")
    public var minBodyBytesPerSecond: Int?
    @Option(help: "Memory per connection for its request head and buffers, bytes; larger headers get a 431. [env: LAYOUT_SERVICE_CONNECTION_MEMORY_BYTES] (default: \(defaults.server.connectionMemoryBytes))")
    public var connectionMemoryBytes: Int?
    @Option(help: "Origins browsers may call from (CORS): * or a comma-separated list. [env: LAYOUT_SERVICE_CORS_ORIGINS] (default: \(defaults.limits.corsOrigins.joined(separator: ",")))")
    public var corsOrigins: String?
    @Option(help: "Seconds SIGTERM waits for requests in flight. [env: LAYOUT_SERVICE_DRAIN_SECONDS] (default: \(defaults.server.drainSeconds))")
    public var drainSeconds: Double?
    @Option(help: "Body bytes of the POST requests (parse, hash, prepare) handled at once; a POST that does not fit waits for room (any one POST runs alone). [env: LAYOUT_SERVICE_MAX_POST_BYTES_IN_FLIGHT] (default: \(defaults.limits.maxPostBytesInFlight))")
    public var maxPostBytesInFlight: Int?
    @Option(help: "Seconds a POST waits for room before a 503 with Retry-After; 0 refuses at once. [env: LAYOUT_SERVICE_POST_QUEUE_SECONDS] (default: \(defaults.limits.postQueueSeconds))")
    public var postQueueSeconds: Double?
    @Option(help: "POSTs waiting for room at once; one more gets a 503 at once. [env: LAYOUT_SERVICE_POST_QUEUE_LENGTH] (default: \(defaults.limits.maxQueuedPosts))")
    public var postQueueLength: Int?
    @Option(help: "POST requests handled at once whatever their size (the bytes are the budget). [env: LAYOUT_SERVICE_MAX_CONCURRENT_POSTS] (default: no limit)")
    public var maxConcurrentPosts: Int?
    @Option(help: "Threads that run work whose cost the client chooses (layout program runs, text measured: POST /v1/measure, layouts given as content), apart from the POST pool; such work waits for one as long as a POST waits for room (--post-queue-seconds, --post-queue-length), then gets a 503 with Retry-After. 1 to 1024. [env: LAYOUT_SERVICE_CLIENT_WORK_THREADS] (default: --threads minus 1, at least 1)")
    public var clientWorkThreads: Int?
    @Option(help: "Requests with bodies at least this large and every POST (it may wait in the POST queue) are handled on threads of their own, their connection suspended, so their event loop goes on serving other connections; so are requests that would wait (a GET of a layout to prepare again or of an id to read from the archive, a DELETE), on threads apart from those. 0 turns both off (all on the event loops). [env: LAYOUT_SERVICE_OFFLOAD_BODY_BYTES] (default: \(defaults.server.offloadBodyBytes))")
    public var offloadBodyBytes: Int?
    @Option(help: "Smallest answer gzipped for clients that accept gzip, bytes; 0 turns gzip off. [env: LAYOUT_SERVICE_GZIP_MIN_BYTES] (default: \(defaults.gzipMinBytes))")
    public var gzipMinBytes: Int?
    @Option(help: "Memory budget of encoded tiles (plain and gzipped), bytes (LRU). [env: LAYOUT_SERVICE_TILE_CACHE_BYTES] (default: \(defaults.limits.tileCacheBytes))")
    public var tileCacheBytes: Int?
    @Option(help: "File of API keys, one a line: ID SHA256-OF-SECRET SCOPES [requests-per-minute=N] [post-bytes-per-minute=N] (make lines with `layout-service keys new`); re-read on SIGHUP. Without it, anyone may read and write, and nobody may delete. [env: LAYOUT_SERVICE_API_KEYS_FILE]")
    public var apiKeysFile: String?
    @Flag(help: "With keys: GET and HEAD need no key (for a public CDN in front). [env: LAYOUT_SERVICE_ANONYMOUS_READ=true]")
    public var anonymousRead = false
    @Flag(help: "Without keys: anyone may DELETE a layout (else a 403). [env: LAYOUT_SERVICE_ALLOW_ANONYMOUS_DELETE=true]")
    public var allowAnonymousDelete = false
    @Option(help: "Requests a minute per key without its own quota, and per client address without a key (429 beyond); 0 for no quota. [env: LAYOUT_SERVICE_REQUESTS_PER_MINUTE] (default: 0)")
    public var requestsPerMinute: Int?
    @Option(help: "POST body bytes a minute per key without its own quota, and per client address without a key (429 beyond); 0 for no quota. [env: LAYOUT_SERVICE_POST_BYTES_PER_MINUTE] (default: 0)")
    public var postBytesPerMinute: Int?
    @Option(help: "A second listener, on the same address, answering GET /metrics to anyone (for a scraper on a private network); on the main port /metrics needs the admin scope when there are keys. [env: LAYOUT_SERVICE_METRICS_PORT]")
    public var metricsPort: Int?
    @Option(help: "Log level: trace, debug, info (one line per request), notice, warning, error, critical. [env: LAYOUT_SERVICE_LOG_LEVEL] (default: \(defaults.logLevel.rawValue))")
    public var logLevel: String?
    @Option(help: "Seconds over which a request body must keep --min-body-bytes-per-second (an early burst buys at most this long); a body that stalls is cut about this long after its last bytes. [env: LAYOUT_SERVICE_BODY_RATE_WINDOW] (default: \(defaults.server.bodyRateWindowSeconds))")
    public var bodyRateWindow: Double?
    @Option(help: "Seconds a request body may take to arrive in all, from the end of its head; later ones get a 408 and are closed; 0 for no limit. [env: LAYOUT_SERVICE_BODY_TIMEOUT] (default: \(defaults.server.bodyTimeoutSeconds))")
    public var bodyTimeout: Double?
    @Option(help: "Seconds SIGTERM goes on accepting and answering new connections (with /readyz 503 and Connection: close) before it closes the listener and waits --drain-seconds for requests in flight; 0 closes it at once. [env: LAYOUT_SERVICE_DRAIN_ACCEPT_SECONDS] (default: \(defaults.server.drainAcceptSeconds))")
    public var drainAcceptSeconds: Double?
    @Option(help: "Largest layout program (WebAssembly module) POST /v1/programs takes, bytes (413 beyond). [env: LAYOUT_SERVICE_MAX_PROGRAM_BYTES] (default: \(defaults.limits.maxProgramBytes))")
    public var maxProgramBytes: Int?
    @Option(help: "Fuel of one run of a layout program, about one unit per WebAssembly instruction (422 program-fuel-exhausted beyond). [env: LAYOUT_SERVICE_PROGRAM_FUEL] (default: \(defaults.limits.programFuel))")
    public var programFuel: UInt64?
    @Option(help: "Memory of one run of a layout program, pages of 64 KiB (422 program-memory-limit beyond). 1 to 65536. [env: LAYOUT_SERVICE_PROGRAM_MEMORY_PAGES] (default: \(defaults.limits.programMemoryPages))")
    public var programMemoryPages: Int?
    @Option(help: "Elements one run of a layout program may emit (422 program-element-limit beyond). [env: LAYOUT_SERVICE_PROGRAM_ELEMENTS] (default: \(defaults.limits.programElements))")
    public var programElements: Int?
    @Option(help: "Wall-clock milliseconds one run of a layout program may take (422 program-deadline beyond). 1 to 600000. [env: LAYOUT_SERVICE_PROGRAM_DEADLINE_MS] (default: \(defaults.limits.programDeadlineMilliseconds))")
    public var programDeadlineMs: Int?
}

/// The defaults `--help` shows: those of the configuration itself.
private let defaults = ServiceConfiguration()
