// swift-tools-version:6.0
// Only the code generator's command line, pinned to the version the committed client was generated with. Kept apart
// from the client package so that building or depending on the client never builds the generator.
// Used by ../scripts/generate and ../scripts/check-generated; it has no targets of its own.
import PackageDescription

let package = Package(
    name: "LayoutClientGenerator",
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-generator", exact: "1.14.3")
    ],
    targets: []
)
