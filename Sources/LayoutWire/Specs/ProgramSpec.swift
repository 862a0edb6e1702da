public import LayoutEngine

/// `{"layout": "program", "program": ID, "collectionView", "sections": [{"items": n}], "parameters": {...}}`: a
/// layout computed by a posted layout program (docs/programs.md). The service runs the program on the view size,
/// the item counts and the parameters, and keeps what it emits as a frames layout under the id of this spec's
/// canonical form, which covers the program's id (itself the SHA-256 of the module's bytes).
public struct ProgramSpec: Sendable, Hashable {
    /// The program's id: 64 lowercase hex digits.
    public var program: String
    public var collectionView: LayoutSize
    public var contentInset: LayoutEdgeInsets = .zero
    /// The item count of each section.
    public var itemCounts: [Int]
    /// The parameters' canonical JSON text, the bytes the program reads: keys sorted, no whitespace, numbers as
    /// the service writes them (`JSONWriter.number`), so that equal parameters give equal ids.
    public var parameters: [UInt8]
    /// The parameters' numbers, which a program also reads as binary f64 (`ProgramSpec.numbers(in:)`).
    public var numbers: [String: [Double]]

    public init(program: String, collectionView: LayoutSize, itemCounts: [Int], parameters: [UInt8] = Array("{}".utf8),
                numbers: [String: [Double]] = [:]) {
        self.program = program
        self.collectionView = collectionView
        self.itemCounts = itemCounts
        self.parameters = parameters
        self.numbers = numbers
    }

    /// The top-level members of `parameters` (an object) that hold numbers, under their keys: a number as one
    /// value, an array of numbers as its values, an array of `[a, b]` pairs as `a, b, a, b, ...`. Other members
    /// are left to the JSON text.
    public static func numbers(in parameters: JSONValue) -> [String: [Double]] {
        var out: [String: [Double]] = [:]
        for (key, value) in parameters.members {
            if let number = value.number {
                out[key] = [number]
                continue
            }
            guard value.kind == .array else { continue }
            var values: [Double] = []
            values.reserveCapacity(value.count)
            // Every element a number, or every element an array of two numbers.
            let pairs = value.elements.first { _ in true }?.kind == .array
            var numeric = true
            for element in value.elements {
                if !pairs, let number = element.number {
                    values.append(number)
                } else if pairs, element.kind == .array, element.count == 2,
                    case var pair = element.elements.makeIterator(), let a = pair.next()?.number,
                    let b = pair.next()?.number
                {
                    values.append(a)
                    values.append(b)
                } else {
                    numeric = false
                    break
                }
            }
            if numeric { out[key] = values }
        }
        return out
    }

    static let keys = ["layout", "program", "collectionView", "sections", "parameters"]

    /// The canonical form, whose SHA-256 is the layout's id.
    public var canonical: [UInt8] {
        var w = JSONWriter(capacity: 256 + parameters.count + 16 * itemCounts.count)
        w.raw("{")
        SpecEncoder.collectionView(collectionView, contentInset, &w)
        w.raw("\"layout\":\"program\",\"parameters\":")
        parameters.withUnsafeBufferPointer { w.json($0) }
        w.raw(",\"program\":")
        w.string(program)
        w.raw(",\"sections\":[")
        for (i, n) in itemCounts.enumerated() {
            if i > 0 { w.raw(",") }
            w.raw("{\"items\":")
            w.int(n)
            w.raw("}")
        }
        w.raw("]}")
        return w.bytes
    }

    /// What keeps a program's cells (the elements of no `kind`) from being the spec's items, one cell each: nil when
    /// they are, else the problem's detail, with how many cells were expected and emitted. The frames must have
    /// passed validation (each index path once), so cells within the declared items, as many as them, are them all.
    /// O(elements).
    public func cellMismatch(section: [Int], item: [Int], kind: [String?]) -> String? {
        let expected = itemCounts.reduce(0, +)
        let emitted = kind.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
        let counts = "the spec declares \(expected) items and the program emitted \(emitted) cells"
        for e in kind.indices where kind[e] == nil {
            let s = section[e], i = item[e]
            guard s < itemCounts.count, i < itemCounts[s] else {
                return "\(counts): element \(e) is a cell at section \(s), item \(i), which the spec does not declare"
            }
        }
        return emitted == expected ? nil : "\(counts) (one cell for each item is expected)"
    }

    /// The frames a program emitted, as the spec of a frames layout of this view: a cell where `kind` is nil, a
    /// supplementary view of that kind otherwise. Validate it (`LayoutSpec.validate`) before preparing it: its
    /// values are the program's.
    public func frames(x: [Double], y: [Double], width: [Double], height: [Double], section: [Int], item: [Int],
                       kind: [String?]) -> FramesLayoutSpec {
        var elements = FrameElements(x: x, y: y, width: width, height: height, section: section, item: item)
        if kind.contains(where: { $0 != nil }) {
            elements.kind = kind
            elements.category = kind.map { $0 == nil ? .cell : .supplementary }
        }
        var spec = FramesLayoutSpec(collectionView: collectionView, elements: elements)
        spec.contentInset = contentInset
        return spec
    }
}

/// A posted spec: a layout the engine prepares, or a program's, which the service prepares by running it.
public enum PostedSpec: Sendable, Hashable {
    case layout(LayoutSpec)
    case program(ProgramSpec)
}

extension SpecDecoder {
    /// The layouts a posted spec may name: the engine's kinds and `program` (a problem lists them).
    static let postedNames = LayoutSpec.names + ["program"]

    /// Parses and decodes a POST body: a `"program"` layout as a `ProgramSpec`, any other as `decode` does.
    public static func decodePosted(_ bytes: [UInt8], limits: SpecLimits, json: JSONLimits = JSONLimits())
        throws(SpecInputError) -> PostedSpec
    {
        let document: JSONDocument
        do { document = try JSONParser.parse(bytes, limits: json) } catch { throw .syntax(error) }
        do {
            let root = document.root
            if root.kind == .object, root.members.contains(where: { $0.key == "layout" && $0.value.string == "program" }) {
                return .program(try decodeProgram(SpecReader(value: root, path: []), limits: limits))
            }
            return .layout(try decode(document, limits: limits))
        } catch {
            throw .spec(error)
        }
    }

    static func decodeProgram(_ root: SpecReader, limits: SpecLimits) throws(SpecError) -> ProgramSpec {
        let m = try root.object(allowed: ProgramSpec.keys, required: ["program", "collectionView", "sections"])
        let id = try m["program"]!.string()
        guard id.utf8.count == 64, id.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }) else {
            throw m["program"]!.fail("must be a program's id (64 lowercase hex digits, as POST /v1/programs answers)")
        }
        let viewport = try m["collectionView"]!.viewport()
        for (name, value) in [("width", viewport.size.width), ("height", viewport.size.height)]
        where !(value > 0 && value <= limits.maxLength) {
            throw SpecError(path: [.key("collectionView"), .key(name)],
                            reason: "must be more than 0 and at most \(Int(limits.maxLength))")
        }
        let counts = try sectionList(m["sections"]!, limits: limits) { (s: SpecReader) throws(SpecError) -> Int in
            try s.object(allowed: ["items"], required: ["items"])["items"]!.count()
        }
        var total = 0
        for (i, n) in counts.enumerated() {
            total += n
            if total > limits.maxItems {
                throw SpecError(path: [.key("sections"), .index(i), .key("items")],
                                reason: "the layout's items exceed the limit of \(limits.maxItems)", isLimit: true)
            }
        }
        var parameters = JSONWriter(capacity: 256)
        var numbers: [String: [Double]] = [:]
        if let p = m["parameters"] {
            guard p.value.kind == .object else { throw p.fail("must be an object, not \(p.value.kind.name)") }
            try writeCanonical(p, into: &parameters)
            numbers = ProgramSpec.numbers(in: p.value)
        } else {
            parameters.raw("{}")
        }
        var spec = ProgramSpec(program: id, collectionView: viewport.size, itemCounts: counts,
                               parameters: parameters.bytes, numbers: numbers)
        spec.contentInset = viewport.contentInset
        return spec
    }

    /// Any JSON value in canonical form: objects' keys sorted (by their UTF-8 bytes; a duplicate key is an error),
    /// no whitespace, numbers as `JSONWriter.number` writes them.
    static func writeCanonical(_ r: SpecReader, into w: inout JSONWriter) throws(SpecError) {
        let v = r.value
        switch v.kind {
        case .null: w.raw("null")
        case .true: w.raw("true")
        case .false: w.raw("false")
        case .number: w.number(v.number!)
        case .string: w.string(v.string!)
        case .array:
            w.raw("[")
            var i = 0
            for element in v.elements {
                if i > 0 { w.raw(",") }
                try writeCanonical(SpecReader(value: element, path: r.path + [.index(i)]), into: &w)
                i += 1
            }
            w.raw("]")
        case .object:
            let members = v.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            w.raw("{")
            for (i, (key, value)) in members.enumerated() {
                if i > 0 {
                    w.raw(",")
                    if members[i - 1].key == key { throw r.child(key, value).fail("duplicate field") }
                }
                w.string(key)
                w.raw(":")
                try writeCanonical(r.child(key, value), into: &w)
            }
            w.raw("}")
        }
    }
}
