public import LayoutEngine

/// Cells given as their content (docs/specs.md): the `textStyles` of a layout and a cell's `content` object.
/// Names and types are checked here, with ranges; whether the service has a style's font is the caller's to check
/// (its font catalog).
extension SpecDecoder {
    /// The most UTF-8 bytes a block's text may have.
    public static let maxTextBytes = 10_000

    /// `textStyles`: `{"name": {"family", "weight", "size", "lineHeight"}, …}`.
    static func textStyles(_ reader: SpecReader) throws(SpecError) -> [String: TextStyle] {
        guard reader.value.kind == .object else { throw reader.fail("must be an object, not \(reader.value.kind.name)") }
        var styles: [String: TextStyle] = [:]
        for (name, value) in reader.value.members {
            let r = reader.child(name, value)
            guard styles[name] == nil else { throw r.fail("duplicate field") }
            let m = try r.object(allowed: ["family", "weight", "size", "lineHeight"],
                                 required: ["family", "weight", "size", "lineHeight"])
            let family = try m["family"]!.string()
            guard !family.isEmpty else { throw m["family"]!.fail("must not be empty") }
            let weight = try m["weight"]!.count()
            guard (1...1000).contains(weight) else { throw m["weight"]!.fail("must be from 1 to 1000") }
            let size = try m["size"]!.number()
            guard size > 0, size <= 1000 else { throw m["size"]!.fail("must be more than 0 and at most 1000") }
            let lineHeight = try m["lineHeight"]!.number()
            guard lineHeight >= 0, lineHeight <= 10_000 else {
                throw m["lineHeight"]!.fail("must be from 0 to 10000")
            }
            styles[name] = TextStyle(family: family, weight: weight, size: size, lineHeight: lineHeight)
        }
        return styles
    }

    /// A cell's content: `{"media"?: {"aspectRatio"}, "padding"?: {top, left, bottom, right}, "spacing"?,
    /// "blocks": [{"style", "text", "maxLines"?}, …]}`; each block's style must be one of `styles`.
    static func cellContent(_ reader: SpecReader, styles: [String: TextStyle]) throws(SpecError) -> CellContent {
        let m = try reader.object(allowed: ["media", "padding", "spacing", "blocks"], required: ["blocks"])
        var ratio: Double?
        if let media = m["media"] {
            let r = try media.object(allowed: ["aspectRatio"], required: ["aspectRatio"])["aspectRatio"]!
            let value = try r.number()
            guard value > 0, value.isFinite, value <= 1_000_000, value >= 1e-6 else {
                throw r.fail("must be from 0.000001 to 1000000")
            }
            ratio = value
        }
        let padding = try m["padding"]?.insets() ?? .zero
        for (name, side) in [("top", padding.top), ("left", padding.left), ("bottom", padding.bottom),
                             ("right", padding.right)] where !(side >= 0 && side <= 100_000) {
            throw SpecError(path: m["padding"]!.path + [.key(name)], reason: "must be from 0 to 100000")
        }
        let spacing = try m["spacing"]?.number() ?? 0
        guard spacing >= 0, spacing <= 100_000 else { throw m["spacing"]!.fail("must be from 0 to 100000") }
        let blocks = try m["blocks"]!.array { (b: SpecReader) throws(SpecError) -> TextBlock in
            let f = try b.object(allowed: ["style", "text", "maxLines"], required: ["style", "text"])
            let style = try f["style"]!.string()
            guard styles[style] != nil else {
                let known = styles.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw f["style"]!.fail("\"\(style)\" is not one of textStyles (\(known.isEmpty ? "none" : known))")
            }
            let text = try f["text"]!.string()
            guard text.utf8.count <= maxTextBytes else {
                throw SpecError(path: f["text"]!.path, reason: "is longer than \(maxTextBytes) UTF-8 bytes",
                                isLimit: true)
            }
            var maxLines: Int?
            if let limit = f["maxLines"] {
                let n = try limit.count()
                guard n >= 1 else { throw limit.fail("must be 1 or more") }
                maxLines = n
            }
            return TextBlock(style: style, text: text, maxLines: maxLines)
        }
        return CellContent(mediaAspectRatio: ratio, padding: padding, spacing: spacing, blocks: blocks)
    }
}
