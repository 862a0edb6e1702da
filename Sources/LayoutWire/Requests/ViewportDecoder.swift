public import LayoutEngine

/// The body of `POST /v1/layouts/{id}/bounds`:
/// `{"collectionView": {"width"?, "height"?, "contentInset"?}, "offset"?: {x, y}, "anchor"?: ...}`.
public struct BoundsRequest: Sendable {
    public var width: Double?
    public var height: Double?
    public var contentInset: LayoutEdgeInsets?
    public var offset: LayoutPoint
    public var anchor: ScrollAnchor

    /// `old` with the fields the body names replaced.
    public func viewport(from old: Viewport) -> Viewport {
        Viewport(size: LayoutSize(width: width ?? old.size.width, height: height ?? old.size.height),
                 contentInset: contentInset ?? old.contentInset)
    }
}

public enum BoundsDecoder {
    public static func decode(_ bytes: [UInt8], json: JSONLimits = JSONLimits()) throws(SpecInputError) -> BoundsRequest {
        let document: JSONDocument
        do { document = try JSONParser.parse(bytes, limits: json) } catch { throw .syntax(error) }
        do { return try decode(SpecReader(value: document.root, path: [])) } catch { throw .spec(error) }
    }

    static func decode(_ root: SpecReader) throws(SpecError) -> BoundsRequest {
        let m = try root.object(allowed: ["collectionView", "offset", "anchor"], required: ["collectionView"])
        let view = try m["collectionView"]!.object(allowed: ["width", "height", "contentInset"])
        return BoundsRequest(width: try view["width"]?.number(), height: try view["height"]?.number(),
                             contentInset: try view["contentInset"]?.insets(),
                             offset: try m["offset"].map { (r: SpecReader) throws(SpecError) in try r.point() } ?? .zero,
                             anchor: try m["anchor"].map(ViewportDecoding.anchor) ?? .firstVisible)
    }
}

enum ViewportDecoding {
    /// `{"section": s, "item": i}` (a cell) or `"end"`.
    static func anchor(_ r: SpecReader) throws(SpecError) -> ScrollAnchor {
        if r.value.kind == .string {
            guard try r.string() == "end" else {
                throw r.fail("must be \"end\" or a cell: {\"section\": s, \"item\": i}")
            }
            return .end
        }
        let m = try r.object(allowed: ["section", "item"], required: ["section", "item"])
        return .item(LayoutIndexPath(section: try m["section"]!.count(), item: try m["item"]!.count()))
    }
}

extension SpecReader {
    /// `{"x": x, "y": y}`.
    func point() throws(SpecError) -> LayoutPoint {
        let f = try object(allowed: ["x", "y"], required: ["x", "y"])
        return LayoutPoint(x: try f["x"]!.number(), y: try f["y"]!.number())
    }
}
