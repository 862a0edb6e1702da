import LayoutEngine

extension SpecDecoder {
    /// The members every sectioned layout shares: pinned headers and footers, decorations.
    static let chromeKeys = ["sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds", "decorations"]

    static func chrome(_ m: [String: SpecReader]) throws(SpecError) -> SectionChromeSpec {
        var chrome = SectionChromeSpec()
        if let r = m["sectionHeadersPinToVisibleBounds"] { chrome.pinHeaders = try r.bool() }
        if let r = m["sectionFootersPinToVisibleBounds"] { chrome.pinFooters = try r.bool() }
        if let r = m["decorations"] { chrome.decorations = try decorations(r) }
        return chrome
    }

    /// `[{"kind", "inset"?, "zIndex"?, "includeHeader"?, "includeFooter"?}]`.
    static func decorations(_ r: SpecReader) throws(SpecError) -> [DecorationSpec] {
        try r.array { (d: SpecReader) throws(SpecError) -> DecorationSpec in
            let m = try d.object(allowed: ["kind", "inset", "zIndex", "includeHeader", "includeFooter"],
                                 required: ["kind"])
            var decoration = DecorationSpec(kind: try m["kind"]!.string())
            if let v = m["inset"] { decoration.inset = try v.insets() }
            if let v = m["zIndex"] { decoration.zIndex = try v.integer() }
            if let v = m["includeHeader"] { decoration.includeHeader = try v.bool() }
            if let v = m["includeFooter"] { decoration.includeFooter = try v.bool() }
            return decoration
        }
    }

    /// The `sections` array, its count checked against the limit before any section is read.
    static func sectionList<T>(_ r: SpecReader, limits: SpecLimits,
                               _ section: (SpecReader) throws(SpecError) -> T) throws(SpecError) -> [T] {
        guard r.value.kind == .array else { throw r.fail("must be an array, not \(r.value.kind.name)") }
        if r.value.count > limits.maxSections {
            throw SpecError(path: r.path, reason: "\(r.value.count) sections exceed the limit of \(limits.maxSections)",
                            isLimit: true)
        }
        return try r.array(section)
    }

    /// Circles and wheels have exactly one section, `{"items": n}`.
    static func singleSectionItems(_ r: SpecReader) throws(SpecError) -> Int {
        guard r.value.kind == .array, r.value.count == 1 else {
            throw r.fail("must be an array of exactly one section: [{\"items\": n}]")
        }
        let section = SpecReader(value: r.value.elements.first { _ in true }!, path: r.path + [.index(0)])
        return try section.object(allowed: ["items"], required: ["items"])["items"]!.count()
    }
}
