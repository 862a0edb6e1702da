public import LayoutEngine

/// A stand-in text measurer whose lines are known: each character is 1 point wide and a line holds as many as fit
/// (`ceil(count / width)` lines, none for empty text).
public struct FixedWidthMeasurer: TextMeasurer {
    public init() {}

    public func lineCount(of text: String, style: TextStyle, width: Double) -> Int {
        text.isEmpty ? 0 : Int((Double(text.count) / width).rounded(.up))
    }
}
