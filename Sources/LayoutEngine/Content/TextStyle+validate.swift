extension TextStyle {
    /// The largest font size and line height accepted.
    public static let maxLength = 1_000.0

    /// Checks the family (not empty), the weight (a whole number from 1 to 1000) and the size and line height
    /// (more than 0, at most `maxLength`); `path` is the style's.
    public func validate(at path: [SpecPathComponent]) throws(LayoutError) {
        guard !family.isEmpty, family.utf8.count <= 200 else {
            throw .invalidValue(path: path + [.key("family")], reason: "must be a font family's name (1 to 200 bytes)")
        }
        guard (1...1000).contains(weight) else {
            throw .invalidValue(path: path + [.key("weight")], reason: "must be a whole number from 1 to 1000")
        }
        for (key, v) in [("size", size), ("lineHeight", lineHeight)] where !(v > 0 && v <= Self.maxLength) {
            throw .invalidValue(path: path + [.key(key)], reason: "must be more than 0 and at most \(Int(Self.maxLength))")
        }
    }

    /// Checks a style of a layout's `textStyles` and its `name` (not empty); `path` is the style's.
    public func validate(named name: String, at path: [SpecPathComponent]) throws(LayoutError) {
        guard !name.isEmpty else { throw .invalidValue(path: path, reason: "a style's name must not be empty") }
        try validate(at: path)
    }

    /// Checks every style of a layout's `textStyles`.
    public static func validate(_ styles: [String: TextStyle]) throws(LayoutError) {
        for name in styles.keys.sorted() {
            try styles[name]!.validate(named: name, at: [.key("textStyles"), .key(name)])
        }
    }
}
