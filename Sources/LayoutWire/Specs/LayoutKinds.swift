import LayoutEngine

/// The layout kinds of the wire, in one table: each kind's name in a spec's `layout` and how its spec is read
/// (`SpecDecoder.decode` looks the name up here). A list is a compositional layout by another name. The rest of
/// the wire and the service never name a kind: they ask a prepared layout for its capabilities
/// (`OrthogonalSections`, `RowColumnUpdates`, `tiling`, ...) and a spec for what every kind has
/// (`contentSections`, `estimatedBytes`, ...); `scripts/check-kinds` keeps it so.
enum LayoutKinds {
    /// One kind on the wire.
    struct Kind: Sendable {
        /// The value of `layout`.
        let name: String
        /// Reads the spec of this kind from its root object (types and names; the engine checks ranges).
        let decode: @Sendable (SpecReader, SpecLimits) throws(SpecError) -> LayoutSpec
    }

    static let all: [Kind] = [
        Kind(name: "flow") { r, limits throws(SpecError) in .flow(try SpecDecoder.decodeFlow(r, limits: limits)) },
        Kind(name: "waterfall") { r, limits throws(SpecError) in
            .waterfall(try SpecDecoder.decodeWaterfall(r, limits: limits))
        },
        Kind(name: "circle") { r, _ throws(SpecError) in .circle(try SpecDecoder.decodeCircle(r)) },
        Kind(name: "wheel") { r, _ throws(SpecError) in .wheel(try SpecDecoder.decodeWheel(r)) },
        Kind(name: "compositional") { r, limits throws(SpecError) in
            .compositional(try SpecDecoder.decodeCompositional(r, limits: limits))
        },
        Kind(name: "list") { r, limits throws(SpecError) in
            .compositional(try SpecDecoder.decodeList(r, limits: limits))
        },
        Kind(name: "grid") { r, _ throws(SpecError) in .grid(try SpecDecoder.decodeGrid(r)) },
        Kind(name: "frames") { r, _ throws(SpecError) in .frames(try SpecDecoder.decodeFrames(r)) },
    ]

    /// The kind of `layout` value `name`, nil when there is none.
    static func named(_ name: String) -> Kind? { all.first { $0.name == name } }
}
