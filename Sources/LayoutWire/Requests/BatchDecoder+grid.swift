import LayoutEngine

/// A grid's batch: operations on rows and columns (`{"op": "insertRows", "rows": [3], "sizes": [40]}`).
extension BatchDecoder {
    public static let gridOps = ["insertRows", "deleteRows", "moveRow", "resizeRows", "insertColumns",
                                 "deleteColumns", "moveColumn", "resizeColumns"]

    /// Each operation's axis and verb.
    static let gridOpNames: [String: (GridAxis, String)] = [
        "insertRows": (.rows, "insert"), "deleteRows": (.rows, "delete"), "moveRow": (.rows, "move"),
        "resizeRows": (.rows, "resize"), "insertColumns": (.columns, "insert"), "deleteColumns": (.columns, "delete"),
        "moveColumn": (.columns, "move"), "resizeColumns": (.columns, "resize"),
    ]

    static func gridOperation(_ r: SpecReader) throws(SpecError) -> GridBatchOperation {
        guard r.value.kind == .object else { throw r.fail("must be an operation object: {\"op\": ...}") }
        var name: SpecReader?
        for (key, value) in r.value.members where key == "op" { name = r.child(key, value) }
        guard let name else {
            throw SpecError(path: r.path + [.key("op")], reason: "is required (\(gridOps.joined(separator: ", ")))")
        }
        let op = try name.string()
        guard let (axis, verb) = gridOpNames[op] else {
            throw name.fail("\"\(op)\" is not an operation on a grid (\(gridOps.joined(separator: ", ")))")
        }
        let list = axis == .rows ? "rows" : "columns"
        func indices(_ m: [String: SpecReader]) throws(SpecError) -> [Int] {
            try m[list]!.array { (s: SpecReader) throws(SpecError) in try s.count() }
        }
        func sizes(_ m: [String: SpecReader], count: Int) throws(SpecError) -> [Double]? {
            guard let s = m["sizes"] else { return nil }
            let sizes = try s.numbers()
            guard sizes.count == count else { throw s.fail("must give one size per index in \(list) (\(count))") }
            for (i, size) in sizes.enumerated() where !(size >= 0 && size <= 1e9) {
                throw SpecError(path: s.path + [.index(i)], reason: "sizes must be finite, 0 to 1000000000")
            }
            return sizes
        }
        switch verb {
        case "insert":
            let m = try r.object(allowed: ["op", list, "sizes"], required: [list])
            let at = try indices(m)
            return GridBatchOperation(axis, .insert(at, sizes: try sizes(m, count: at.count)))
        case "resize":
            let m = try r.object(allowed: ["op", list, "sizes"], required: [list, "sizes"])
            let at = try indices(m)
            return GridBatchOperation(axis, .resize(at, sizes: try sizes(m, count: at.count)!))
        case "delete":
            let m = try r.object(allowed: ["op", list], required: [list])
            return GridBatchOperation(axis, .delete(try indices(m)))
        default:
            let m = try r.object(allowed: ["op", "from", "to"], required: ["from", "to"])
            return GridBatchOperation(axis, .move(from: try m["from"]!.count(), to: try m["to"]!.count()))
        }
    }
}
