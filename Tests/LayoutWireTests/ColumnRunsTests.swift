import LayoutEngine
import LayoutWire
import TestSupport
import Testing

/// The columnar answer's shortcuts for runs (a column of one value written once and copied; a value equal to the
/// one before, or, for integers, one more than it, copied from that one's text) against each value written on its
/// own: the same text, from a list (`ColumnsEncoder`) and from plain cells streamed (`ColumnsAnswerWriter`).
@Suite struct ColumnRunsTests {
    /// Every entry of a column written by itself (by `write`, into a writer of its own), comma-separated, as
    /// `"name":[...]`.
    func reference<T>(_ name: String, _ values: [T], _ write: (inout JSONWriter, T) -> Void) -> String {
        "\"\(name)\":[" + values.map { v in
            var w = JSONWriter()
            write(&w, v)
            return String(decoding: w.bytes, as: UTF8.self)
        }.joined(separator: ",") + "]"
    }

    func reference(_ name: String, _ values: [Int]) -> String { reference(name, values) { $0.int($1) } }
    func reference(_ name: String, _ values: [Double]) -> String { reference(name, values) { $0.number($1) } }

    /// Both writers' answers for cells with these columns, which must hold each column's reference text.
    func check(section: [Int], item: [Int], x: [Double], y: [Double], width: [Double], height: [Double],
               sourceLocation: SourceLocation = #_sourceLocation) {
        let cells = section.indices.map { i in
            LayoutAttributes.cell(LayoutIndexPath(section: section[i], item: item[i]),
                                  LayoutRect(x: x[i], y: y[i], width: width[i], height: height[i]))
        }
        let size = LayoutSize(width: 100, height: 100)
        var listed = JSONWriter()
        ColumnsEncoder.writeAnswer(contentSize: size, elements: cells, into: &listed)
        var streamed = ColumnsAnswerWriter(contentSize: size, offsetAdjustment: nil)
        for c in cells { streamed.appendCell(c.indexPath, c.frame) }
        let text = String(decoding: listed.bytes, as: UTF8.self)
        #expect(streamed.finish().bytes == listed.bytes, sourceLocation: sourceLocation)
        for expected in [reference("section", section), reference("item", item), reference("x", x),
                         reference("y", y), reference("width", width), reference("height", height)] {
            #expect(text.contains(expected), "\(expected) in \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func columnsOfOneValue() {
        for n in [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 135, 1000] {
            let item = Array(0..<n)
            check(section: Array(repeating: 3, count: n), item: item, x: item.map { Double($0) * 112.5 },
                  y: Array(repeating: 4730, count: n), width: Array(repeating: 100, count: n),
                  height: Array(repeating: 12.25, count: n))
            // Long texts (more than the 8 bytes copied at once), and 0 and -0, which are written alike.
            check(section: Array(repeating: 1_234_567_890_123, count: n), item: Array(repeating: -7, count: n),
                  x: Array(repeating: 0.1, count: n), y: Array(repeating: 123_456_789.125, count: n),
                  width: (0..<n).map { $0 % 2 == 0 ? 0 : -0.0 }, height: Array(repeating: 1e300, count: n))
        }
    }

    @Test func consecutiveAndRepeatedIntegers() {
        // Carries at every length, negatives counting up through 0, repeats, steps of 2, and the ends of Int.
        let runs: [[Int]] = [
            Array(0...1200), Array(-25...25), Array(99_990...100_011), Array(999_999_990...1_000_000_010),
            [5, 5, 6, 6, 7, 9, 10, 10, 11, 8, 9, 9, 10, 19, 20, 29, 30],
            [Int.max - 2, Int.max - 1, Int.max, Int.min, Int.min + 1, -1, 0, 1],
            [1, 3, 5, 7, 9, 11], [0], [8, 9], [9, 10], [19, 20, 21],
        ]
        for item in runs {
            let n = item.count
            let section = (0..<n).map { $0 / 7 }
            check(section: section, item: item, x: Array(repeating: 0, count: n), y: (0..<n).map { Double($0 / 9) },
                  width: (0..<n).map { Double($0 % 3) }, height: Array(repeating: 50, count: n))
        }
    }

    @Test func columnsThatRepeatEveryRow() {
        var rng = SeededRandom(seed: 42)
        for period in [2, 3, 9, 17, 63, 64, 65, 100] {
            for n in [period - 1, period, period + 1, 3 * period + 2, 300] {
                let row = (0..<period).map { Double($0) * 112.5 }
                // A grid's x; the same with some entries changed (a last row centered apart, -0 for 0); and rows
                // of values whose text is longer than 8 bytes.
                let x = (0..<n).map { row[$0 % period] }
                let changed = x.map { v in
                    Int.random(in: 0..<6, using: &rng) == 0 ? Double(Int.random(in: 0...9, using: &rng)) * 112.5 : v
                }
                let signed = x.map { $0 == 0 && Bool.random(using: &rng) ? -0.0 : $0 }
                let long = (0..<n).map { 1e9 + Double($0 % period) / 1000 }
                check(section: Array(repeating: 0, count: n), item: Array(0..<n), x: x, y: changed, width: signed,
                      height: long)
            }
        }
    }

    @Test func randomColumnsWithRuns() {
        var rng = SeededRandom(seed: 41)
        for _ in 0..<300 {
            let n = Int.random(in: 1...300, using: &rng)
            func ints(_ pick: Int) -> [Int] {
                var v = Int.random(in: -20...20, using: &rng) * [1, 10, 1000, 1_000_000_000][pick % 4]
                return (0..<n).map { _ in
                    v += [0, 1, 1, 1, 2, -1, 17][Int.random(in: 0..<7, using: &rng)]
                    return v
                }
            }
            func doubles() -> [Double] {
                var v = Double(Int.random(in: -100...100, using: &rng)) / 8
                let constant = Int.random(in: 0..<3, using: &rng) == 0
                return (0..<n).map { _ in
                    if !constant, Int.random(in: 0..<3, using: &rng) == 0 {
                        v = Double(Int.random(in: -100_000...100_000, using: &rng)) / [1, 8, 1000, 3][Int.random(in: 0..<4, using: &rng)]
                    }
                    return v
                }
            }
            let k = Int.random(in: 0..<4, using: &rng)
            check(section: Int.random(in: 0..<2, using: &rng) == 0 ? Array(repeating: k, count: n) : ints(k),
                  item: ints(k + 1), x: doubles(), y: doubles(), width: doubles(), height: doubles())
        }
    }
}
