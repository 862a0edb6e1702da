import LayoutEngine

/// The canonical form of cells given as content: keys sorted, parts at their defaults left out (no media, zero
/// padding, zero spacing, no line limit), so that equal content gives equal bytes and the id covers it.
extension SpecEncoder {
    /// `"textStyles":{...}` (names sorted, each style's keys sorted), nothing when there is none.
    static func textStyles(_ styles: [String: TextStyle], _ w: inout JSONWriter) {
        guard !styles.isEmpty else { return }
        w.key("textStyles")
        w.raw("{")
        for (i, name) in styles.keys.sorted().enumerated() {
            let style = styles[name]!
            if i > 0 { w.raw(",") }
            w.string(name)
            w.raw(":{\"family\":")
            w.string(style.family)
            w.raw(",\"lineHeight\":")
            w.number(style.lineHeight)
            w.raw(",\"size\":")
            w.number(style.size)
            w.raw(",\"weight\":")
            w.int(style.weight)
            w.raw("}")
        }
        w.raw("}")
    }

    /// One cell: `{"blocks":[{"maxLines"?,"style","text"}],"media"?:{"aspectRatio"},"padding"?,"spacing"?}`.
    static func cellContent(_ c: CellContent, _ w: inout JSONWriter) {
        w.raw("{\"blocks\":")
        w.array(c.blocks) { b, w in
            w.raw("{")
            if let n = b.maxLines { w.key("maxLines"); w.int(n); w.raw(",") }
            w.key("style"); w.string(b.style)
            w.raw(","); w.key("text"); w.string(b.text)
            w.raw("}")
        }
        if let r = c.mediaAspectRatio { w.raw(",\"media\":{\"aspectRatio\":"); w.number(r); w.raw("}") }
        if c.padding != .zero { w.raw(","); w.key("padding"); insets(c.padding, &w) }
        if c.spacing != 0 { w.raw(","); w.key("spacing"); w.number(c.spacing) }
        w.raw("}")
    }

    /// `"contents":[...]`.
    static func contents(_ list: [CellContent], _ w: inout JSONWriter) {
        w.key("contents")
        w.array(list, cellContent)
    }

    /// `"sections":[...]`, then the text styles, closing the spec's object (`textStyles` sorts after `sections`).
    static func sections<T>(_ list: [T], _ w: inout JSONWriter, styles: [String: TextStyle],
                            _ section: (T, inout JSONWriter) -> Void) {
        w.key("sections")
        w.array(list, section)
        closeWithStyles(styles, &w)
    }

    /// `,"textStyles":{...}` when there are styles, then the spec's closing brace.
    static func closeWithStyles(_ styles: [String: TextStyle], _ w: inout JSONWriter) {
        if !styles.isEmpty {
            w.raw(",")
            textStyles(styles, &w)
        }
        w.raw("}")
    }
}
