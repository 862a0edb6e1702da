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

    /// The runtime's printer, called without a String, writes exactly what `description` writes.
    @Test func nonIntegralNumbersPrintAsDescriptionDoes() {
        var rng = SeededRandom(seed: 8)
        for i in 0..<20_000 {
            let value = i % 2 == 0 ? Double.random(in: -1e4...1e4, using: &rng)
                : Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (Bool.random(using: &rng) ? 1 : -1)
            check(value)
            // Values with a few decimals, which take the exact fast path.
            check((value * 8).rounded() / 8)
            check((value * 1000).rounded() / 1000)
        }
        // The fast paths' edges: eighths and thousandths below 1e12 only (past it, the shortest form of 2^49 + 1/8
        // is "562949953421312.1"), and the smallest fractions.
        for value in [0.001, -0.001, 0.0015, 999_999_999_999.5, 1e12 + 0.5, 0.1, 0.2, 0.3, 2.675, 1.005, 0.0005,
                      999_999_999_999.875, -999_999_999_999.125, 562_949_953_421_312.125, 0.125, -0.125, 0.375,
                      -0.5, 0.75, .leastNonzeroMagnitude, -1e-300] {
            check(value)
        }
    }

    /// Integers (and integral doubles, which print as integers) by digit pairs: the same text as `String(_:)`, for
    /// every digit count, the powers of ten and their neighbours, the extremes and random values.
    @Test func integersPrintAsStringDoes() {
        var values: [Int] = [0, Int.max, Int.min, Int.min + 1]
        var power = 1
        for k in 0..<19 {  // 10^0 ... 10^18
            values += [power - 1, power, power + 1, -power, -power + 1, 2 * power, 5 * power - 1]
            if k < 18 { power *= 10 }
        }
        var rng = SeededRandom(seed: 13)
        for digits in 1...18 {
            let top = (0..<digits).reduce(1) { r, _ in r * 10 }
            for _ in 0..<500 { values.append(Int.random(in: -top...top, using: &rng)) }
        }
        for _ in 0..<2000 { values.append(Int(bitPattern: UInt(rng.next()))) }
        for v in values {
            var w = JSONWriter()
            w.int(v)
            #expect(String(decoding: w.bytes, as: UTF8.self) == String(v))
            if v.magnitude < 9_007_199_254_740_992 {
                var d = JSONWriter()
                d.number(Double(v))
                #expect(String(decoding: d.bytes, as: UTF8.self) == String(v))
            }
        }
    }

    /// Non-integral values (and integral ones past 2^53) print as `description` prints them.
    func check(_ value: Double) {
        guard value.isFinite, value != value.rounded(.towardZero) || abs(value) >= 9_007_199_254_740_992 else {
            return
        }
        var w = JSONWriter()
        w.number(value)
        #expect(String(decoding: w.bytes, as: UTF8.self) == value.description)
    }

    @Test func growsPastItsInitialCapacity() throws {
        var w = JSONWriter(capacity: 1)
        w.raw("[")
        for i in 0..<10_000 {
            if i > 0 { w.raw(",") }
            w.number(Double(i) / 3)
        }
        w.raw("]")
        let doc = try JSONParser.parse(w.bytes)
        #expect(doc.root.count == 10_000)
        #expect(doc.root.elements.map { $0.number! } == (0..<10_000).map { Double($0) / 3 })
    }

    @Test func stringsAreEscaped() throws {
        var w = JSONWriter()
        w.string("a\"b\\c\n\u{01}é")
        let doc = try JSONParser.parse(w.bytes)
        #expect(doc.root.string == "a\"b\\c\n\u{01}é")
        #expect(String(decoding: w.bytes, as: UTF8.self) == "\"a\\\"b\\\\c\\n\\u0001é\"")
    }
}
