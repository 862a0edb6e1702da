import LayoutEngine
import LayoutWire
import TestSupport
import Testing

/// The full and columnar answers against a plain reference: every element written with `String`s, key by key, as
/// docs/api.md ("Attributes") lists them. The encoders take shortcuts for plain cells (one reservation, the text a
/// cell shares with the one before it in a row copied, equal neighbours in a column copied): lists of rows with
/// shared and differing `y`, sizes and looks make sure every shortcut is taken and left at the right place.
@Suite struct AttributesEncoderTests {
    static func number(_ v: Double) -> String {
        if v == 0 { return "0" }
        if abs(v) < 9_007_199_254_740_992, v == v.rounded() { return String(Int(v)) }
        return v.description
    }

    static func reference(_ a: LayoutAttributes, sticky: StickyRange? = nil) -> String {
        let f = a.frame
        var s = "{\"category\":\"\(a.category.name)\""
        if a.category != .cell { s += ",\"kind\":\"\(a.kind)\"" }
        s += ",\"section\":\(a.indexPath.section),\"item\":\(a.indexPath.item)"
        s += ",\"frame\":{\"x\":\(number(f.x)),\"y\":\(number(f.y)),\"width\":\(number(f.width)),"
            + "\"height\":\(number(f.height))}"
        s += ",\"center\":{\"x\":\(number(f.x + f.width / 2)),\"y\":\(number(f.y + f.height / 2))}"
        s += ",\"size\":{\"width\":\(number(f.width)),\"height\":\(number(f.height))}"
        s += ",\"zIndex\":\(a.zIndex),\"alpha\":\(number(a.alpha)),\"hidden\":\(a.isHidden)"
        if !a.transform3D.isIdentity {
            s += ",\"transform3D\":[" + (0..<16).map { number(a.transform3D[$0]) }.joined(separator: ",") + "]"
        }
        if let sticky {
            s += ",\"sticky\":{\"edge\":\"\(sticky.edge == .leading ? "leading" : "trailing")\","
                + "\"min\":\(number(sticky.min)),\"max\":\(number(sticky.max))}"
        }
        return s + "}"
    }

    /// Rows of cells sharing `y` and (mostly) their size, with now and then a taller cell, a look that is not the
    /// default, a header with its sticky range, or a new row.
    static func elements(_ rng: inout SeededRandom) -> ([LayoutAttributes], [StickyRange?]) {
        var out: [LayoutAttributes] = []
        var sticky: [StickyRange?] = []
        var y = Double(Int.random(in: 0...100_000, using: &rng)) / 4
        var width = [100.0, 33.5, 0.1, 1e-7, 12_345_678.25][Int.random(in: 0...4, using: &rng)]
        var height = width
        var x = 0.0
        for item in 0..<Int.random(in: 0...120, using: &rng) {
            switch Int.random(in: 0...21, using: &rng) {
            case 0:  // a new row, maybe of another size
                y += height + 10
                x = 0
                if Bool.random(using: &rng) { width = Double(Int.random(in: 1...4000, using: &rng)) / 8 }
                if Bool.random(using: &rng) { height = Double(Int.random(in: 1...4000, using: &rng)) / 8 }
            case 1:  // a cell of its own height in the row
                out.append(.cell(LayoutIndexPath(section: 0, item: item), LayoutRect(x: x, y: y, width: width, height: height + 1)))
                sticky.append(nil)
                continue
            case 2:  // not plain
                var a = LayoutAttributes.cell(LayoutIndexPath(section: 1, item: item),
                                              LayoutRect(x: x, y: y, width: width, height: height))
                switch Int.random(in: 0...3, using: &rng) {
                case 0: a.alpha = 0.5
                case 1: a.zIndex = -3
                case 2: a.isHidden = true
                default: a.transform3D = .translation(x: 0, y: 0, z: 2.5)
                }
                out.append(a)
                sticky.append(nil)
                continue
            case 4:  // a wider cell in the row
                width += 0.5
            case 5:  // the same row, two units taller
                height += 2
            case 3:  // a header, maybe sticky
                out.append(.supplementary("header", LayoutIndexPath(section: 2, item: 0),
                                          LayoutRect(x: 0, y: y, width: width * 3, height: height)))
                sticky.append(Bool.random(using: &rng) ? StickyRange(edge: .leading, min: y, max: y * 2 + 0.25) : nil)
                continue
            default:
                break
            }
            out.append(.cell(LayoutIndexPath(section: 0, item: item), LayoutRect(x: x, y: y, width: width, height: height)))
            sticky.append(nil)
            x += width + 12.5
        }
        return (out, sticky)
    }

    @Test func fullAnswersAreTheReferenceText() {
        var rng = SeededRandom(seed: 61)
        for round in 0..<400 {
            let (elements, sticky) = Self.elements(&rng)
            let withSticky = round % 2 == 0
            var w = JSONWriter(capacity: 64)  // small: the text grows (and moves) while rows are copied
            AttributesEncoder.writeRectAnswer(contentSize: LayoutSize(width: 390, height: 1e6), elements: elements,
                                              sticky: withSticky ? sticky : nil, into: &w)
            let expected = "{\"contentSize\":{\"width\":390,\"height\":1000000},\"elements\":["
                + zip(elements, sticky).map { Self.reference($0, sticky: withSticky ? $1 : nil) }
                .joined(separator: ",") + "]}"
            #expect(String(decoding: w.bytes, as: UTF8.self) == expected, "round \(round)")
        }
    }

    @Test func oneElementIsTheReferenceText() {
        let plain = LayoutAttributes.cell(LayoutIndexPath(section: 3, item: 1_234_567),
                                          LayoutRect(x: 112.5, y: 4950, width: 100, height: 0.1))
        #expect(String(decoding: AttributesEncoder.bytes(plain), as: UTF8.self)
            == "{\"category\":\"cell\",\"section\":3,\"item\":1234567,\"frame\":{\"x\":112.5,\"y\":4950,\"width\":100,"
            + "\"height\":0.1},\"center\":{\"x\":162.5,\"y\":4950.05},\"size\":{\"width\":100,\"height\":0.1},"
            + "\"zIndex\":0,\"alpha\":1,\"hidden\":false}")
        var faded = plain
        faded.alpha = 0.25
        #expect(String(decoding: AttributesEncoder.bytes(faded), as: UTF8.self) == Self.reference(faded))
    }

    @Test func columnsHoldEveryElementsValues() throws {
        var rng = SeededRandom(seed: 62)
        for round in 0..<300 {
            let (elements, sticky) = Self.elements(&rng)
            var w = JSONWriter(capacity: 64)
            ColumnsEncoder.writeAnswer(contentSize: LayoutSize(width: 390, height: 1e6), elements: elements,
                                       sticky: sticky, into: &w)
            let text = String(decoding: w.bytes, as: UTF8.self)
            for (key, value) in [("x", { (a: LayoutAttributes) in a.frame.x }), ("y", { $0.frame.y }),
                                 ("width", { $0.frame.width }), ("height", { $0.frame.height })] {
                let column = "\"\(key)\":[" + elements.map { Self.number(value($0)) }.joined(separator: ",") + "]"
                #expect(text.contains(column), "round \(round): \(key)")
            }
            let items = "\"item\":[" + elements.map { String($0.indexPath.item) }.joined(separator: ",") + "]"
            #expect(text.contains(items), "round \(round)")
            if elements.contains(where: { $0.alpha != 1 }) {
                let alpha = "\"alpha\":[" + elements.map { Self.number($0.alpha) }.joined(separator: ",") + "]"
                #expect(text.contains(alpha), "round \(round)")
            }
        }
    }
}
