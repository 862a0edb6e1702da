// swift-tools-version:6.0
import PackageDescription

/// The module graph, with the one direction each arrow may take, is docs/architecture.md's picture
/// (scripts/check-module-graph fails on an import it does not allow). In short, arrows point one way:
///   layout-service -> LayoutService -> LayoutStore -> LayoutWire -> LayoutEngine
///   layout-service -> SQLiteArchive -> LayoutStore (the archive implements LayoutStore's SpecArchive)
///   layout-service -> PostgresArchive -> LayoutStore (the shared archive of replicas, over libpq)
///   LayoutService -> HTTPCore <- MicroHTTPServer -> CMicroHTTPD
///   HTTPCompression -> HTTPCore, CZlib (gzip answers: a handler around any handler)
///   Observability -> HTTPCore (request log, metrics, /metrics: a handler around any handler; the route template
///     comes with the response, the store's figures through Observability's MetricsSource)
///   AccessControl -> HTTPCore, CCrypto (API keys, scopes, quotas: a handler around any handler)
///   layout-service -> ServiceConfiguration -> MicroHTTPServer, LayoutService, LayoutEngine, AccessControl,
///     HTTPCompression
///     (the options: flag > environment variable > default)
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

/// The JavaScript client's modules (clients/js/lib), each served with its declarations at /client/lib/.
let clientModules = [
    "adaptive", "collapsing-header", "elements", "fetch-state", "http-client", "outline", "plans", "problem",
    "scroll-axis", "scroll-effects", "scroll-mapping", "strategies", "text-cells", "updates", "velocity", "views",
    "virtualizer", "waterfall-updates", "worker-fetch",
]

let package = Package(
    name: "layout-service",
    platforms: [.macOS(.v15), .iOS(.v16)],
    products: [
        // The engine alone, for an app that lays out with it offline (docs/engine-library.md): pure Swift, no
        // Foundation; LayoutEngineFoundation converts to and from CGRect and IndexPath.
        .library(name: "LayoutEngine", targets: ["LayoutEngine", "LayoutEngineFoundation"]),
        .executable(name: "layout-service", targets: ["layout-service"]),
        .executable(name: "layout-bench", targets: ["layout-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.5.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        // Exactly: LayoutPrograms uses interfaces WasmKit keeps to its own tools (`@_spi(Fuzzing)`: the store's
        // resource limiter, a type index's function type, dropping the start function), which a minor release may
        // change; HostileProgramTests.theInterfacesKeptToWasmKitsToolsHold checks what they do.
        .package(url: "https://github.com/swiftwasm/WasmKit", exact: "0.4.2"),
    ],
    targets: [
        // Pure Swift: geometry, specs, flow layout, prepared layouts and their spatial index. No Foundation, no I/O.
        .target(
            name: "LayoutEngine", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: strict),
        // Layout programs: WebAssembly modules that compute frames, validated and run in WasmKit's sandbox with fuel,
        // memory, element and deadline limits (docs/programs.md). The only target that links WasmKit.
        .target(
            name: "LayoutPrograms",
            dependencies: [.product(name: "WasmKit", package: "WasmKit"), .product(name: "WasmParser", package: "WasmKit")],
            swiftSettings: strict),
        // CGRect, CGPoint, CGSize and IndexPath to and from the engine's types: the only target that imports
        // Foundation, and nothing of the service's links it.
        .target(name: "LayoutEngineFoundation", dependencies: ["LayoutEngine"], swiftSettings: strict),
        // JSON reading and writing (own strict parser), spec decoding with JSON pointers, canonical form, encoding.
        .target(name: "LayoutWire", dependencies: ["LayoutEngine"], swiftSettings: strict),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        // Spec digests (SHA-256, libcrypto), the bytes-bounded LRU of prepared layouts, single-flight preparation.
        .target(name: "LayoutStore", dependencies: ["LayoutEngine", "LayoutWire", "CCrypto"], swiftSettings: strict),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The embedded spec archive (SQLite): the only code that touches sqlite3.
        .target(name: "SQLiteArchive", dependencies: ["CSQLite", "LayoutStore"], swiftSettings: strict),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        // The shared spec archive (PostgreSQL, for replicas): the only code that touches libpq.
        .target(name: "PostgresArchive", dependencies: ["CPostgres", "LayoutStore"], swiftSettings: strict),
        // Request/response values and the handler protocol; no sockets.
        .target(name: "HTTPCore", swiftSettings: strict),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        // A blocking HTTP/1.1 client on a socket, for the healthcheck command and the socket tests; no libmicrohttpd.
        // The socket calls whose flags differ between Linux and macOS (shim.h).
        .systemLibrary(name: "CSocket"),
        .target(name: "HTTPClient", dependencies: ["HTTPCore", "CSocket"], swiftSettings: strict),
        // The only code that touches libmicrohttpd: daemon life cycle, callbacks -> HTTPCore handler.
        .target(name: "MicroHTTPServer", dependencies: ["CMicroHTTPD", "HTTPCore", "CSocket"], swiftSettings: strict),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // gzip for answers whose client accepts it: the only code that touches zlib.
        .target(name: "HTTPCompression", dependencies: ["CZlib", "HTTPCore"], swiftSettings: strict),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // Text measured as Chromium draws it: the font catalog (FreeType), shaping (HarfBuzz), line breaking (ICU),
        // the word cache. The only code that touches those libraries.
        .target(
            name: "TextShaping", dependencies: ["LayoutEngine", "CFreeType", "CHarfBuzz", "CICU"],
            swiftSettings: strict),
        // API keys with scopes, no anonymous deletes, quotas per key or client address: a handler around any handler.
        .target(name: "AccessControl", dependencies: ["HTTPCore", "CCrypto"], swiftSettings: strict),
        // Routes, wire format, problem errors.
        // The playground's page and the JavaScript client are embedded at build time (byte arrays, no Foundation);
        // Playground/layout-client.js links to clients/js/layout-client.js, Playground/lib/* to the client's modules
        // (clients/js/lib) and their declarations (clients/js/types), Playground/*.wasm to examples/programs.
        .target(
            name: "LayoutService",
            dependencies: ["HTTPCore", "LayoutStore", "LayoutWire", "LayoutEngine", "LayoutPrograms", "TextShaping"],
            resources: [
                .embedInCode("Playground/playground.html"), .embedInCode("Playground/playground.css"),
                .embedInCode("Playground/examples.js"), .embedInCode("Playground/playground.js"),
                .embedInCode("Playground/viewport.js"), .embedInCode("Playground/kept-columns.js"),
                .embedInCode("Playground/layout-client.js"),
                // The example layout programs of examples/programs (links), served for the playground and the docs.
                .embedInCode("Playground/waterfall.wasm"), .embedInCode("Playground/circle.wasm"),
                .embedInCode("Playground/calendar.wasm"), .embedInCode("Playground/layout-client.d.ts"),
            ] + clientModules.flatMap { [.embedInCode("Playground/lib/\($0).js"), .embedInCode("Playground/lib/\($0).d.ts")] },
            swiftSettings: strict),
        // glibc's mallopt, for the executables: freed memory is kept for reuse (see shim.h; a no-op on macOS).
        .systemLibrary(name: "CMalloc"),
        // One log line per request (swift-log), request ids, Prometheus metrics (swift-metrics + swift-prometheus).
        .target(
            name: "Observability",
            dependencies: [
                "HTTPCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            swiftSettings: strict),
        // The command's options and their resolution: flag, else environment variable, else default.
        .target(
            name: "ServiceConfiguration",
            dependencies: [
                "MicroHTTPServer", "LayoutService", "LayoutEngine", "AccessControl", "HTTPCompression",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        .executableTarget(
            name: "layout-service",
            dependencies: [
                "ServiceConfiguration", "LayoutService", "MicroHTTPServer", "HTTPCore", "LayoutStore", "LayoutEngine", "SQLiteArchive",
                "PostgresArchive", "HTTPCompression", "Observability", "AccessControl", "CMalloc",
                "HTTPClient", "TextShaping",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        // libFuzzer target for the spec decoder and the engine (scripts/fuzz); a normal build replays files.
        .executableTarget(name: "fuzz-spec", dependencies: ["LayoutEngine", "LayoutWire"], swiftSettings: strict),
        .executableTarget(
            name: "layout-bench",
            dependencies: [
                "LayoutEngine", "LayoutWire", "LayoutStore", "LayoutService", "HTTPCore", "SQLiteArchive", "CMalloc",
                "LayoutPrograms", "TextShaping",
            ],
            swiftSettings: strict),

        .target(
            name: "TestSupport", dependencies: ["LayoutEngine", "LayoutWire"], path: "Tests/TestSupport",
            swiftSettings: strict),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "LayoutWire", "TestSupport"]),
        .testTarget(
            name: "LayoutProgramsTests",
            dependencies: [
                "LayoutPrograms", "LayoutEngine", "LayoutWire", "TestSupport",
                .product(name: "WAT", package: "WasmKit"),
            ]),
        .testTarget(name: "LayoutEngineFoundationTests", dependencies: ["LayoutEngineFoundation", "LayoutEngine"]),
        .testTarget(name: "LayoutWireTests", dependencies: ["LayoutWire", "LayoutEngine", "TestSupport"]),
        .testTarget(name: "LayoutStoreTests", dependencies: ["LayoutStore", "LayoutWire", "LayoutEngine", "TestSupport"]),
        .testTarget(name: "SQLiteArchiveTests", dependencies: ["SQLiteArchive", "LayoutStore", "LayoutEngine", "CSQLite"]),
        // Against a real PostgreSQL: scripts/with-postgres starts one and sets LAYOUT_TEST_POSTGRES_URL.
        .testTarget(name: "PostgresArchiveTests", dependencies: ["PostgresArchive", "LayoutStore", "CPostgres"]),
        .testTarget(name: "HTTPCoreTests", dependencies: ["HTTPCore"]),
        .testTarget(name: "TextShapingTests", dependencies: ["TextShaping", "LayoutEngine"]),
        .testTarget(name: "HTTPCompressionTests", dependencies: ["HTTPCompression", "HTTPCore", "CZlib"]),
        .testTarget(name: "AccessControlTests", dependencies: ["AccessControl", "HTTPCore"]),
        .testTarget(
            name: "ObservabilityTests",
            dependencies: [
                "Observability", "LayoutService", "HTTPCore", "HTTPCompression", "LayoutStore",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "LayoutServiceTests",
            dependencies: [
                "LayoutService", "HTTPCore", "LayoutStore", "TestSupport", "TextShaping",
                .product(name: "WAT", package: "WasmKit"),
            ]),
        .testTarget(
            name: "ServiceConfigurationTests",
            dependencies: ["ServiceConfiguration", "MicroHTTPServer", "LayoutService", "AccessControl", "TextShaping"]),
        .testTarget(
            name: "MicroHTTPServerTests",
            dependencies: [
                "MicroHTTPServer", "HTTPCore", "LayoutService", "LayoutStore", "LayoutEngine", "LayoutWire", "TestSupport",
                "HTTPClient",
            ]),
    ]
)
