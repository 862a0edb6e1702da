public import LayoutEngine

/// Reads a layout spec (mission.md, "Spec") from JSON: types and names checked here, ranges and limits by the
/// engine's `validate`, then normalized, so the result is ready to encode canonically and prepare.
public enum SpecDecoder {
    public static func decode(_ document: JSONDocument, limits: SpecLimits) throws(SpecError) -> LayoutSpec {
        let root = SpecReader(value: document.root, path: [])
        guard root.value.kind == .object else { throw root.fail("a spec must be a JSON object") }
        var layoutName: SpecReader?
        for (key, value) in root.value.members where key == "layout" { layoutName = root.child(key, value) }
        guard let layoutName else { throw SpecError(path: [.key("layout")], reason: "is required (\"flow\")") }
        let spec: LayoutSpec
        switch try layoutName.string() {
        case "flow": spec = .flow(try decodeFlow(root, limits: limits))
        case let other: throw layoutName.fail("\"\(other)\" is not a known layout (\"flow\")")
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

    static let flowSectionKeys = [
        "items", "itemSizes", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing", "sectionInset",
        "headerReferenceSize", "footerReferenceSize",
    ]
    static let flowKeys = [
        "layout", "collectionView", "scrollDirection", "itemSize", "minimumLineSpacing", "minimumInteritemSpacing",
        "sectionInset", "headerReferenceSize", "footerReferenceSize", "sections",
    ]

    static func decodeFlow(_ root: SpecReader, limits: SpecLimits) throws(SpecError) -> FlowLayoutSpec {
        let m = try root.object(allowed: flowKeys, required: ["collectionView", "sections"])
        let sectionsReader = m["sections"]!
        guard sectionsReader.value.kind == .array else {
            throw sectionsReader.fail("must be an array, not \(sectionsReader.value.kind.name)")
        }
        if sectionsReader.value.count > limits.maxSections {
            throw SpecError(path: sectionsReader.path,
                            reason: "\(sectionsReader.value.count) sections exceed the limit of \(limits.maxSections)",
                            isLimit: true)
        }
        var sections: [FlowSectionSpec] = []
        sections.reserveCapacity(sectionsReader.value.count)
        for (i, value) in sectionsReader.value.elements.enumerated() {
            sections.append(try decodeFlowSection(SpecReader(value: value, path: sectionsReader.path + [.index(i)])))
        }
        var spec = FlowLayoutSpec(collectionView: try m["collectionView"]!.size(), sections: sections)
        if let r = m["scrollDirection"] { spec.scrollDirection = try r.oneOf(ScrollDirection.self) }
        if let r = m["itemSize"] { spec.itemSize = try r.size() }
        if let r = m["minimumLineSpacing"] { spec.minimumLineSpacing = try r.number() }
        if let r = m["minimumInteritemSpacing"] { spec.minimumInteritemSpacing = try r.number() }
        if let r = m["sectionInset"] { spec.sectionInset = try r.insets() }
        if let r = m["headerReferenceSize"] { spec.headerReferenceSize = try r.size() }
        if let r = m["footerReferenceSize"] { spec.footerReferenceSize = try r.size() }
        return spec
    }

    static func decodeFlowSection(_ reader: SpecReader) throws(SpecError) -> FlowSectionSpec {
        let m = try reader.object(allowed: flowSectionKeys)
        let items: FlowItems
        switch (m["items"], m["itemSizes"]) {
        case (let count?, nil): items = .count(try count.count())
        case (nil, let sizes?): items = .sizes(try sizes.sizePairs())
        case (.some, .some):
            throw SpecError(path: reader.path + [.key("itemSizes")], reason: "give either items or itemSizes, not both")
        case (nil, nil):
            throw SpecError(path: reader.path + [.key("items")], reason: "is required (or itemSizes)")
        }
        var section = FlowSectionSpec(items: items)
        if let r = m["itemSize"] { section.itemSize = try r.size() }
        if let r = m["minimumLineSpacing"] { section.minimumLineSpacing = try r.number() }
        if let r = m["minimumInteritemSpacing"] { section.minimumInteritemSpacing = try r.number() }
        if let r = m["sectionInset"] { section.sectionInset = try r.insets() }
        if let r = m["headerReferenceSize"] { section.headerReferenceSize = try r.size() }
        if let r = m["footerReferenceSize"] { section.footerReferenceSize = try r.size() }
        return section
    }
}

/// Why a body is not a spec: not JSON at all (a 400), or JSON that is not a valid spec (a 422).
public enum SpecInputError: Error, Sendable, Hashable {
    case syntax(JSONSyntaxError)
    case spec(SpecError)
}
