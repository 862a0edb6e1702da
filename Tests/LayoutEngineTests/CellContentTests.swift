import LayoutEngine
import Testing

/// A cell's height from its content, with a measurer whose lines are known: one line per started `per` points of
/// text, each character 1 point wide.
@Suite struct CellContentTests {
    struct FixedWidthMeasurer: TextMeasurer {
        func lineCount(of text: String, style: TextStyle, width: Double) -> Int {
            text.isEmpty ? 0 : Int((Double(text.count) / width).rounded(.up))
        }
    }

    let styles = [
        "title": TextStyle(family: "Inter", weight: 700, size: 17, lineHeight: 22),
        "body": TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)
    ]

    @Test func paddingMediaBlocksAndSpacingAddUp() {
        let content = CellContent(
            mediaAspectRatio: 1.5, padding: LayoutEdgeInsets(top: 8, left: 10, bottom: 8, right: 10), spacing: 4,
            blocks: [
                TextBlock(style: "title", text: String(repeating: "a", count: 150)),  // 2 lines in a 100 box
                TextBlock(style: "body", text: String(repeating: "b", count: 450), maxLines: 3)  // 5 lines, cut to 3
            ])
        let expected: Double = 8 + 100 / 1.5 + 4 + 2 * 22 + 4 + 3 * 20 + 8
        #expect(content.height(width: 120, styles: styles, measurer: FixedWidthMeasurer()) == expected)
    }

    @Test func noPartsIsThePaddingAlone() {
        let content = CellContent(
            padding: LayoutEdgeInsets(top: 3, left: 0, bottom: 5, right: 0), spacing: 9, blocks: [])
        #expect(content.height(width: 50, styles: styles, measurer: FixedWidthMeasurer()) == 8)
    }

    @Test func anEmptyBlockIsNoLinesButStillAPart() {
        let content = CellContent(
            spacing: 4, blocks: [TextBlock(style: "body", text: ""), TextBlock(style: "body", text: "x")])
        #expect(content.height(width: 50, styles: styles, measurer: FixedWidthMeasurer()) == 0 + 4 + 20)
    }
}
