public import AccessControl
import HTTPCompression
import LayoutEngine
public import LayoutService
public import Logging
public import MicroHTTPServer

/// Everything `layout-service` runs with: the server's, the service's and the access handler's settings, and the
/// command's own. Its initial values are the defaults; `resolve` gives each option its flag's value, else its
/// environment variable's, else the default.
public struct ServiceConfiguration: Sendable {
    public var server = ServerConfiguration.service
    public var limits = ServiceLimits()
    /// The quotas and anonymous access; the command adds the route templates.
    public var access = AccessPolicy()
    public var store = Store.sqlite
    /// The sqlite store's directory.
    public var dataDirectory = "./data"
    /// The directories of the font files text is measured with and served from (docs/text.md): where Debian's
    /// fonts-inter, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji and fonts-unifont put them (TextShaping's
    /// `FontCatalog.defaultDirectories`, which the tests compare).
    public var fontsDirectories = [
        "/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/noto", "/usr/share/fonts/opentype/noto",
        "/usr/share/fonts/opentype/unifont",
    ]
    /// Memory budget of the widths of shaped words.
    public var wordCacheBytes = 64 << 20
    /// Memory budget of the fonts kept for shaping (faces, sizes, styles).
    public var fontCacheBytes = 64 << 20
    /// Memory budget of prepared layouts.
    public var cacheBytes = 512 << 20
    /// Memory budget of specs (past it they are read back from the store; the memory store refuses new ones).
    public var specMemoryBytes = 256 << 20
    /// How long a call to PostgreSQL may take, connecting included.
    public var storeTimeoutSeconds = 5.0
    /// The smallest answer gzipped; 0 turns gzip off.
    public var gzipMinBytes = CompressionDefaults.minimumBytes
    public var logLevel = Logger.Level.info
    public var apiKeysFile: String?
    /// The port of the second listener, which answers `/metrics` to anyone.
    public var metricsPort: Int?

    public init() {}

    /// Where accepted specs are kept.
    public enum Store: Sendable, Equatable {
        case sqlite, memory
        case postgres(url: String)

        /// A `--store` value's store, or nil.
        init?(_ setting: String) {
            switch setting {
            case "sqlite": self = .sqlite
            case "memory": self = .memory
            case _ where setting.hasPrefix("postgres://") || setting.hasPrefix("postgresql://"):
                self = .postgres(url: setting)
            default: return nil
            }
        }

        public var name: String {
            switch self {
            case .sqlite: "sqlite"
            case .memory: "memory"
            case .postgres: "postgres"
            }
        }
    }

    /// The configuration the flags and the environment give. `environment` holds the process's variables;
    /// `processors` gives the default of `--threads` (`ProcessorBudget.cores`), asked only when neither the flag
    /// nor its variable is given. An error names the flag or the variable whose value the service cannot run with.
    public static func resolve(
        flags: ServiceFlags, environment: [String: String], processors: () -> Int = ProcessorBudget.cores
    ) throws(ConfigurationError) -> ServiceConfiguration {
        let settings = Settings(environment: environment)
        var c = ServiceConfiguration()

        c.server.host = try settings.value(flags.host, "host", c.server.host)
        c.server.port = try settings.value(flags.port, "port", c.server.port, .from(0, to: 65535))
        c.server.threads = try settings.optional(flags.threads, "threads", .atLeast(0)) ?? processors()
        c.server.maxBodyBytes = try settings.value(flags.maxBodyBytes, "max-body-bytes", c.server.maxBodyBytes,
                                                   .atLeast(0))
        c.server.maxConnections = try settings.value(flags.maxConnections, "max-connections",
                                                     c.server.maxConnections, .atLeast(0))
        c.server.maxConnectionsPerIP = try settings.value(flags.maxConnectionsPerIp, "max-connections-per-ip",
                                                          c.server.maxConnectionsPerIP, .atLeast(0))
        c.server.connectionTimeout = try settings.value(flags.connectionTimeout, "connection-timeout",
                                                        c.server.connectionTimeout, .atLeast(0))
        c.server.headTimeoutSeconds = try settings.value(flags.headTimeout, "head-timeout",
                                                         c.server.headTimeoutSeconds, .from(0, to: 86_400))
        c.server.minBodyBytesPerSecond = try settings.value(flags.minBodyBytesPerSecond, "min-body-bytes-per-second",
                                                            c.server.minBodyBytesPerSecond, .atLeast(0))
        c.server.connectionMemoryBytes = try settings.value(flags.connectionMemoryBytes, "connection-memory-bytes",
                                                            c.server.connectionMemoryBytes, .atLeast(4096))
        c.server.drainSeconds = try settings.value(flags.drainSeconds, "drain-seconds", c.server.drainSeconds,
                                                   .atLeast(0))
        c.server.offloadBodyBytes = try settings.value(flags.offloadBodyBytes, "offload-body-bytes",
                                                       c.server.offloadBodyBytes, .atLeast(0))
        c.server.offloadThreads = c.server.threads
        c.server.deferredThreads = max(4, 2 * c.server.threads)

        c.limits.spec.maxItems = try settings.value(flags.maxItems, "max-items", c.limits.spec.maxItems, .atLeast(0))
        c.limits.spec.maxSections = try settings.value(flags.maxSections, "max-sections", c.limits.spec.maxSections,
                                                       .atLeast(0))
        c.limits.spec.maxTextLength = try settings.value(flags.maxTextLength, "max-text-length",
                                                         c.limits.spec.maxTextLength, .atLeast(0))
        c.limits.maxUncachedTextBytes = try settings.value(flags.maxUncachedTextBytes, "max-uncached-text-bytes",
                                                           c.limits.maxUncachedTextBytes, .atLeast(0))
        c.limits.fontFileBytes = try settings.value(flags.fontFileBytes, "font-file-bytes", c.limits.fontFileBytes,
                                                    .atLeast(0))
        c.limits.fontSliceBytes = try settings.value(flags.fontSliceBytes, "font-slice-bytes", c.limits.fontSliceBytes,
                                                     .atLeast(0))
        c.limits.maxElements = try settings.value(flags.maxElements, "max-elements", c.limits.maxElements,
                                                  .atLeast(0))
        c.limits.loopElements = try settings.value(flags.loopElements, "loop-elements", c.limits.loopElements,
                                                   .atLeast(1))
        c.limits.corsOrigins = try settings.value(flags.corsOrigins, "cors-origins",
                                                  c.limits.corsOrigins.joined(separator: ","))
            .split(separator: ",").map { String($0.trimmingSpaces()) }
        c.limits.maxPostBytesInFlight = try settings.value(flags.maxPostBytesInFlight, "max-post-bytes-in-flight",
                                                           c.limits.maxPostBytesInFlight, .atLeast(1))
        c.limits.postQueueSeconds = try settings.value(flags.postQueueSeconds, "post-queue-seconds",
                                                       c.limits.postQueueSeconds, .from(0, to: 3600))
        c.limits.maxQueuedPosts = try settings.value(flags.postQueueLength, "post-queue-length",
                                                     c.limits.maxQueuedPosts, .atLeast(0))
        c.limits.maxConcurrentPosts = try settings.value(flags.maxConcurrentPosts, "max-concurrent-posts",
                                                         c.limits.maxConcurrentPosts, .atLeast(1))
        // One thread fewer than the processors', so that one stays for other work; one with one processor (the
        // POST pool then still has its own, which the processor's time slices share).
        c.limits.clientWorkThreads = try settings.value(flags.clientWorkThreads, "client-work-threads",
                                                        max(1, c.server.threads - 1), .from(1, to: 1024))
        c.limits.tileCacheBytes = try settings.value(flags.tileCacheBytes, "tile-cache-bytes",
                                                     c.limits.tileCacheBytes, .atLeast(0))

        c.limits.maxProgramBytes = try settings.value(flags.maxProgramBytes, "max-program-bytes",
                                                      c.limits.maxProgramBytes, .atLeast(0))
        c.limits.programFuel = try settings.value(flags.programFuel, "program-fuel", c.limits.programFuel, .atLeast(1))
        c.limits.programMemoryPages = try settings.value(flags.programMemoryPages, "program-memory-pages",
                                                         c.limits.programMemoryPages, .from(1, to: 65536))
        c.limits.programElements = try settings.value(flags.programElements, "program-elements",
                                                      c.limits.programElements, .atLeast(0))
        c.limits.programDeadlineMilliseconds = try settings.value(
            flags.programDeadlineMs, "program-deadline-ms", c.limits.programDeadlineMilliseconds,
            .from(1, to: 600_000))

        c.access.corsOrigins = c.limits.corsOrigins
        c.access.anonymousRead = try settings.flag(flags.anonymousRead, "anonymous-read")
        c.access.allowAnonymousDelete = try settings.flag(flags.allowAnonymousDelete, "allow-anonymous-delete")
        c.access.requestsPerMinute = try settings.value(flags.requestsPerMinute, "requests-per-minute",
                                                        c.access.requestsPerMinute, .atLeast(0))
        c.access.postBytesPerMinute = try settings.value(flags.postBytesPerMinute, "post-bytes-per-minute",
                                                         c.access.postBytesPerMinute, .atLeast(0))
        c.apiKeysFile = try settings.given(flags.apiKeysFile, "api-keys-file")?.value

        let store = try settings.given(flags.store, "store")
        if let store {
            guard let kind = Store(store.value) else {
                throw store.error("must be sqlite, memory or a postgres:// URL")
            }
            c.store = kind
        }
        c.dataDirectory = try settings.value(flags.dataDir, "data-dir", c.dataDirectory)
        c.fontsDirectories = try settings.value(flags.fontsDir, "fonts-dir", c.fontsDirectories.joined(separator: ":"))
            .split(separator: ":").map(String.init)
        c.wordCacheBytes = try settings.value(flags.wordCacheBytes, "word-cache-bytes", c.wordCacheBytes, .atLeast(0))
        c.fontCacheBytes = try settings.value(flags.fontCacheBytes, "font-cache-bytes", c.fontCacheBytes, .atLeast(0))
        c.cacheBytes = try settings.value(flags.cacheBytes, "cache-bytes", c.cacheBytes, .atLeast(0))
        c.specMemoryBytes = try settings.value(flags.specMemoryBytes, "spec-memory-bytes", c.specMemoryBytes,
                                               .atLeast(0))
        c.storeTimeoutSeconds = try settings.value(flags.storeTimeoutSeconds, "store-timeout-seconds",
                                                   c.storeTimeoutSeconds, .from(0.1, to: 3600))
        c.gzipMinBytes = try settings.value(flags.gzipMinBytes, "gzip-min-bytes", c.gzipMinBytes, .atLeast(0))
        c.metricsPort = try settings.optional(flags.metricsPort, "metrics-port", .from(0, to: 65535))
        c.logLevel = try settings.choice(flags.logLevel, "log-level", c.logLevel)
        c.server.bodyRateWindowSeconds = try settings.value(flags.bodyRateWindow, "body-rate-window",
                                                            c.server.bodyRateWindowSeconds, .from(0.1, to: 86_400))
        c.server.bodyTimeoutSeconds = try settings.value(flags.bodyTimeout, "body-timeout",
                                                         c.server.bodyTimeoutSeconds, .from(0, to: 86_400))
        c.server.drainAcceptSeconds = try settings.value(flags.drainAcceptSeconds, "drain-accept-seconds",
                                                         c.server.drainAcceptSeconds, .from(0, to: 86_400))
        return c
    }
}

extension ServerConfiguration {
    /// The server's defaults as the service runs it: SIGTERM goes on accepting for 5 s, longer than a balancer
    /// takes to see `/readyz` fail (deploy/kubernetes.yaml probes it every 2 s).
    static var service: ServerConfiguration {
        var server = ServerConfiguration()
        server.drainAcceptSeconds = 5
        return server
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return s
    }
}
