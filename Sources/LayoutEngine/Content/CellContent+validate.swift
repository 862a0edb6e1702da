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

extension CellContent {
    /// The most blocks of text one cell holds.
    public static let maxBlocks = 64
    /// The range of a media box's aspect ratio (width over height).
    public static let aspectRatios = 0.001...1_000.0

    /// Checks the content against the layout's `styles` and `limits`: each block's style is one of them, its
    /// `maxLines` at least 1, its text at most `limits.maxTextLength` bytes of UTF-8; the media's aspect ratio
    /// within `aspectRatios`; padding and spacing 0 or more. `path` is the content's.
    public func validate(styles: [String: TextStyle], limits: SpecLimits, at path: [SpecPathComponent])
        throws(LayoutError)
    {
        let check = RangeCheck(maxLength: limits.maxLength)
        if let ratio = mediaAspectRatio, !Self.aspectRatios.contains(ratio) {
            throw .invalidValue(path: path + [.key("media"), .key("aspectRatio")],
                                reason: "must be from \(Self.aspectRatios.lowerBound) to \(Int(Self.aspectRatios.upperBound))")
        }
        try check.nonNegative(padding, at: path + [.key("padding")])
        try check.nonNegative(spacing, at: path + [.key("spacing")])
        if blocks.count > Self.maxBlocks {
            throw .invalidValue(path: path + [.key("blocks")], reason: "holds more than \(Self.maxBlocks) blocks")
        }
        for (i, block) in blocks.enumerated() {
            let at = path + [.key("blocks"), .index(i)]
            guard styles[block.style] != nil else {
                let known = styles.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                throw .invalidValue(path: at + [.key("style")],
                                    reason: "\"\(block.style)\" is not a style of textStyles (\(known.isEmpty ? "none" : known))")
            }
            if let n = block.maxLines, n < 1 { throw .invalidValue(path: at + [.key("maxLines")], reason: "must be 1 or more") }
            if block.text.utf8.count > limits.maxTextLength {
                throw .limitExceeded(path: at + [.key("text")],
                                     reason: "\(block.text.utf8.count) bytes exceed the limit of \(limits.maxTextLength)")
            }
        }
    }

    /// Checks a section's `contents` (`path` is the array's).
    static func validate(_ contents: [CellContent], styles: [String: TextStyle], limits: SpecLimits,
                         at path: [SpecPathComponent]) throws(LayoutError)
    {
        for (j, content) in contents.enumerated() {
            try content.validate(styles: styles, limits: limits, at: path + [.index(j)])
        }
    }
}
