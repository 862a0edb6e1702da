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
import TextShaping
import Synchronization
import ServiceConfiguration
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    @OptionGroup var flags: ServiceFlags

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
        // pages in every time (faulting them in costs an insert on a large layout more than its own work).
        _ = cmalloc_keep_freed_memory()
        let configuration: ServiceConfiguration
        do {
            configuration = try ServiceConfiguration.resolve(flags: flags, environment: ProcessEnvironment.variables())
        } catch {
            throw ValidationError(error.description)
        }
        let server = configuration.server
        let level = configuration.logLevel
        let logOutput = LogOutput()
        let logger = Logger(label: "layout-service") { label in
            LineLogHandler(label: label, level: level, output: logOutput)
        }

        // Keys: a malformed file or an unknown scope stops the service here, with the line's number.
        let keysPath = configuration.apiKeysFile
        let keys: [APIKey]? = try keysPath.map { path in
            do { return try KeysFile.load(path: path) } catch { throw ValidationError("--api-keys-file \(path): \(error)") }
        }
        var policy = configuration.access
        policy.routeTemplate = { LayoutService.routeTemplateLiteral(path: $0) }
        let metricsListener = configuration.metricsPort
        // Every connection is a descriptor (the metrics listener's too): raise the soft limit to fit, or say it won't.
        let descriptors = DescriptorLimit.needed(connections: server.maxConnections * (metricsListener == nil ? 1 : 2),
                                                 threads: server.threads)
        if let nofile = DescriptorLimit.raise(to: descriptors), nofile < descriptors {
            logger.warning("descriptor limit below --max-connections: connections beyond it wait in the backlog",
                           metadata: ["nofile": "\(nofile)", "needed": "\(descriptors)"])
        }

        let archive: (any SpecArchive)?
        let specsWhere: String
        switch configuration.store {
        case .sqlite:
            archive = try SQLiteArchive(directory: configuration.dataDirectory)
            specsWhere = "sqlite \(configuration.dataDirectory)/layouts.sqlite"
        case .postgres(let url):
            archive = try PostgresArchive(url: url, maxIdleConnections: server.threads,
                                          timeout: .seconds(configuration.storeTimeoutSeconds))
            specsWhere = "postgres"
        case .memory:
            archive = nil
            specsWhere = "memory"
        }
        let metrics = ServiceMetrics()
        let freedSinceTrim = Atomic<Int>(0)
        // Cells given as content are measured when prepared by the shaper, with the fonts of --fonts-dir (their
        // styles' fonts are checked against its catalog before a spec is stored).
        let fonts = FontCatalog(directories: configuration.fontsDirectories)
        logger.info("fonts", metadata: [
            "directories": "\(configuration.fontsDirectories.joined(separator: ":"))",
            "families": "\(fonts.families.count)", "fallback": "\(fonts.fallback.joined(separator: ", "))",
            "unreadable": "\(fonts.unreadable.count)", "coverage_bytes": "\(fonts.coverageBytes)",
        ])
        for missing in FontCatalog.preferredFallback + [FontCatalog.lastResort] where !fonts.families.contains(where: { $0.name == missing }) {
            logger.warning("fallback font family missing: text only it has a glyph for is refused (422)",
                           metadata: ["family": "\(missing)"])
        }
        // Freed memory stays in the process (above) until this much was freed by evictions (layouts, specs, fonts):
        // then its free pages go back to the system, so the resident memory follows the budgets.
        let freed: @Sendable (Int) -> Void = { bytes in
            if freedSinceTrim.add(bytes, ordering: .relaxed).newValue >= 128 << 20 {
                freedSinceTrim.store(0, ordering: .relaxed)
                cmalloc_release_free_memory()
            }
        }
        let textShaper = TextShaper(catalog: fonts, cacheBytes: configuration.wordCacheBytes,
                                    fontCacheBytes: configuration.fontCacheBytes, onFreed: freed)
        let layouts = LayoutStore(
            capacityBytes: configuration.cacheBytes, specMemoryBytes: configuration.specMemoryBytes, archive: archive,
            onPrepare: metrics.recordPrepare,
            onStoreError: { operation, message, suppressed in
                logger.error("store error", metadata: [
                    "operation": "\(operation.name)", "error": "\(message)", "suppressed": "\(suppressed)",
                ])
            },
            onFreed: freed,
            measurer: textShaper)
        // Tiles are gzipped once, when encoded, with the level answers are gzipped at (when gzip is on).
        let gzipMinimum = configuration.gzipMinBytes
        let tileGzip = gzipMinimum == 0 ? nil : TileGzip(
            accepts: { CompressingHandler<LayoutService>.acceptsGzip($0.header("Accept-Encoding")) },
            compress: { bytes in Gzip.compress(bytes, level: 1).map { HTTPBody(adopting: $0.0, count: $0.1) } })
        let service = LayoutService(store: layouts, limits: configuration.limits, tileGzip: tileGzip, fonts: fonts)
        let metricsSources: [any MetricsSource] = [
            StoreFigures(store: layouts), TileFigures(service: service), TextFigures(service: service),
        ]
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
            var listener = server
            listener.port = metricsListener
            listener.threads = 1
            listener.offloadBodyBytes = 0
            listener.drainAcceptSeconds = 0
            metricsServer = try MicroHTTPServer(configuration: listener,
                                                handler: MetricsEndpoint(NoEndpoint(), metrics: metrics, sources: metricsSources))
        }
        metrics.include { [unowned http] out in
            out += Array("""
                # HELP http_slow_clients_closed_total Connections closed for a late request head or a slow body.
                # TYPE http_slow_clients_closed_total counter
                http_slow_clients_closed_total{phase="head"} \(http.closedSlowHeads)
                http_slow_clients_closed_total{phase="body"} \(http.closedSlowBodies)

                """.utf8)
        }
        logger.notice("listening", metadata: [
            "address": "\(server.host):\(http.port)", "threads": "\(server.threads)",
            "specs": "\(specsWhere)",
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
        service.markDraining()  // /readyz answers 503 while the server still accepts (--drain-accept-seconds)
        http.shutdown()
        metricsServer?.shutdown()
        logger.notice("stopped")
        logOutput.flush()
    }
}

/// The text caches' figures on `/metrics`: words, fonts for shaping, served font files.
struct TextFigures: MetricsSource {
    let service: LayoutService
    func metricFigures() -> [MetricFigure] {
        service.textFigures.map { MetricFigure($0.name, $0.isCounter ? .counter : .gauge, $0.value) }
    }
}

/// The tile cache's figures on `/metrics`.
struct TileFigures: MetricsSource {
    let service: LayoutService
    func metricFigures() -> [MetricFigure] {
        service.tileFigures.map { MetricFigure($0.name, $0.isCounter ? .counter : .gauge, $0.value) }
    }
}

/// The store's figures on `/metrics`.
struct StoreFigures: MetricsSource {
    let store: LayoutStore
    func metricFigures() -> [MetricFigure] {
        store.figures.map { MetricFigure($0.name, $0.isCounter ? .counter : .gauge, $0.value) }
    }
}
