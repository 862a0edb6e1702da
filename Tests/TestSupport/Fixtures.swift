public import LayoutEngine
public import LayoutWire

/// The conformance cases of `Tests/Fixtures/flow-cases.json` (their rules: docs/specs.md, "The flow rules").
public struct ConformanceCase: Sendable {
    public var name: String
    public var specJSON: [UInt8]
    public var contentSize: LayoutSize
    /// Expected frames by element id (`cell/S/I`, `supplementary/header/S/0`).
    public var frames: [String: LayoutRect]
    public var queries: [(rect: LayoutRect, expect: [String])]
}

public enum Fixtures {
    /// The folder `Tests/Fixtures`, found from this file's path.
    public static var directory: String {
        let file = #filePath
        let testsDir = file.split(separator: "/", omittingEmptySubsequences: false).dropLast(2).joined(separator: "/")
        return testsDir + "/Fixtures"
    }

    public static func read(_ name: String) -> [UInt8] {
        guard let bytes = readFile(directory + "/" + name) else { fatalError("missing fixture \(name)") }
        return bytes
    }

    public static func conformanceCases() -> [ConformanceCase] {
        let doc = try! JSONParser.parse(read("flow-cases.json"))
        var out: [ConformanceCase] = []
        for (key, value) in doc.root.members where key == "cases" {
            for c in value.elements {
                let m = Dictionary(uniqueKeysWithValues: c.members.map { ($0.key, $0.value) })
                var frames: [String: LayoutRect] = [:]
                for e in m["elements"]!.elements { frames[elementID(e)] = rect(field(e, "frame")) }
                let queries = m["queries"]!.elements.map { q in
                    (rect(field(q, "rect")), field(q, "expect").elements.map { $0.string! })
                }
                let cs = m["contentSize"]!
                out.append(ConformanceCase(
                    name: m["name"]!.string!, specJSON: reencode(m["spec"]!),
                    contentSize: LayoutSize(width: field(cs, "width").number!, height: field(cs, "height").number!),
                    frames: frames, queries: queries))
            }
        }
        return out
    }

    /// The id the conformance files give an element.
    public static func elementID(_ a: LayoutAttributes) -> String {
        switch a.category {
        case .cell: "cell/\(a.indexPath.section)/\(a.indexPath.item)"
        default: "\(a.category.name)/\(a.kind)/\(a.indexPath.section)/\(a.indexPath.item)"
        }
    }

    static func elementID(_ e: JSONValue) -> String {
        let category = field(e, "category").string!
        let section = Int(field(e, "section").number!)
        let item = Int(field(e, "item").number!)
        if category == "cell" { return "cell/\(section)/\(item)" }
        return "\(category)/\(field(e, "kind").string!)/\(section)/\(item)"
    }

    static func field(_ v: JSONValue, _ name: String) -> JSONValue {
        v.members.first { $0.key == name }!.value
    }

    static func rect(_ v: JSONValue) -> LayoutRect {
        LayoutRect(x: field(v, "x").number!, y: field(v, "y").number!, width: field(v, "width").number!,
             height: field(v, "height").number!)
    }

    /// A JSON value written back out (keys in document order).
    public static func reencode(_ v: JSONValue) -> [UInt8] {
        var w = JSONWriter()
        write(v, &w)
        return w.bytes
    }

    static func write(_ v: JSONValue, _ w: inout JSONWriter) {
        switch v.kind {
        case .null: w.raw("null")
        case .true: w.raw("true")
        case .false: w.raw("false")
        case .number: w.number(v.number!)
        case .string: w.string(v.string!)
        case .array:
            w.raw("[")
            for (i, e) in v.elements.enumerated() {
                if i > 0 { w.raw(",") }
                write(e, &w)
            }
            w.raw("]")
        case .object:
            w.raw("{")
            for (i, m) in v.members.enumerated() {
                if i > 0 { w.raw(",") }
                w.string(m.key)
                w.raw(":")
                write(m.value, &w)
            }
            w.raw("}")
        }
    }
}
