public import LayoutEngine

/// The body of `POST /v1/layouts/{id}/updates`:
/// `{"updates": [{"op": ..., ...}], "rect"?: {x, y, width, height}, "offset"?: {x, y}}`; a grid's operations
/// name rows and columns (`BatchDecoder+grid.swift`).
public struct BatchRequest: Sendable {
    public var operations: [BatchOperation]
    /// A grid's operations (on rows and columns; `operations` is then empty).
    public var gridOperations: [GridBatchOperation] = []
    public var rect: LayoutRect?
    public var offset: LayoutPoint
    /// Whether the body gave `offset` (the answer then has `contentOffset`).
    public var offsetGiven = false
    /// What keeps its place (an index path before the batch).
    public var anchor: ScrollAnchor = .firstVisible
    /// New content of inserted and reloaded items (`"contents"` of their operations).
    public var contents = ItemContents()
    /// For a frames layout: the new cells' fields (nil for other kinds).
    public var frames: FrameUpdates?
    /// A waterfall's inserted items' spans and columns (`"spans"`, `"columns"` of `insertItems`).
    public var placements = ItemPlacements()
    /// `"keepColumns": true`: every old item of a waterfall keeps the first column it had.
    public var keepColumns = false
    /// `expand` and `collapse` operations (a batch of them holds nothing else; `operations` is then empty).
    public var outlineChanges: [OutlineChange] = []
    /// The levels of items inserted into outline sections (`"levels"` of `insertItems`), by index path after the
    /// batch.
    public var insertedLevels: [LayoutIndexPath: Int32] = [:]
}

public enum BatchDecoder {
    public static let ops = ["insertItems", "deleteItems", "reloadItems", "moveItem", "insertSections",
                             "deleteSections", "reloadSections", "moveSection", "expand", "collapse"]

    /// Decodes a batch for a layout of `spec`'s kind (section contents are sections of that kind); items' content
    /// is checked against the layout's styles and `limits`.
    public static func decode(_ bytes: [UInt8], for spec: LayoutSpec, limits: SpecLimits,
                              json: JSONLimits = JSONLimits()) throws(SpecInputError) -> BatchRequest
    {
        let document: JSONDocument
        do { document = try JSONParser.parse(bytes, limits: json) } catch { throw .syntax(error) }
        do {
            return try decode(SpecReader(value: document.root, path: []), for: spec, limits: limits)
        } catch {
            throw .spec(error)
        }
    }

    static func decode(_ root: SpecReader, for spec: LayoutSpec, limits: SpecLimits) throws(SpecError)
        -> BatchRequest
    {
        let m = try root.object(allowed: ["updates", "rect", "offset", "anchor", "keepColumns"], required: ["updates"])
        var operations: [BatchOperation] = []
        var gridOperations: [GridBatchOperation] = []
        var contents = ItemContents()
        var placements = ItemPlacements()
        var frames: FrameUpdates?
        var outlineChanges: [OutlineChange] = []
        var insertedLevels: [LayoutIndexPath: Int32] = [:]
        if case .frames = spec { frames = FrameUpdates() }
        if case .grid = spec {
            gridOperations = try m["updates"]!.array(gridOperation)
        } else if let changes = try outline(m["updates"]!) {
            outlineChanges = changes
        } else {
            operations = try m["updates"]!.array { (r: SpecReader) throws(SpecError) in
                try operation(r, spec, limits: limits, contents: &contents, placements: &placements, frames: &frames,
                              levels: &insertedLevels)
            }
        }
        var rect: LayoutRect?
        if let r = m["rect"] {
            let f = try r.object(allowed: ["x", "y", "width", "height"], required: ["x", "y", "width", "height"])
            rect = LayoutRect(x: try f["x"]!.number(), y: try f["y"]!.number(), width: try f["width"]!.number(),
                        height: try f["height"]!.number())
            if rect!.width < 0 || rect!.height < 0 { throw r.fail("width and height must be 0 or more") }
        }
        var offset = LayoutPoint.zero
        if let r = m["offset"] {
            let f = try r.object(allowed: ["x", "y"], required: ["x", "y"])
            offset = LayoutPoint(x: try f["x"]!.number(), y: try f["y"]!.number())
        }
        return BatchRequest(operations: operations, gridOperations: gridOperations, rect: rect, offset: offset,
                            offsetGiven: m["offset"] != nil,
                            anchor: try m["anchor"].map(ViewportDecoding.anchor) ?? .firstVisible, contents: contents,
                            frames: frames, placements: placements,
                            keepColumns: try m["keepColumns"].map { r throws(SpecError) in try keepColumns(r, spec) } ?? false,
                            outlineChanges: outlineChanges, insertedLevels: insertedLevels)
    }

    /// A batch of `expand` and `collapse` operations (`{"op", "indexPaths": [[s, i], ...]}`), or nil when its first
    /// operation is neither; any other operation among them is refused.
    static func outline(_ updates: SpecReader) throws(SpecError) -> [OutlineChange]? {
        guard updates.value.kind == .array else { return nil }
        var changes: [OutlineChange] = []
        for (i, v) in updates.value.elements.enumerated() {
            let r = SpecReader(value: v, path: updates.path + [.index(i)])
            let name = try opName(r, among: ops)
            let op = name.value.string
            let isOutline = op == "expand" || op == "collapse"
            if i == 0, !isOutline { return nil }
            guard isOutline else {
                throw name.fail("expand and collapse go in a batch of their own: no other operation with them")
            }
            let m = try r.object(allowed: ["op", "indexPaths"], required: ["indexPaths"])
            changes.append(OutlineChange(expand: op == "expand", indexPaths: try m["indexPaths"]!.array(indexPath)))
        }
        return changes
    }

    static func operation(_ r: SpecReader, _ spec: LayoutSpec, limits: SpecLimits, contents: inout ItemContents,
                          placements: inout ItemPlacements, frames: inout FrameUpdates?,
                          levels: inout [LayoutIndexPath: Int32]) throws(SpecError)
        -> BatchOperation
    {
        let name = try opName(r, among: ops)
        if frames != nil { return try framesOperation(r, name, into: &frames!) }
        switch try name.string() {
        case "expand", "collapse":
            throw name.fail("expand and collapse go in a batch of their own: no other operation with them")
        case "insertItems", "reloadItems":
            let inserting = try name.string() == "insertItems"
            let m = try r.object(allowed: ["op", "indexPaths", "sizes", "contents"]
                                     + (inserting ? ["spans", "columns", "levels"] : []),
                                 required: ["indexPaths"])
            let paths = try m["indexPaths"]!.array(indexPath)
            if inserting { try itemPlacements(m, paths, spec, into: &placements) }
            if let given = m["levels"] {
                // Levels of items inserted into an outline section (checked with the updated spec).
                let list = try given.array { (l: SpecReader) throws(SpecError) -> Int32 in
                    let n = try l.count()
                    guard n <= Outline.maxLevel else { throw l.fail("must be at most \(Outline.maxLevel)") }
                    return Int32(n)
                }
                guard list.count == paths.count else { throw given.fail("must give one level per index path (\(paths.count))") }
                for (path, level) in zip(paths, list) where levels.updateValue(level, forKey: path) != nil {
                    throw given.fail("item \(path.section)/\(path.item) is given a level twice")
                }
            }
            if let given = m["contents"] {
                // Content for items of a section given as contents (checked with the updated spec).
                if m["sizes"] != nil { throw m["sizes"]!.fail("give either sizes or contents, not both") }
                let list = try given.array { (c: SpecReader) throws(SpecError) in
                    try SpecDecoder.cellContent(c, styles: spec.textStyles, limits: limits)
                }
                guard list.count == paths.count else { throw given.fail("must give one content per index path (\(paths.count))") }
                for (path, content) in zip(paths, list) {
                    let earlier = inserting
                        ? contents.inserted.updateValue(content, forKey: path)
                        : contents.reloaded.updateValue(content, forKey: path)
                    if earlier != nil { throw given.fail("item \(path.section)/\(path.item) is given content twice") }
                }
            }
            let sizes = try m["sizes"].map { (s: SpecReader) throws(SpecError) in try s.sizePairs() }
            if let sizes, sizes.count != paths.count {
                throw m["sizes"]!.fail("must give one [width, height] per index path (\(paths.count))")
            }
            for (i, size) in (sizes ?? []).enumerated() where !(size.width >= 0 && size.height >= 0 && size.width.isFinite
                                                                   && size.height.isFinite && size.width <= 1e9 && size.height <= 1e9) {
                throw SpecError(path: m["sizes"]!.path + [.index(i)], reason: "sizes must be finite, 0 or more")
            }
            return inserting ? .insertItems(paths, sizes: sizes) : .reloadItems(paths, sizes: sizes)
        case "deleteItems":
            let m = try r.object(allowed: ["op", "indexPaths"], required: ["indexPaths"])
            return .deleteItems(try m["indexPaths"]!.array(indexPath))
        case "moveItem":
            let m = try r.object(allowed: ["op", "from", "to"], required: ["from", "to"])
            return .moveItem(from: try indexPath(m["from"]!), to: try indexPath(m["to"]!))
        case "insertSections", "reloadSections":
            let m = try r.object(allowed: ["op", "sections", "items"], required: ["sections"])
            let sections = try m["sections"]!.array { (s: SpecReader) throws(SpecError) in try s.count() }
            let content = try m["items"].map { (c: SpecReader) throws(SpecError) in
                try c.array { (one: SpecReader) throws(SpecError) in try sectionContent(one, spec) }
            }
            if let content, content.count != sections.count {
                throw m["items"]!.fail("must give one section per index in sections (\(sections.count))")
            }
            return try name.string() == "insertSections"
                ? .insertSections(sections, content: content) : .reloadSections(sections, content: content)
        case "deleteSections":
            let m = try r.object(allowed: ["op", "sections"], required: ["sections"])
            return .deleteSections(try m["sections"]!.array { (s: SpecReader) throws(SpecError) in try s.count() })
        case "moveSection":
            let m = try r.object(allowed: ["op", "from", "to"], required: ["from", "to"])
            return .moveSection(from: try m["from"]!.count(), to: try m["to"]!.count())
        case let other:
            throw name.fail("\"\(other)\" is not an operation (\(ops.joined(separator: ", ")))")
        }
    }

    /// An operation object's `"op"` (its value unread); `names` are the operations a message lists.
    static func opName(_ r: SpecReader, among names: [String]) throws(SpecError) -> SpecReader {
        guard r.value.kind == .object else { throw r.fail("must be an operation object: {\"op\": ...}") }
        var name: SpecReader?
        for (key, value) in r.value.members where key == "op" { name = r.child(key, value) }
        guard let name else {
            throw SpecError(path: r.path + [.key("op")], reason: "is required (\(names.joined(separator: ", ")))")
        }
        return name
    }

    /// `[section, item]`.
    static func indexPath(_ r: SpecReader) throws(SpecError) -> LayoutIndexPath {
        guard r.value.kind == .array, r.value.count == 2 else { throw r.fail("must be a [section, item] pair") }
        let parts = try r.array { (p: SpecReader) throws(SpecError) in try p.count() }
        return LayoutIndexPath(section: parts[0], item: parts[1])
    }

    /// A section of the layout's kind, as in its spec.
    static func sectionContent(_ r: SpecReader, _ spec: LayoutSpec) throws(SpecError) -> SectionContent {
        switch spec {
        case .flow: return .flow(try SpecDecoder.decodeFlowSection(r))
        case .waterfall: return .waterfall(try SpecDecoder.decodeWaterfallSection(r))
        case .compositional: return .compositional(try SpecDecoder.decodeCompositionalSectionEntry(r))
        case .circle, .wheel: throw r.fail("this layout has exactly one section: only items can change")
        case .grid: throw r.fail(LayoutSpec.gridUpdatesRefused)
        case .frames: throw r.fail(FramesLayoutSpec.sectionUpdatesRefused)
        }
    }
}
