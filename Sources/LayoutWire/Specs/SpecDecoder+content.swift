import LayoutEngine

/// Cells given as content (docs/specs.md, "Cells given as content"): a layout's `textStyles` and a section's
/// `contents`. Usable on their own (a measuring request reads the same styles and cells).
extension SpecDecoder {
    static let textStyleKeys = ["family", "weight", "size", "lineHeight"]
    static let cellContentKeys = ["media", "padding", "spacing", "blocks"]
    static let textBlockKeys = ["style", "text", "maxLines"]

    /// `{"name": {"family", "weight", "size", "lineHeight"}, ...}`, each style and name checked
    /// (`TextStyle.validate(named:at:)`).
    static func textStyles(_ r: SpecReader) throws(SpecError) -> [String: TextStyle] {
        guard r.value.kind == .object else { throw r.fail("must be an object of named styles, not \(r.value.kind.name)") }
        var styles: [String: TextStyle] = [:]
        for (name, value) in r.value.members {
            let s = r.child(name, value)
            guard styles[name] == nil else { throw s.fail("duplicate style") }
            let m = try s.object(allowed: textStyleKeys, required: textStyleKeys)
            let style = TextStyle(family: try m["family"]!.string(), weight: try m["weight"]!.count(),
                                  size: try m["size"]!.number(), lineHeight: try m["lineHeight"]!.number())
            do { try style.validate(named: name, at: s.path) } catch { throw SpecError(error) }
            styles[name] = style
        }
        return styles
    }

    /// One cell's content, checked against a layout's `styles` and the service's `limits` (`CellContent.validate`):
    /// the content of a measuring request, a size report or a batch.
    static func cellContent(_ r: SpecReader, styles: [String: TextStyle], limits: SpecLimits)
        throws(SpecError) -> CellContent
    {
        let content = try cellContent(r)
        do { try content.validate(styles: styles, limits: limits, at: r.path) } catch { throw SpecError(error) }
        return content
    }

    /// One cell's content: `{"media"?: {"aspectRatio"}, "padding"?: {top, left, bottom, right}, "spacing"?,
    /// "blocks": [{"style", "text", "maxLines"?}]}`, unchecked (a spec's sections are checked by the spec's
    /// validation).
    static func cellContent(_ r: SpecReader) throws(SpecError) -> CellContent {
        let m = try r.object(allowed: cellContentKeys, required: ["blocks"])
        var content = CellContent(blocks: try m["blocks"]!.array { (b: SpecReader) throws(SpecError) -> TextBlock in
            let f = try b.object(allowed: textBlockKeys, required: ["style", "text"])
            var block = TextBlock(style: try f["style"]!.string(), text: try f["text"]!.string())
            if let n = f["maxLines"] {
                let lines = try n.number()
                guard lines == lines.rounded(.towardZero), lines >= 1, lines <= 1_000_000 else {
                    throw n.fail("must be a whole number from 1 to 1000000")
                }
                block.maxLines = Int(lines)
            }
            return block
        })
        if let media = m["media"] {
            content.mediaAspectRatio = try media.object(allowed: ["aspectRatio"], required: ["aspectRatio"])["aspectRatio"]!
                .number()
        }
        if let v = m["padding"] { content.padding = try v.insets() }
        if let v = m["spacing"] { content.spacing = try v.number() }
        return content
    }

    /// A section's `contents`: an array of cells (checked by the spec's validation, against its styles).
    static func contents(_ r: SpecReader) throws(SpecError) -> [CellContent] {
        try r.array { (c: SpecReader) throws(SpecError) in try cellContent(c) }
    }

    /// A section's `contents`, when given: then none of `others` (its items by count or size) may be.
    static func itemContents(_ section: SpecReader, _ m: [String: SpecReader], others: [String])
        throws(SpecError) -> [CellContent]?
    {
        guard let r = m["contents"] else { return nil }
        if let other = others.first(where: { m[$0] != nil }) {
            throw SpecError(path: section.path + [.key(other)], reason: "give either \(other) or contents, not both")
        }
        return try contents(r)
    }

    /// Layouts that take no content refuse `textStyles` and sections' `contents` by name.
    static func refuseContent(_ root: SpecReader, kind: String) throws(SpecError) {
        let reason = "a \(kind) layout takes no content (\(LayoutSpec.contentKinds.joined(separator: ", ")) do)"
        for (key, value) in root.value.members {
            if key == "textStyles" { throw SpecError(path: [.key(key)], reason: reason) }
            guard key == "sections", value.kind == .array else { continue }
            for (i, section) in value.elements.enumerated() where section.kind == .object {
                for (name, _) in section.members where name == "contents" {
                    throw SpecError(path: [.key("sections"), .index(i), .key(name)], reason: reason)
                }
            }
        }
    }
}
