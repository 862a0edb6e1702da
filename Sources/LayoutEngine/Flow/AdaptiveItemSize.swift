/// Rule 7 for flow: `itemSize: {"minimumWidth": w, "height": h}` or `{"minimumWidth": w, "aspectRatio": r}`. A
/// vertical flow's line holds as many items of at least `minimumWidth` as fit (`ColumnCount.fitting`, the count of a
/// waterfall's adaptive `columnCount`, up to `WaterfallLayoutSpec.maxColumns`), and they share
/// it: each `(available − (n − 1) × spacing) / n` wide, and `height` high or that width over `aspectRatio`.
public struct AdaptiveItemSize: Sendable, Hashable {
    /// How an item's height follows from its width.
    public enum Height: Sendable, Hashable {
        case fixed(Double)
        /// Width over height.
        case aspectRatio(Double)
    }

    public var minimumWidth: Double
    public var height: Height

    /// The aspect ratios accepted (width over height), as for a cell's media.
    public static let aspectRatios = 0.001...1_000.0

    public init(minimumWidth: Double, height: Height) {
        self.minimumWidth = minimumWidth
        self.height = height
    }

    /// The number of items a line holds and their size, on a line `available` long with `spacing` between items.
    /// - Complexity: O(1).
    public func resolved(available: Double, spacing: Double) -> (columns: Int, size: LayoutSize) {
        let n = ColumnCount.fitting(minimumWidth: minimumWidth, maximum: WaterfallLayoutSpec.maxColumns,
                                    available: available, spacing: spacing)
        let width = max(0, (available - Double(n - 1) * spacing) / Double(n))
        switch height {
        case .fixed(let h): return (n, LayoutSize(width: width, height: h))
        case .aspectRatio(let r): return (n, LayoutSize(width: width, height: width / r))
        }
    }
}

/// What sizes the items a section gives by count: a fixed size, or one that follows the line's length.
enum FlowItemSizing: Hashable {
    case fixed(LayoutSize)
    case adaptive(AdaptiveItemSize)
}
