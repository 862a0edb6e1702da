import AccessControl
import ArgumentParser
import CMalloc
import HTTPCompression
import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import Logging
import MicroHTTPServer
import Observability
import PostgresArchive
import SQLiteArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Substring {
    func trimmingCharacters() -> Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}

/// `layout-service [options]`: runs the service until SIGTERM or SIGINT, then drains and exits 0.
/// `layout-service healthcheck`: see `Healthcheck`.
@main
struct LayoutServiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout-service",
        abstract: "UICollectionView's layout half as an HTTP service.",
        discussion: """
            Runs the service (without a subcommand). Every option can also be set by the environment variable \
            shown with it; a flag wins over the variable, which wins over the default.
            """,
        subcommands: [Healthcheck.self, Keys.self])

    @Option(help: "Address to bind, IPv4 or IPv6. [env: LAYOUT_SERVICE_HOST] (default: \(Defaults.server.host))")
    var host: String?
    @Option(help: "TCP port. [env: LAYOUT_SERVICE_PORT] (default: \(Defaults.server.port))")
    var port: Int?
    @Option(help: "Event loops, and at most as many threads running them. [env: LAYOUT_SERVICE_THREADS] (default: the cores the service has: online, allowed by its affinity, within its cgroup's CPU quota)")
    var threads: Int?
    @Option(help: "auto: one loop thread runs, one more while every running one is busy and a processor is idle for it (fewer again when they wait for processors or the work fits in fewer); fixed: all --threads run. [env: LAYOUT_SERVICE_LOOP_SCALING] (default: \(Defaults.server.loopScaling.rawValue))")
    var loopScaling: String?
    @Option(help: "Where accepted specs are kept: sqlite (durable, in --data-dir), a postgres://user:password@host:port/database URL (durable and shared by replicas), or memory (lost on exit). [env: LAYOUT_SERVICE_STORE] (default: \(Defaults.store))")
    var store: String?
    @Option(help: "Directory of the sqlite store (created if missing). [env: LAYOUT_SERVICE_DATA_DIR] (default: \(Defaults.dataDirectory))")
    var dataDir: String?
    @Option(help: "Memory budget of prepared layouts, bytes (LRU). [env: LAYOUT_SERVICE_CACHE_BYTES] (default: \(Defaults.cacheBytes))")
    var cacheBytes: Int?
    @Option(help: "Largest request body, bytes (413 beyond). [env: LAYOUT_SERVICE_MAX_BODY_BYTES] (default: \(Defaults.server.maxBodyBytes))")
    var maxBodyBytes: Int?
    @Option(help: "Items per layout (422 beyond). [env: LAYOUT_SERVICE_MAX_ITEMS] (default: \(Defaults.limits.spec.maxItems))")
    var maxItems: Int?
    @Option(help: "Sections per layout (422 beyond). [env: LAYOUT_SERVICE_MAX_SECTIONS] (default: \(Defaults.limits.spec.maxSections))")
    var maxSections: Int?
    @Option(help: "Elements one rect query may return (422 beyond). [env: LAYOUT_SERVICE_MAX_ELEMENTS] (default: \(Defaults.limits.maxElements))")
    var maxElements: Int?
    @Option(help: "Open connections in total. [env: LAYOUT_SERVICE_MAX_CONNECTIONS] (default: \(Defaults.server.maxConnections))")
    var maxConnections: Int?
    @Option(help: "Open connections per client IP, 0 for no limit. [env: LAYOUT_SERVICE_MAX_CONNECTIONS_PER_IP] (default: \(Defaults.server.maxConnectionsPerIP))")
    var maxConnectionsPerIp: Int?
    @Option(help: "Seconds an idle connection is kept, 0 for ever. [env: LAYOUT_SERVICE_CONNECTION_TIMEOUT] (default: \(Defaults.server.connectionTimeout))")
    var connectionTimeout: Int?
    @Option(help: "Seconds a request head may take to arrive whole (from the connection's opening, or from the start of its next request); later ones get a 408 and are closed; 0 turns it off. [env: LAYOUT_SERVICE_HEAD_TIMEOUT] (default: \(Defaults.server.headTimeoutSeconds))")
    var headTimeout: Double?
    @Option(help: "Bytes a second a request body must average after one second of grace; slower ones get a 408 and are closed; 0 turns it off. [env: LAYOUT_SERVICE_MIN_BODY_BYTES_PER_SECOND] (default: \(Defaults.server.minBodyBytesPerSecond))")
    var minBodyBytesPerSecond: Int?
    @Option(help: "Memory per connection for its request head and buffers, bytes; larger headers get a 431. [env: LAYOUT_SERVICE_CONNECTION_MEMORY_BYTES] (default: \(Defaults.server.connectionMemoryBytes))")
    var connectionMemoryBytes: Int?
    @Option(help: "Origins browsers may call from (CORS): * or a comma-separated list. [env: LAYOUT_SERVICE_CORS_ORIGINS] (default: \(Defaults.corsOrigins))")
    var corsOrigins: String?
    @Option(help: "Seconds SIGTERM waits for requests in flight. [env: LAYOUT_SERVICE_DRAIN_SECONDS] (default: \(Defaults.server.drainSeconds))")
    var drainSeconds: Double?
    @Option(help: "Body bytes of the POST requests (parse, hash, prepare) handled at once; a POST that does not fit waits for room (any one POST runs alone). [env: LAYOUT_SERVICE_MAX_POST_BYTES_IN_FLIGHT] (default: \(Defaults.limits.maxPostBytesInFlight))")
    var maxPostBytesInFlight: Int?
    @Option(help: "Seconds a POST waits for room before a 503 with Retry-After; 0 refuses at once. [env: LAYOUT_SERVICE_POST_QUEUE_SECONDS] (default: \(Defaults.limits.postQueueSeconds))")
    var postQueueSeconds: Double?
    @Option(help: "POSTs waiting for room at once; one more gets a 503 at once. [env: LAYOUT_SERVICE_POST_QUEUE_LENGTH] (default: \(Defaults.limits.maxQueuedPosts))")
    var postQueueLength: Int?
    @Option(help: "POST requests handled at once whatever their size (the bytes are the budget). [env: LAYOUT_SERVICE_MAX_CONCURRENT_POSTS] (default: no limit)")
    var maxConcurrentPosts: Int?
    @Option(help: "Requests with bodies at least this large and every POST (it may wait in the POST queue) are handled on threads of their own, their connection suspended, so their event loop goes on serving other connections; so are requests that would wait (a GET of a layout to prepare again or of an id to read from the archive, a DELETE), on threads apart from those. 0 turns both off (all on the event loops). [env: LAYOUT_SERVICE_OFFLOAD_BODY_BYTES] (default: \(Defaults.server.offloadBodyBytes))")
    var offloadBodyBytes: Int?
    @Option(help: "Smallest answer gzipped for clients that accept gzip, bytes; 0 turns gzip off. [env: LAYOUT_SERVICE_GZIP_MIN_BYTES] (default: \(Defaults.gzipMinBytes))")
    var gzipMinBytes: Int?
    @Option(help: "Memory budget of encoded tiles (plain and gzipped), bytes (LRU). [env: LAYOUT_SERVICE_TILE_CACHE_BYTES] (default: \(Defaults.limits.tileCacheBytes))")
    var tileCacheBytes: Int?
    @Option(help: "File of API keys, one a line: ID SHA256-OF-SECRET SCOPES [requests-per-minute=N] [post-bytes-per-minute=N] (make lines with `layout-service keys new`); re-read on SIGHUP. Without it, anyone may read and write, and nobody may delete. [env: LAYOUT_SERVICE_API_KEYS_FILE]")
    var apiKeysFile: String?
    @Flag(help: "With keys: GET and HEAD need no key (for a public CDN in front). [env: LAYOUT_SERVICE_ANONYMOUS_READ=true]")
    var anonymousRead = false
    @Flag(help: "Without keys: anyone may DELETE a layout (else a 403). [env: LAYOUT_SERVICE_ALLOW_ANONYMOUS_DELETE=true]")
    var allowAnonymousDelete = false
    @Option(help: "Requests a minute per key without its own quota, and per client address without a key (429 beyond); 0 for no quota. [env: LAYOUT_SERVICE_REQUESTS_PER_MINUTE] (default: 0)")
    var requestsPerMinute: Int?
    @Option(help: "POST body bytes a minute per key without its own quota, and per client address without a key (429 beyond); 0 for no quota. [env: LAYOUT_SERVICE_POST_BYTES_PER_MINUTE] (default: 0)")
    var postBytesPerMinute: Int?
    @Option(help: "A second listener, on the same address, answering GET /metrics to anyone (for a scraper on a private network); on the main port /metrics needs the admin scope when there are keys. [env: LAYOUT_SERVICE_METRICS_PORT]")
    var metricsPort: Int?
    @Option(help: "Log level: trace, debug, info (one line per request), notice, warning, error, critical. [env: LAYOUT_SERVICE_LOG_LEVEL] (default: \(Defaults.logLevel))")
    var logLevel: String?

    func validate() throws {
        for (name, value) in [("--port", port), ("--threads", threads), ("--cache-bytes", cacheBytes),
                              ("--max-body-bytes", maxBodyBytes), ("--max-items", maxItems),
                              ("--max-sections", maxSections), ("--max-elements", maxElements),
                              ("--max-connections", maxConnections),
                              ("--max-connections-per-ip", maxConnectionsPerIp),
                              ("--connection-timeout", connectionTimeout), ("--gzip-min-bytes", gzipMinBytes),
                              ("--offload-body-bytes", offloadBodyBytes), ("--tile-cache-bytes", tileCacheBytes),
                              ("--post-queue-length", postQueueLength),
                              ("--min-body-bytes-per-second", minBodyBytesPerSecond),
                              ("--requests-per-minute", requestsPerMinute),
                              ("--post-bytes-per-minute", postBytesPerMinute), ("--metrics-port", metricsPort)] {
            if let value, value < 0 { throw ValidationError("\(name) must be 0 or more") }
        }
        if let headTimeout, !(0...86_400).contains(headTimeout) {
            throw ValidationError("--head-timeout must be from 0 to 86400 seconds")
        }
        if let port, port > 65535 { throw ValidationError("--port must be at most 65535") }
        if let store, Self.storeKind(store) == nil {
            throw ValidationError("--store must be sqlite, memory or a postgres:// URL")
        }
        if let maxConcurrentPosts, maxConcurrentPosts < 1 {
            throw ValidationError("--max-concurrent-posts must be 1 or more")
        }
        if let maxPostBytesInFlight, maxPostBytesInFlight < 1 {
            throw ValidationError("--max-post-bytes-in-flight must be 1 or more")
        }
        if let postQueueSeconds, !(postQueueSeconds >= 0 && postQueueSeconds <= 3600) {
            throw ValidationError("--post-queue-seconds must be 0 to 3600")
        }
        if let loopScaling, LoopScaling(rawValue: loopScaling) == nil {
            throw ValidationError("--loop-scaling must be auto or fixed")
        }
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let connectionMemoryBytes, connectionMemoryBytes < 4096 {
            throw ValidationError("--connection-memory-bytes must be at least 4096")
        }
    }

    func run() throws {
        // Block the stop signals and SIGHUP (reload the keys) before any thread starts (the log's flusher is the
        // first), so every thread inherits the mask and the main thread alone receives them, with sigwait.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        // Updates of large layouts allocate megabytes each: keep freed memory for reuse rather than fault fresh
        // pages in every time (an insert on a million items: about 15 ms with fresh pages, 4.5 ms with warm ones).
        _ = cmalloc_keep_freed_memory()
        var server = ServerConfiguration()
        server.host = try Environment.resolve(host, "LAYOUT_SERVICE_HOST", server.host)
        server.port = try Environment.resolve(port, "LAYOUT_SERVICE_PORT", server.port)
        server.threads = try Environment.resolve(threads, "LAYOUT_SERVICE_THREADS", ProcessorBudget.cores())
        let scalingName = try Environment.resolve(loopScaling, "LAYOUT_SERVICE_LOOP_SCALING",
                                                  server.loopScaling.rawValue)
        guard let scaling = LoopScaling(rawValue: scalingName) else {
            throw ValidationError("LAYOUT_SERVICE_LOOP_SCALING must be auto or fixed")
        }
        server.loopScaling = scaling
        server.maxBodyBytes = try Environment.resolve(maxBodyBytes, "LAYOUT_SERVICE_MAX_BODY_BYTES", server.maxBodyBytes)
        server.maxConnections = try Environment.resolve(maxConnections, "LAYOUT_SERVICE_MAX_CONNECTIONS",
                                                        server.maxConnections)
        server.maxConnectionsPerIP = try Environment.resolve(maxConnectionsPerIp,
                                                             "LAYOUT_SERVICE_MAX_CONNECTIONS_PER_IP",
                                                             server.maxConnectionsPerIP)
        server.connectionTimeout = try Environment.resolve(connectionTimeout, "LAYOUT_SERVICE_CONNECTION_TIMEOUT",
                                                           server.connectionTimeout)
        server.connectionMemoryBytes = try Environment.resolve(connectionMemoryBytes,
                                                               "LAYOUT_SERVICE_CONNECTION_MEMORY_BYTES",
                                                               server.connectionMemoryBytes)
        server.drainSeconds = try Environment.resolve(drainSeconds, "LAYOUT_SERVICE_DRAIN_SECONDS",
                                                      server.drainSeconds)
        server.offloadBodyBytes = try Environment.resolve(offloadBodyBytes, "LAYOUT_SERVICE_OFFLOAD_BODY_BYTES",
                                                          server.offloadBodyBytes)
        server.offloadThreads = server.threads
        server.deferredThreads = max(4, 2 * server.threads)
        server.headTimeoutSeconds = try Environment.resolve(headTimeout, "LAYOUT_SERVICE_HEAD_TIMEOUT",
                                                            server.headTimeoutSeconds)
        server.minBodyBytesPerSecond = try Environment.resolve(minBodyBytesPerSecond,
                                                               "LAYOUT_SERVICE_MIN_BODY_BYTES_PER_SECOND",
                                                               server.minBodyBytesPerSecond)
        // The environment's values too (the flags were checked in `validate`): the guard counts in nanoseconds.
        guard (0...86_400).contains(server.headTimeoutSeconds) else {
            throw ValidationError("LAYOUT_SERVICE_HEAD_TIMEOUT must be from 0 to 86400 seconds")
        }
        guard server.minBodyBytesPerSecond >= 0 else {
            throw ValidationError("LAYOUT_SERVICE_MIN_BODY_BYTES_PER_SECOND must be 0 or more")
        }
        var limits = ServiceLimits()
        limits.spec.maxItems = try Environment.resolve(maxItems, "LAYOUT_SERVICE_MAX_ITEMS", limits.spec.maxItems)
        limits.spec.maxSections = try Environment.resolve(maxSections, "LAYOUT_SERVICE_MAX_SECTIONS",
                                                          limits.spec.maxSections)
        limits.maxElements = try Environment.resolve(maxElements, "LAYOUT_SERVICE_MAX_ELEMENTS", limits.maxElements)
        let cache = try Environment.resolve(cacheBytes, "LAYOUT_SERVICE_CACHE_BYTES", Defaults.cacheBytes)
        limits.corsOrigins = try Environment.resolve(corsOrigins, "LAYOUT_SERVICE_CORS_ORIGINS", Defaults.corsOrigins)
            .split(separator: ",").map { String($0.trimmingCharacters()) }
        limits.maxConcurrentPosts = max(1, try Environment.resolve(maxConcurrentPosts,
                                                                   "LAYOUT_SERVICE_MAX_CONCURRENT_POSTS",
                                                                   limits.maxConcurrentPosts))
        limits.maxPostBytesInFlight = max(1, try Environment.resolve(maxPostBytesInFlight,
                                                                     "LAYOUT_SERVICE_MAX_POST_BYTES_IN_FLIGHT",
                                                                     limits.maxPostBytesInFlight))
        limits.postQueueSeconds = try Environment.resolve(postQueueSeconds, "LAYOUT_SERVICE_POST_QUEUE_SECONDS",
                                                          limits.postQueueSeconds)
        guard limits.postQueueSeconds >= 0, limits.postQueueSeconds <= 3600 else {
            throw ValidationError("LAYOUT_SERVICE_POST_QUEUE_SECONDS must be 0 to 3600")
        }
        limits.maxQueuedPosts = try Environment.resolve(postQueueLength, "LAYOUT_SERVICE_POST_QUEUE_LENGTH",
                                                        limits.maxQueuedPosts)
        limits.tileCacheBytes = try Environment.resolve(tileCacheBytes, "LAYOUT_SERVICE_TILE_CACHE_BYTES",
                                                        limits.tileCacheBytes)
        let gzipMinimum = try Environment.resolve(gzipMinBytes, "LAYOUT_SERVICE_GZIP_MIN_BYTES", Defaults.gzipMinBytes)
        let levelName = try Environment.resolve(logLevel, "LAYOUT_SERVICE_LOG_LEVEL", Defaults.logLevel)
        guard let level = Logger.Level(rawValue: levelName) else {
            throw ValidationError("LAYOUT_SERVICE_LOG_LEVEL must be one of "
                                  + Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))
        }
        let logOutput = LogOutput()
        let logger = Logger(label: "layout-service") { label in
            LineLogHandler(label: label, level: level, output: logOutput)
        }


        // Keys: a malformed file or an unknown scope stops the service here, with the line's number.
        let keysPath = Environment.string("LAYOUT_SERVICE_API_KEYS_FILE").map { apiKeysFile ?? $0 } ?? apiKeysFile
        let keys: [APIKey]? = try keysPath.map { path in
            do { return try KeysFile.load(path: path) } catch { throw ValidationError("--api-keys-file \(path): \(error)") }
        }
        var policy = AccessPolicy()
        policy.corsOrigins = limits.corsOrigins
        policy.routeTemplate = { LayoutService.routeTemplateLiteral(path: $0) }
        policy.anonymousRead = try anonymousRead || Environment.resolve(nil, "LAYOUT_SERVICE_ANONYMOUS_READ", false)
        policy.allowAnonymousDelete = try allowAnonymousDelete
            || Environment.resolve(nil, "LAYOUT_SERVICE_ALLOW_ANONYMOUS_DELETE", false)
        policy.requestsPerMinute = try Environment.resolve(requestsPerMinute, "LAYOUT_SERVICE_REQUESTS_PER_MINUTE", 0)
        policy.postBytesPerMinute = try Environment.resolve(postBytesPerMinute, "LAYOUT_SERVICE_POST_BYTES_PER_MINUTE",
                                                            0)
        let metricsListener: Int? = Environment.string("LAYOUT_SERVICE_METRICS_PORT") == nil
            ? metricsPort : try Environment.resolve(metricsPort, "LAYOUT_SERVICE_METRICS_PORT", 0)
        // Every connection is a descriptor (the metrics listener's too): raise the soft limit to fit, or say it won't.
        let descriptors = DescriptorLimit.needed(connections: server.maxConnections * (metricsListener == nil ? 1 : 2),
                                                 threads: server.threads)
        if let nofile = DescriptorLimit.raise(to: descriptors), nofile < descriptors {
            logger.warning("descriptor limit below --max-connections: connections beyond it wait in the backlog",
                           metadata: ["nofile": "\(nofile)", "needed": "\(descriptors)"])
        }

        let storeSetting = try Environment.resolve(store, "LAYOUT_SERVICE_STORE", Defaults.store)
        let specMemory = Defaults.specMemoryBytes
        let storeTimeout = Duration.seconds(Defaults.storeTimeoutSeconds)
        let directory = try Environment.resolve(dataDir, "LAYOUT_SERVICE_DATA_DIR", Defaults.dataDirectory)
        let archive: (any SpecArchive)?
        let specsWhere: String
        switch Self.storeKind(storeSetting) {
        case .sqlite:
            archive = try SQLiteArchive(directory: directory)
            specsWhere = "sqlite \(directory)/layouts.sqlite"
        case .postgres:
            archive = try PostgresArchive(url: storeSetting, maxIdleConnections: server.threads, timeout: storeTimeout)
            specsWhere = "postgres"
        case .memory:
            archive = nil
            specsWhere = "memory"
        case nil:
            throw ValidationError("LAYOUT_SERVICE_STORE must be sqlite, memory or a postgres:// URL")
        }
        let metrics = ServiceMetrics()
        let layouts = LayoutStore(
            capacityBytes: cache, specMemoryBytes: specMemory, archive: archive, onPrepare: metrics.recordPrepare,
            onStoreError: { operation, message, suppressed in
                logger.error("store error", metadata: [
                    "operation": "\(operation.name)", "error": "\(message)", "suppressed": "\(suppressed)",
                ])
            })
        // Tiles are gzipped once, when encoded, with the level answers are gzipped at (when gzip is on).
        let tileGzip = gzipMinimum == 0 ? nil : TileGzip(
            accepts: { CompressingHandler<LayoutService>.acceptsGzip($0.header("Accept-Encoding")) },
            compress: { bytes in Gzip.compress(bytes, level: 1).map { HTTPBody(adopting: $0.0, count: $0.1) } })
        let service = LayoutService(store: layouts, limits: limits, tileGzip: tileGzip)
        let metricsSources: [any MetricsSource] = [StoreFigures(store: layouts), TileFigures(service: service)]
        let access = AccessHandler(
            MetricsEndpoint(CompressingHandler(service, minimumBytes: gzipMinimum > 0 ? gzipMinimum : .max),
                            metrics: metrics, sources: metricsSources),
            keys: keys, policy: policy)
        let front = ObservedService(access, metrics: metrics, sources: metricsSources, logger: logger,
                                    requestLines: logOutput, servesMetrics: false)
        metrics.include { access.writeMetrics(into: &$0) }
        let http = try MicroHTTPServer(configuration: server, handler: front)
        var metricsServer: MicroHTTPServer?
        if let metricsListener {
            var configuration = server
            configuration.port = metricsListener
            configuration.threads = 1
            configuration.offloadBodyBytes = 0
            metricsServer = try MicroHTTPServer(configuration: configuration,
                                                handler: MetricsEndpoint(NoEndpoint(), metrics: metrics, sources: metricsSources))
        }
        metrics.include { [unowned http] out in
            out += Array("""
                # HELP http_slow_clients_closed_total Connections closed for a late request head or a slow body.
                # TYPE http_slow_clients_closed_total counter
                http_slow_clients_closed_total{phase="head"} \(http.closedSlowHeads)
                http_slow_clients_closed_total{phase="body"} \(http.closedSlowBodies)
                # HELP http_loop_threads_running Threads running the event loops now (at most --threads).
                # TYPE http_loop_threads_running gauge
                http_loop_threads_running \(http.activeThreads)
                # HELP http_loop_thread_changes_total Times --loop-scaling auto changed the running loop threads.
                # TYPE http_loop_thread_changes_total counter
                http_loop_thread_changes_total \(http.threadChanges)

                """.utf8)
        }
        logger.notice("listening", metadata: [
            "address": "\(server.host):\(http.port)", "threads": "\(server.threads)",
            "loop_scaling": "\(server.loopScaling.rawValue)", "specs": "\(specsWhere)",
            "keys": "\(keys.map { String($0.count) } ?? "none")",
            "metrics_port": "\(metricsServer.map { String($0.port) } ?? "-")",
        ])
        var received: Int32 = 0
        while true {
            sigwait(&signals, &received)
            guard received == SIGHUP else { break }
            // Re-read the keys (to revoke one without a restart); a bad file keeps the keys in force.
            guard let keysPath else {
                logger.notice("SIGHUP ignored: no --api-keys-file")
                continue
            }
            do {
                let reloaded = try KeysFile.load(path: keysPath)
                access.reload(reloaded)
                logger.notice("keys reloaded", metadata: ["keys": "\(reloaded.count)"])
            } catch {
                logger.error("keys not reloaded, the previous ones stay in force",
                             metadata: ["file": "\(keysPath)", "error": "\(error)", "keys": "\(access.keyIDs.count)"])
            }
        }
        logger.notice("draining", metadata: ["signal": "\(received)", "in_flight": "\(http.requestsInFlight)"])
        service.markDraining()
        metricsServer?.shutdown()
        http.shutdown()
        logger.notice("stopped")
        logOutput.flush()
    }

    enum StoreKind { case sqlite, memory, postgres }

    /// What a --store value names, or nil.
    static func storeKind(_ value: String) -> StoreKind? {
        if value == "sqlite" { return .sqlite }
        if value == "memory" { return .memory }
        if value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") { return .postgres }
        return nil
    }
}

/// The store's figures on `/metrics`.
/// The tile cache's figures on `/metrics`.
struct TileFigures: MetricsSource {
    let service: LayoutService
    func metricFigures() -> [MetricFigure] {
        service.tileFigures.map { MetricFigure($0.name, $0.isCounter ? .counter : .gauge, $0.value) }
    }
}

struct StoreFigures: MetricsSource {
    let store: LayoutStore
    func metricFigures() -> [MetricFigure] {
        store.figures.map { MetricFigure($0.name, $0.isCounter ? .counter : .gauge, $0.value) }
    }
}
