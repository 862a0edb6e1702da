/// A named text style of a layout (`textStyles`): the font and the line height a block of text is set in, in
/// points (CSS pixels).
public struct TextStyle: Sendable, Hashable {
    /// The font family, as `GET /v1/fonts` lists it (`"Inter"`).
    public var family: String
    /// The CSS weight, a whole number from 1 to 1000 (`validate`); the service measures only the weights its
    /// fonts have (`GET /v1/fonts`).
    public var weight: Int
    /// The font size.
    public var size: Double
    /// The height of each line (CSS `line-height` in pixels).
    public var lineHeight: Double

    public init(family: String, weight: Int, size: Double, lineHeight: Double) {
        self.family = family; self.weight = weight; self.size = size; self.lineHeight = lineHeight
    }
}

/// What breaks text into lines: the service's shaper (fonts, shaping and line-breaking rules), or a test's stand-in.
/// The engine computes a cell's height from the line counts it answers (`CellContent.height`).
public protocol TextMeasurer: Sendable {
    /// The number of lines `text` takes in a box `width` wide, set in `style` (0 for empty text).
    func lineCount(of text: String, style: TextStyle, width: Double) -> Int

    /// `height(i)` for each i in `0..<count`, in that order: the heights of a section's cells. `height` may be
    /// called on several threads at once (a measurer may spread the cells over the machine's cores); the default
    /// calls it for each i in turn.
    func heights(count: Int, _ height: @Sendable (Int) -> Double) -> [Double]
}

extension TextMeasurer {
    public func heights(count: Int, _ height: @Sendable (Int) -> Double) -> [Double] { (0..<count).map(height) }
}
