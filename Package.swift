// swift-tools-version:6.0
import PackageDescription

/// Arrows point one way:
///   layout-service -> LayoutService -> LayoutStore -> LayoutWire -> LayoutEngine
///   layout-service -> SQLiteArchive -> LayoutStore (the archive implements LayoutStore's SpecArchive)
///   LayoutService -> HTTPCore <- MicroHTTPServer -> CMicroHTTPD
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "layout-service",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "layout-service", targets: ["layout-service"]),
        .executable(name: "layout-bench", targets: ["layout-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.0.0"),
    ],
    targets: [
        // Pure Swift: geometry, specs, flow layout, prepared layouts and their spatial index. No Foundation, no I/O.
        .target(
            name: "LayoutEngine", dependencies: [.product(name: "RealModule", package: "swift-numerics")],
            swiftSettings: strict),
        // JSON reading and writing (own strict parser), spec decoding with JSON pointers, canonical form, encoding.
        .target(name: "LayoutWire", dependencies: ["LayoutEngine"], swiftSettings: strict),
        // Spec digests (SHA-256), the bytes-bounded LRU of prepared layouts, single-flight preparation.
        .target(name: "LayoutStore", dependencies: ["LayoutEngine", "LayoutWire"], swiftSettings: strict),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The embedded spec archive (SQLite): the only code that touches sqlite3.
        .target(name: "SQLiteArchive", dependencies: ["CSQLite", "LayoutStore"], swiftSettings: strict),
        // Request/response values and the handler protocol; no sockets.
        .target(name: "HTTPCore", swiftSettings: strict),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),
        // The only code that touches libmicrohttpd: daemon life cycle, callbacks -> HTTPCore handler.
        .target(name: "MicroHTTPServer", dependencies: ["CMicroHTTPD", "HTTPCore"], swiftSettings: strict),
        // Routes, wire format, problem errors.
        .target(
            name: "LayoutService", dependencies: ["HTTPCore", "LayoutStore", "LayoutWire", "LayoutEngine"],
            swiftSettings: strict),
        .executableTarget(
            name: "layout-service",
            dependencies: [
                "LayoutService", "MicroHTTPServer", "HTTPCore", "LayoutStore", "LayoutEngine", "SQLiteArchive",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strict),
        // libFuzzer target for the spec decoder and the engine (scripts/fuzz); a normal build replays files.
        .executableTarget(name: "fuzz-spec", dependencies: ["LayoutEngine", "LayoutWire"], swiftSettings: strict),
        .executableTarget(
            name: "layout-bench", dependencies: ["LayoutEngine", "LayoutWire", "LayoutStore"],
            swiftSettings: strict),

        .target(
            name: "TestSupport", dependencies: ["LayoutEngine", "LayoutWire"], path: "Tests/TestSupport",
            swiftSettings: strict),
        .testTarget(name: "LayoutEngineTests", dependencies: ["LayoutEngine", "LayoutWire", "TestSupport"]),
        .testTarget(name: "LayoutWireTests", dependencies: ["LayoutWire", "LayoutEngine", "TestSupport"]),
        .testTarget(name: "LayoutStoreTests", dependencies: ["LayoutStore", "LayoutWire", "LayoutEngine", "TestSupport"]),
        .testTarget(name: "SQLiteArchiveTests", dependencies: ["SQLiteArchive", "LayoutStore", "LayoutEngine"]),
        .testTarget(
            name: "LayoutServiceTests", dependencies: ["LayoutService", "HTTPCore", "LayoutStore", "TestSupport"]),
        .testTarget(
            name: "MicroHTTPServerTests",
            dependencies: [
                "MicroHTTPServer", "HTTPCore", "LayoutService", "LayoutStore", "LayoutEngine", "LayoutWire", "TestSupport",
            ]),
    ]
)
