import LayoutEngine

/// `"collapsingHeader"` of a vertical flow, waterfall, list or compositional layout.
extension SpecDecoder {
    static let collapsingHeaderKeys = ["expandedHeight", "collapsedHeight", "behavior", "stretch"]

    /// `{"expandedHeight": E, "collapsedHeight"?: C, "behavior"?: "pinned" | "scroll", "stretch"?: false}`; the
    /// ranges are the engine's (`CollapsingHeader.validate`).
    static func collapsingHeader(_ r: SpecReader) throws(SpecError) -> CollapsingHeader {
        let m = try r.object(allowed: collapsingHeaderKeys, required: ["expandedHeight"])
        var h = CollapsingHeader(expandedHeight: try m["expandedHeight"]!.number())
        if let v = m["collapsedHeight"] { h.collapsedHeight = try v.number() }
        if let v = m["behavior"] { h.behavior = try v.oneOf(CollapsingHeader.Behavior.self) }
        if let v = m["stretch"] { h.stretch = try v.bool() }
        return h
    }
}
