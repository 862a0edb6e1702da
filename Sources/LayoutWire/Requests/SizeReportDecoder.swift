public import LayoutEngine

/// The body of `POST /v1/layouts/{id}/sizes`:
/// `{"sizes": [{"section", "item", "width", "height"} | {"section", "item", "content"}], "offset"?: {x, y}}`.
public struct SizeReport: Sendable {
    public var sizes: [(LayoutIndexPath, LayoutSize)]
    /// New content of items of sections given as contents.
    public var contents: [LayoutIndexPath: CellContent] = [:]
    public var offset: LayoutPoint
    /// What keeps its place (`contentOffset`).
    public var anchor: ScrollAnchor = .firstVisible
    /// `"keepColumns": true`: every item of a waterfall keeps the first column it had (other kinds refuse it).
    public var keepColumns = false
}

public enum SizeReportDecoder {
    /// A report on a layout of `spec`: content is checked against its text styles and `limits`; `keepColumns` is
    /// for waterfalls only.
    public static func decode(_ bytes: [UInt8], for spec: LayoutSpec, limits: SpecLimits,
                              json: JSONLimits = JSONLimits()) throws(SpecInputError) -> SizeReport
    {
        try decode(bytes, styles: spec.textStyles, kind: spec, limits: limits, json: json)
    }

    /// `styles` are the layout's (a content's blocks name them); content is checked against them and `limits`.
    /// `keepColumns` is refused unless `kind` is a waterfall (any kind when it is nil).
    public static func decode(_ bytes: [UInt8], styles: [String: TextStyle] = [:], kind: LayoutSpec? = nil,
                              limits: SpecLimits, json: JSONLimits = JSONLimits()) throws(SpecInputError) -> SizeReport
    {
        let document: JSONDocument
        do { document = try JSONParser.parse(bytes, limits: json) } catch { throw .syntax(error) }
        do {
            return try decode(SpecReader(value: document.root, path: []), styles: styles, kind: kind, limits: limits)
        } catch {
            throw .spec(error)
        }
    }

    static func decode(_ root: SpecReader, styles: [String: TextStyle], kind: LayoutSpec?, limits: SpecLimits)
        throws(SpecError) -> SizeReport
    {
        let m = try root.object(allowed: ["sizes", "offset", "anchor", "keepColumns"], required: ["sizes"])
        var contents: [LayoutIndexPath: CellContent] = [:]
        var sizes: [(LayoutIndexPath, LayoutSize)] = []
        _ = try m["sizes"]!.array { (r: SpecReader) throws(SpecError) in
            if r.value.kind == .object, r.value.members.contains(where: { $0.key == "content" }) {
                let f = try r.object(allowed: ["section", "item", "content"], required: ["section", "item", "content"])
                let path = LayoutIndexPath(section: try f["section"]!.count(), item: try f["item"]!.count())
                let content = try SpecDecoder.cellContent(f["content"]!, styles: styles, limits: limits)
                guard contents.updateValue(content, forKey: path) == nil
                else { throw r.fail("item \(path.section)/\(path.item) is reported twice") }
                return
            }
            let f = try r.object(allowed: ["section", "item", "width", "height"],
                                 required: ["section", "item", "width", "height"])
            let size = LayoutSize(width: try f["width"]!.number(), height: try f["height"]!.number())
            for (key, v) in [("width", size.width), ("height", size.height)] where !(v >= 0 && v <= 1e9) {
                throw SpecError(path: r.path + [.key(key)], reason: "must be from 0 to 1000000000")
            }
            sizes.append((LayoutIndexPath(section: try f["section"]!.count(), item: try f["item"]!.count()), size))
        }
        var offset = LayoutPoint.zero
        if let r = m["offset"] {
            let f = try r.object(allowed: ["x", "y"], required: ["x", "y"])
            offset = LayoutPoint(x: try f["x"]!.number(), y: try f["y"]!.number())
        }
        return SizeReport(sizes: sizes, contents: contents, offset: offset,
                          anchor: try m["anchor"].map(ViewportDecoding.anchor) ?? .firstVisible,
                          keepColumns: try m["keepColumns"].map { r throws(SpecError) in
                              if let kind { try BatchDecoder.keepColumns(r, kind) } else { try r.bool() }
                          } ?? false)
    }
}
