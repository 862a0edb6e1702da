import LayoutEngine

/// `scrollEffects: {"scale"?: {"minimum": a}, "alpha"?: {"minimum": b}, "distance"?: D}` (flow, waterfall, list and
/// compositional layouts, and a compositional section); the engine checks the ranges.
extension SpecDecoder {
    static func scrollEffects(_ r: SpecReader) throws(SpecError) -> ScrollEffects {
        let m = try r.object(allowed: ["scale", "alpha", "distance"])
        func minimum(_ r: SpecReader) throws(SpecError) -> Double {
            try r.object(allowed: ["minimum"], required: ["minimum"])["minimum"]!.number()
        }
        return ScrollEffects(scaleMinimum: try m["scale"].map(minimum), alphaMinimum: try m["alpha"].map(minimum),
                             distance: try m["distance"]?.number())
    }
}
