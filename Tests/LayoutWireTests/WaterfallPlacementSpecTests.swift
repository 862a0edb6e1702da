import LayoutEngine
import LayoutWire
import Testing

/// The wire of a waterfall's spans, explicit columns, direction and adaptive counts (issue #42's fields).
@Suite struct WaterfallPlacementSpecTests {
    static func spec(_ fields: String, section: String = #""itemHeights":[10,20,30]"#) -> String {
        #"{"layout":"waterfall","collectionView":{"width":400,"height":800},"sections":[{"# + section + "}]"
            + (fields.isEmpty ? "" : "," + fields) + "}"
    }

    func canonical(_ text: String) throws -> String {
        let spec = try SpecDecoder.decode(Array(text.utf8), limits: SpecLimits())
        return String(decoding: SpecEncoder.canonical(spec), as: UTF8.self)
    }

    func problem(_ text: String) -> String? {
        do {
            _ = try SpecDecoder.decodePosted(Array(text.utf8), limits: SpecLimits())
            return nil
        } catch {
            guard case .spec(let e) = error else { return "\(error)" }
            return "\(e.pointer): \(e.reason)"
        }
    }

    @Test func theNewFieldsAreWrittenSortedAndReadBack() throws {
        let text = Self.spec(#""columnCount":{"minimumWidth":120},"layoutDirection":"rightToLeft""#,
                             section: #""itemHeights":[10,20,30],"itemSpans":[1,3,1],"itemColumns":[-1,-1,2],"columnCount":{"minimumWidth":50.5,"maximum":6}"#)
        let form = try canonical(text)
        #expect(form.contains(#""columnCount":{"maximum":1024,"minimumWidth":120}"#))
        #expect(form.contains(#""layout":"waterfall","layoutDirection":"rightToLeft","placement""#))
        #expect(form.contains(#"{"columnCount":{"maximum":6,"minimumWidth":50.5},"itemColumns":[-1,-1,2],"itemHeights":[10,20,30],"itemSpans":[1,3,1]}"#))
        #expect(try canonical(form) == form)
    }

    /// Spans of 1, columns of -1, a left-to-right direction and a fixed count keep today's canonical form (and id).
    @Test func defaultsWrittenOutKeepTodaysForm() throws {
        let plain = try canonical(Self.spec(""))
        let written = try canonical(Self.spec(#""layoutDirection":"leftToRight","columnCount":2"#,
                                              section: #""itemHeights":[10,20,30],"itemSpans":[1,1,1],"itemColumns":[-1,-1,-1]"#))
        #expect(written == plain)
        #expect(!plain.contains("itemSpans") && !plain.contains("itemColumns") && !plain.contains("layoutDirection"))
        #expect(plain.contains(#""columnCount":2,"#))
        // An adaptive count with the default maximum written or not is one layout.
        #expect(try canonical(Self.spec(#""columnCount":{"minimumWidth":100}"#))
            == canonical(Self.spec(#""columnCount":{"maximum":1024,"minimumWidth":100}"#)))
    }

    @Test(arguments: [
        (spec(#""columnCount":{"minimumWidth":0}"#), "/columnCount/minimumWidth: must be more than 0"),
        (spec(#""columnCount":{"minimumWidth":-3}"#), "/columnCount/minimumWidth: must be more than 0"),
        (spec(#""columnCount":{"minimumWidth":10,"maximum":0}"#), "/columnCount/maximum: must be a whole number from 1 to 1024"),
        (spec(#""columnCount":{"minimumWidth":10,"maximum":1025}"#), "/columnCount/maximum: must be a whole number from 1 to 1024"),
        (spec(#""columnCount":{"maximum":3}"#), "/columnCount/minimumWidth: is required"),
        (spec(#""layoutDirection":"up""#), #"/layoutDirection: "up" is not one of "leftToRight", "rightToLeft""#),
        (spec("", section: #""itemHeights":[10,20,30],"itemSpans":[1,0,1]"#),
         "/sections/0/itemSpans/1: must be a whole number from 1 to 2147483647"),
        (spec("", section: #""itemHeights":[10,20,30],"itemSpans":[1,1.5,1]"#),
         "/sections/0/itemSpans/1: must be a whole number from 1 to 2147483647"),
        (spec("", section: #""itemHeights":[10,20,30],"itemSpans":[1,1]"#),
         "/sections/0/itemSpans: has 2 entries for 3 items: give one an item"),
        (spec("", section: #""itemHeights":[10,20,30],"itemColumns":[0,-2,1]"#),
         "/sections/0/itemColumns/1: must be a whole number from -1 to 2147483647"),
        (spec("", section: #""itemHeights":[10,20,30],"itemColumns":[0,1,2,3]"#),
         "/sections/0/itemColumns: has 4 entries for 3 items: give one an item"),
        (spec("", section: #""itemHeights":[10],"itemColumns":"0""#), "/sections/0/itemColumns: must be an array of numbers"),
    ])
    func badFieldsAreNamed(_ text: String, _ expected: String) {
        #expect(problem(text) == expected)
    }

    /// n is the largest count from 1 to the maximum whose widths and spacings fit, exact fits included.
    @Test func theAdaptiveCountIsTheLargestThatFits() {
        func n(_ w: Double, _ available: Double, _ spacing: Double, maximum: Int = 1024) -> Int {
            ColumnCount.adaptive(minimumWidth: w, maximum: maximum).count(available: available, spacing: spacing)
        }
        #expect(n(100, 320, 10) == 3)
        #expect(n(100, 319.99, 10) == 2)
        #expect(n(100, 99, 10) == 1)
        #expect(n(100, -5, 10) == 1)
        #expect(n(100, 10_000, 0, maximum: 5) == 5)
        #expect(n(0.1, 0.3, 0) == 3)
        #expect(n(1e-9, 1e6, 0) == 1024)
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let w = Double.random(in: 0.5...300, using: &rng)
            let spacing = [0, 1, 8.5, 10][Int.random(in: 0..<4, using: &rng)]
            let available = Double.random(in: 0...4000, using: &rng)
            let maximum = Int.random(in: 1...1024, using: &rng)
            // The reference: count up from 1 while the next count still fits.
            var expected = 1
            while expected < maximum && Double(expected + 1) * w + Double(expected) * spacing <= available + 1e-9 {
                expected += 1
            }
            #expect(n(w, available, spacing, maximum: maximum) == expected)
        }
        #expect(ColumnCount.fixed(7).count(available: 1, spacing: 100) == 7)
    }
}
