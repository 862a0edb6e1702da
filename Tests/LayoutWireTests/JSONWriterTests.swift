import LayoutWire
import TestSupport
import Testing

@Suite struct JSONWriterTests {
    @Test func numbersRoundTripAndIntegersHaveNoFraction() throws {
        var rng = SeededRandom(seed: 5)
        for _ in 0..<5000 {
            let value = Bool.random(using: &rng)
                ? Double(Int.random(in: -1_000_000_000...1_000_000_000, using: &rng))
                : Double.random(in: -1e7...1e7, using: &rng)
            var w = JSONWriter()
            w.number(value)
            let text = String(decoding: w.bytes, as: UTF8.self)
            #expect(Double(text) == value)
            if value == value.rounded() { #expect(!text.contains(".") && !text.contains("e"), "\(text)") }
        }
        var w = JSONWriter()
        w.number(-0.0)
        w.raw(" ")
        w.int(Int.min)
        #expect(String(decoding: w.bytes, as: UTF8.self) == "0 -9223372036854775808")
    }

    @Test func stringsAreEscaped() throws {
        var w = JSONWriter()
        w.string("a\"b\\c\n\u{01}é")
        let doc = try JSONParser.parse(w.bytes)
        #expect(doc.root.string == "a\"b\\c\n\u{01}é")
        #expect(String(decoding: w.bytes, as: UTF8.self) == "\"a\\\"b\\\\c\\n\\u0001é\"")
    }
}
