import LayoutEngine

/// A grid's batch: operations on rows and columns (`{"op": "insertRows", "rows": [3], "sizes": [40]}`).
extension BatchDecoder {
    /// The operations on a grid, in the order messages list them: each name with its axis and verb.
    private static let gridOpTable: [(name: String, axis: GridAxis, verb: GridVerb)] = [
        ("insertRows", .rows, .insert), ("deleteRows", .rows, .delete), ("moveRow", .rows, .move),
        ("resizeRows", .rows, .resize), ("insertColumns", .columns, .insert), ("deleteColumns", .columns, .delete),
        ("moveColumn", .columns, .move), ("resizeColumns", .columns, .resize),
    ]

    public static let gridOps = gridOpTable.map(\.name)

    private enum GridVerb { case insert, delete, move, resize }

    static func gridOperation(_ r: SpecReader) throws(SpecError) -> GridBatchOperation {
        let name = try opName(r, among: gridOps)
        let op = try name.string()
        guard let (_, axis, verb) = gridOpTable.first(where: { $0.name == op }) else {
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
        case .insert:
            let m = try r.object(allowed: ["op", list, "sizes"], required: [list])
            let at = try indices(m)
            return GridBatchOperation(axis, .insert(at, sizes: try sizes(m, count: at.count)))
        case .resize:
            let m = try r.object(allowed: ["op", list, "sizes"], required: [list, "sizes"])
            let at = try indices(m)
            return GridBatchOperation(axis, .resize(at, sizes: try sizes(m, count: at.count)!))
        case .delete:
            let m = try r.object(allowed: ["op", list], required: [list])
            return GridBatchOperation(axis, .delete(try indices(m)))
        case .move:
            let m = try r.object(allowed: ["op", "from", "to"], required: ["from", "to"])
            return GridBatchOperation(axis, .move(from: try m["from"]!.count(), to: try m["to"]!.count()))
        }
    }
}
