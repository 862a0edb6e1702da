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
