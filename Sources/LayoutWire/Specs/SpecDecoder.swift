public import LayoutEngine

/// Reads a layout spec (docs/specs.md) from JSON: types and names checked here, ranges and limits by the
/// engine's `validate`, then normalized, so the result is ready to encode canonically and prepare.
public enum SpecDecoder {
    public static func decode(_ document: JSONDocument, limits: SpecLimits) throws(SpecError) -> LayoutSpec {
        let root = SpecReader(value: document.root, path: [])
        guard root.value.kind == .object else { throw root.fail("a spec must be a JSON object") }
        var layoutName: SpecReader?
        for (key, value) in root.value.members where key == "layout" { layoutName = root.child(key, value) }
        guard let layoutName else {
            throw SpecError(path: [.key("layout")],
                            reason: "is required (\(postedNames.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
        let spec: LayoutSpec
        let kind = try layoutName.string()
        if !LayoutSpec.contentKinds.contains(kind), LayoutSpec.names.contains(kind) { try refuseContent(root, kind: kind) }
        switch kind {
        case "flow": spec = .flow(try decodeFlow(root, limits: limits))
        case "waterfall": spec = .waterfall(try decodeWaterfall(root, limits: limits))
        case "circle": spec = .circle(try decodeCircle(root))
        case "wheel": spec = .wheel(try decodeWheel(root))
        case "compositional": spec = .compositional(try decodeCompositional(root, limits: limits))
        case "list": spec = .compositional(try decodeList(root, limits: limits))
        case "grid": spec = .grid(try decodeGrid(root))
        case "frames": spec = .frames(try decodeFrames(root))
        case let other:
            let known = postedNames.map { "\"\($0)\"" }.joined(separator: ", ")
            throw layoutName.fail("\"\(other)\" is not a known layout (\(known))")
        }
        do {
            try spec.validate(limits: limits)
        } catch {
            throw SpecError(error)
        }
        return spec.normalized()
    }

    /// Parses and decodes in one step.
    public static func decode(_ bytes: [UInt8], limits: SpecLimits, json: JSONLimits = JSONLimits())
        throws(SpecInputError) -> LayoutSpec
    {
        let document: JSONDocument
        do { document = try JSONParser.parse(bytes, limits: json) } catch { throw .syntax(error) }
        do { return try decode(document, limits: limits) } catch { throw .spec(error) }
    }
}

/// Why a body is not a spec: not JSON at all (a 400), or JSON that is not a valid spec (a 422).
public enum SpecInputError: Error, Sendable, Hashable {
    case syntax(JSONSyntaxError)
    case spec(SpecError)
}
