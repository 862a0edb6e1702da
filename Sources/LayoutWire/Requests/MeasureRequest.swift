public import LayoutEngine

/// `POST /v1/measure`: cells' content measured without a layout (docs/api.md).
/// `{"textStyles": {…}, "width": w | "widths": [w, …], "contents": [content, …]}`: one width for every cell or one
/// a cell.
public struct MeasureRequest: Sendable {
    public var textStyles: [String: TextStyle]
    public var widths: [Double]
    public var contents: [CellContent]

    /// Decodes and checks a body: at most `maxContents` cells, each within `limits`; widths from 0 to 100000.
    public static func decode(_ bytes: [UInt8], maxContents: Int, limits: SpecLimits, json: JSONLimits = JSONLimits())
        throws(SpecInputError) -> MeasureRequest
    {
        let document: JSONDocument
        do { document = try JSONParser.parse(bytes, limits: json) } catch { throw .syntax(error) }
        do { return try decode(document, maxContents: maxContents, limits: limits) } catch { throw .spec(error) }
    }

    static func decode(_ document: JSONDocument, maxContents: Int, limits: SpecLimits) throws(SpecError) -> MeasureRequest {
        let root = SpecReader(value: document.root, path: [])
        let m = try root.object(allowed: ["textStyles", "width", "widths", "contents"],
                                required: ["textStyles", "contents"])
        let styles = try SpecDecoder.textStyles(m["textStyles"]!)
        let list = m["contents"]!
        guard list.value.kind == .array else { throw list.fail("must be an array, not \(list.value.kind.name)") }
        guard list.value.count <= maxContents else {
            throw SpecError(path: list.path, reason: "has more than \(maxContents) cells", isLimit: true)
        }
        let contents = try list.array { (r: SpecReader) throws(SpecError) in
            try SpecDecoder.cellContent(r, styles: styles, limits: limits)
        }
        var widths: [Double]
        switch (m["width"], m["widths"]) {
        case (let width?, nil): widths = Array(repeating: try width.number(), count: contents.count)
        case (nil, let each?):
            widths = try each.numbers()
            guard widths.count == contents.count else {
                throw each.fail("must have one width a cell (\(contents.count)), not \(widths.count)")
            }
        case (nil, nil): throw SpecError(path: [.key("width")], reason: "is required (or widths)")
        case (_?, _?): throw SpecError(path: [.key("widths")], reason: "must not be given with width")
        }
        let at = m["width"] != nil ? [SpecPathComponent.key("width")] : nil
        for (i, w) in widths.enumerated() where !(w >= 0 && w <= 100_000) {
            throw SpecError(path: at ?? [.key("widths"), .index(i)], reason: "must be from 0 to 100000")
        }
        return MeasureRequest(textStyles: styles, widths: widths, contents: contents)
    }
}
