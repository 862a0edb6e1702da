public import LayoutEngine

/// The body of `POST /v1/layouts/{id}/sizes`:
/// `{"sizes": [{"section", "item", "width", "height"}], "offset"?: {x, y}}`.
public struct SizeReport: Sendable {
    public var sizes: [(LayoutIndexPath, LayoutSize)]
    public var offset: LayoutPoint
    /// What keeps its place (`contentOffset`).
    public var anchor: ScrollAnchor = .firstVisible
}

public enum SizeReportDecoder {
    public static func decode(_ bytes: [UInt8], json: JSONLimits = JSONLimits()) throws(SpecInputError) -> SizeReport {
        let document: JSONDocument
        do { document = try JSONParser.parse(bytes, limits: json) } catch { throw .syntax(error) }
        do { return try decode(SpecReader(value: document.root, path: [])) } catch { throw .spec(error) }
    }

    static func decode(_ root: SpecReader) throws(SpecError) -> SizeReport {
        let m = try root.object(allowed: ["sizes", "offset", "anchor"], required: ["sizes"])
        let sizes = try m["sizes"]!.array { (r: SpecReader) throws(SpecError) -> (LayoutIndexPath, LayoutSize) in
            let f = try r.object(allowed: ["section", "item", "width", "height"],
                                 required: ["section", "item", "width", "height"])
            let size = LayoutSize(width: try f["width"]!.number(), height: try f["height"]!.number())
            for (key, v) in [("width", size.width), ("height", size.height)] where !(v >= 0 && v <= 1e9) {
                throw SpecError(path: r.path + [.key(key)], reason: "must be from 0 to 1000000000")
            }
            return (LayoutIndexPath(section: try f["section"]!.count(), item: try f["item"]!.count()), size)
        }
        var offset = LayoutPoint.zero
        if let r = m["offset"] {
            let f = try r.object(allowed: ["x", "y"], required: ["x", "y"])
            offset = LayoutPoint(x: try f["x"]!.number(), y: try f["y"]!.number())
        }
        return SizeReport(sizes: sizes, offset: offset,
                          anchor: try m["anchor"].map(ViewportDecoding.anchor) ?? .firstVisible)
    }
}
