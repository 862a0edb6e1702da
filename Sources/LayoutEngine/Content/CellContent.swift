/// A cell given as its content rather than its size: an optional media box of known aspect ratio, then a vertical
/// stack of text blocks, inside padding. Its width comes from the layout, its height from the content
/// (`height(width:styles:measurer:)`).
public struct CellContent: Sendable, Hashable {
    /// Width over height of a media box (an image) above the text, if there is one.
    public var mediaAspectRatio: Double?
    public var padding: LayoutEdgeInsets
    /// The space between each two parts (the media, each block).
    public var spacing: Double
    public var blocks: [TextBlock]

    public init(
        mediaAspectRatio: Double? = nil, padding: LayoutEdgeInsets = .zero, spacing: Double = 0, blocks: [TextBlock]
    ) {
        self.mediaAspectRatio = mediaAspectRatio; self.padding = padding; self.spacing = spacing; self.blocks = blocks
    }

    /// The cell's height at `width`: the top padding, the media's height (it spans the box inside the padding:
    /// that width over its aspect ratio), each block's lines times its style's line height, `spacing` between each
    /// two parts, and the bottom padding. `styles` must hold every block's style (the
    /// spec's validation checks it).
    public func height(width: Double, styles: [String: TextStyle], measurer: some TextMeasurer) -> Double {
        let box = max(0, width - padding.left - padding.right)
        var height = padding.top + padding.bottom
        var parts = 0
        if let ratio = mediaAspectRatio {
            height += box / ratio
            parts += 1
        }
        for block in blocks {
            guard let style = styles[block.style] else { continue }
            var lines = measurer.lineCount(of: block.text, style: style, width: box)
            if let limit = block.maxLines { lines = min(lines, limit) }
            height += Double(lines) * style.lineHeight
            parts += 1
        }
        return height + Double(max(0, parts - 1)) * spacing
    }
}

/// A block of text in one style, optionally cut to `maxLines` lines (truncated with an ellipsis when drawn).
public struct TextBlock: Sendable, Hashable {
    /// The name of a style in the layout's `textStyles`.
    public var style: String
    public var text: String
    /// At least 1 when given.
    public var maxLines: Int?

    public init(style: String, text: String, maxLines: Int? = nil) {
        self.style = style; self.text = text; self.maxLines = maxLines
    }
}
