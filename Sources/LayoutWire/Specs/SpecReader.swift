import LayoutEngine

/// Typed access to one JSON value of a spec, remembering its path for error messages.
struct SpecReader {
    let value: JSONValue
    let path: [SpecPathComponent]

    func fail(_ reason: String) -> SpecError { SpecError(path: path, reason: reason) }

    func child(_ key: String, _ value: JSONValue) -> SpecReader { SpecReader(value: value, path: path + [.key(key)]) }

    /// The object's members by name. Duplicate names and names outside `allowed` are errors, as is any name of
    /// `required` that is missing.
    func object(allowed: [String], required: [String] = []) throws(SpecError) -> [String: SpecReader] {
        guard value.kind == .object else { throw fail("must be an object, not \(value.kind.name)") }
        var out: [String: SpecReader] = [:]
        for (key, member) in value.members {
            guard allowed.contains(key) else {
                throw SpecError(path: path + [.key(key)],
                                reason: "unknown field (allowed: \(allowed.joined(separator: ", ")))")
            }
            guard out[key] == nil else { throw SpecError(path: path + [.key(key)], reason: "duplicate field") }
            out[key] = child(key, member)
        }
        for key in required where out[key] == nil {
            throw SpecError(path: path + [.key(key)], reason: "is required")
        }
        return out
    }

    func number() throws(SpecError) -> Double {
        guard let n = value.number else { throw fail("must be a number, not \(value.kind.name)") }
        return n
    }

    /// A whole number (`3` or `3.0`) from 0 to 2^53.
    func count() throws(SpecError) -> Int {
        let n = try number()
        guard n >= 0, n == n.rounded(.towardZero), n <= 9_007_199_254_740_992 else {
            throw fail("must be a whole number, 0 or more")
        }
        return Int(n)
    }

    /// A whole number, possibly negative (a zIndex).
    func integer() throws(SpecError) -> Int {
        let n = try number()
        guard n == n.rounded(.towardZero), abs(n) <= 1_000_000_000 else {
            throw fail("must be a whole number from -1000000000 to 1000000000")
        }
        return Int(n)
    }

    func bool() throws(SpecError) -> Bool {
        guard let b = value.bool else { throw fail("must be true or false, not \(value.kind.name)") }
        return b
    }

    func string() throws(SpecError) -> String {
        guard let s = value.string else { throw fail("must be a string, not \(value.kind.name)") }
        return s
    }

    /// One of `choices`, by its wire name.
    func oneOf<T: RawRepresentable & CaseIterable>(_: T.Type) throws(SpecError) -> T where T.RawValue == String {
        let s = try string()
        guard let v = T(rawValue: s) else {
            throw fail("\"\(s)\" is not one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return v
    }

    /// `{"width": w, "height": h}`.
    func size() throws(SpecError) -> LayoutSize {
        let m = try object(allowed: ["width", "height"], required: ["width", "height"])
        return LayoutSize(width: try m["width"]!.number(), height: try m["height"]!.number())
    }

    /// `collectionView`: `{"width": w, "height": h, "contentInset"?: {top, left, bottom, right}}`.
    func viewport() throws(SpecError) -> Viewport {
        let m = try object(allowed: ["width", "height", "contentInset"], required: ["width", "height"])
        return Viewport(size: LayoutSize(width: try m["width"]!.number(), height: try m["height"]!.number()),
                        contentInset: try m["contentInset"]?.insets() ?? .zero)
    }

    /// `{"top", "left", "bottom", "right"}`, each optional (0).
    func insets() throws(SpecError) -> LayoutEdgeInsets {
        let m = try object(allowed: ["top", "left", "bottom", "right"])
        return LayoutEdgeInsets(top: try m["top"]?.number() ?? 0, left: try m["left"]?.number() ?? 0,
                          bottom: try m["bottom"]?.number() ?? 0, right: try m["right"]?.number() ?? 0)
    }

    /// `[n, ...]`, read straight off the tape.
    func numbers() throws(SpecError) -> [Double] {
        guard value.kind == .array else { throw fail("must be an array of numbers") }
        let count = value.count
        var out: [Double] = []
        out.reserveCapacity(count)
        var failure: SpecError?
        value.document.nodes.withUnsafeBufferPointer { nodes in
            for j in 0..<count {
                let node = nodes[value.index + 1 + j]
                guard node.kind == .number else {
                    failure = SpecError(path: path + [.index(j)], reason: "must be a number, not \(node.kind.name)")
                    return
                }
                out.append(Double(bitPattern: node.payload))
            }
        }
        if let failure { throw failure }
        return out
    }

    /// An array, each element read by `element`.
    func array<T>(_ element: (SpecReader) throws(SpecError) -> T) throws(SpecError) -> [T] {
        guard value.kind == .array else { throw fail("must be an array, not \(value.kind.name)") }
        var out: [T] = []
        out.reserveCapacity(value.count)
        for (i, v) in value.elements.enumerated() {
            out.append(try element(SpecReader(value: v, path: path + [.index(i)])))
        }
        return out
    }

    /// `[[w, h], ...]`, read straight off the tape (this is most of a large spec).
    /// - Complexity: O(n), no allocation but the result.
    func sizePairs() throws(SpecError) -> [LayoutSize] {
        guard value.kind == .array else { throw fail("must be an array of [width, height] pairs") }
        let count = value.count
        let document = value.document
        var out: [LayoutSize] = []
        out.reserveCapacity(count)
        var failure: SpecError?
        document.nodes.withUnsafeBufferPointer { nodes in
            var i = value.index + 1
            for j in 0..<count {
                let pair = nodes[i]
                if pair.kind == .array, pair.count == 2, nodes[i + 1].kind == .number, nodes[i + 2].kind == .number {
                    out.append(LayoutSize(width: Double(bitPattern: nodes[i + 1].payload),
                                    height: Double(bitPattern: nodes[i + 2].payload)))
                    i += 3
                    continue
                }
                let at = path + [.index(j)]
                if pair.kind != .array || pair.count != 2 {
                    failure = SpecError(path: at, reason: "must be a [width, height] pair")
                } else {
                    let bad = nodes[i + 1].kind == .number ? 1 : 0
                    let kind = nodes[i + 1 + bad].kind
                    failure = SpecError(path: at + [.index(bad)], reason: "must be a number, not \(kind.name)")
                }
                return
            }
        }
        if let failure { throw failure }
        return out
    }
}
