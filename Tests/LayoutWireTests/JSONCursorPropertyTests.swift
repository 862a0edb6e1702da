@testable import LayoutWire
import TestSupport
import Testing

/// `JSONWriter` and the unchecked `JSONCursor` under it, on random input, against a reference encoder and a model
/// of the bytes. In a debug build (where tests run) every store and every read of earlier text is checked against
/// the space reserved (`JSONCursor.assertRoom`, `assertReadable`): a write past it stops the test process.
@Suite struct JSONCursorPropertyTests {
    /// A JSON value, written by the reference encoder below and by `JSONWriter`.
    indirect enum Value {
        case null
        case bool(Bool)
        case int(Int)
        case number(Double)
        case string(String)
        case array([Value])
        case object([(String, Value)])
    }

    // MARK: The reference encoder

    /// The text `JSONWriter.number` writes: integral values below 2^53 as integers (-0 as 0), other finite values
    /// as `description`, NaN and infinities as null.
    static func referenceNumber(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(.towardZero), abs(v) < 9_007_199_254_740_992 { return String(Int(v)) }
        return v.description
    }

    static func referenceString(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u00" + (hex.count == 1 ? "0" + hex : hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func reference(_ v: Value) -> String {
        switch v {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .int(let i): String(i)
        case .number(let d): referenceNumber(d)
        case .string(let s): referenceString(s)
        case .array(let list): "[" + list.map(reference).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { referenceString($0.0) + ":" + reference($0.1) }.joined(separator: ",") + "}"
        }
    }

    // MARK: Random input

    /// Printable ASCII, the characters that are escaped, every control character, and 2-, 3- and 4-byte UTF-8.
    static let alphabet: [Character] = Array("aZ09 ,:{}[]/\"\\\n\r\t")
        + (0..<0x20).map { Character(Unicode.Scalar($0)!) }
        + ["é", "ß", "€", "中", "𝄞", "😀", "\u{7F}", "\u{80}", "\u{FFFF}"]

    static func randomString(_ rng: inout SeededRandom) -> String {
        // Lengths 0 to 64, most of them short, in characters of 1 to 4 bytes.
        let length = Bool.random(using: &rng) ? Int.random(in: 0...8, using: &rng) : Int.random(in: 0...64, using: &rng)
        return String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
    }

    /// Numbers of every path of `JSONCursor.number`: eighths, thousandths, integers past 1e12 and 2^53, the general
    /// printer (and its memo: values repeat), tiny and huge magnitudes, -0, NaN and infinities.
    static func randomNumber(_ rng: inout SeededRandom) -> Double {
        let sign: Double = Bool.random(using: &rng) ? 1 : -1
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return sign * Double(Int.random(in: 0...100_000_000, using: &rng)) / 8
        case 1: return sign * Double(Int.random(in: 1...10_000_000, using: &rng)) / 1000
        case 2: return sign * Double(Int.random(in: 1_000_000_000_000...(1 << 60), using: &rng))
        case 3: return sign * Double.random(in: 0...1e4, using: &rng)
        case 4: return [0.1, 1.0 / 3, 2.675, 123_456.789_012_3, 1e-7][Int.random(in: 0..<5, using: &rng)] * sign
        case 5: return sign * Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF)
        case 6: return [0.0, -0.0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude][
            Int.random(in: 0..<7, using: &rng)]
        case 7: return sign * Double(Int.random(in: 0...99, using: &rng))
        case 8: return sign * (Double(Int.random(in: 0...9_999_999, using: &rng)) + 0.5)
        default: return sign * Double.random(in: 1e8...1e12, using: &rng)
        }
    }

    static func randomInt(_ rng: inout SeededRandom) -> Int {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: Int.random(in: -99...99, using: &rng)
        case 1: Int.random(in: -100_000_000...100_000_000, using: &rng)
        case 2: Int(bitPattern: UInt(rng.next()))
        default: [Int.min, Int.max, 0, 9_999, 10_000, 99_999_999, 100_000_000][Int.random(in: 0..<7, using: &rng)]
        }
    }

    static func randomValue(_ rng: inout SeededRandom, depth: Int) -> Value {
        let leaf = depth == 0 || Int.random(in: 0..<3, using: &rng) > 0
        if leaf {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return Int.random(in: 0..<3, using: &rng) == 0 ? .null : .bool(Bool.random(using: &rng))
            case 1: return .int(randomInt(&rng))
            case 2, 3: return .number(randomNumber(&rng))
            default: return .string(randomString(&rng))
            }
        }
        let count = Int.random(in: 0...6, using: &rng)
        if Bool.random(using: &rng) {
            return .array((0..<count).map { _ in randomValue(&rng, depth: depth - 1) })
        }
        // Keys of one object differ (the parser refuses repeated ones): an index ends each.
        return .object((0..<count).map { i in (randomString(&rng) + "#\(i)", randomValue(&rng, depth: depth - 1)) })
    }

    // MARK: JSONWriter, through its checked methods

    static func write(_ v: Value, into w: inout JSONWriter) {
        switch v {
        case .null: w.raw("null")
        case .bool(let b): w.bool(b)
        case .int(let i): w.int(i)
        case .number(let d): w.number(d)
        case .string(let s): w.string(s)
        case .array(let list): w.array(list) { e, w in write(e, into: &w) }
        case .object(let members):
            w.byte(UInt8(ascii: "{"))
            for (i, (key, value)) in members.enumerated() {
                if i > 0 { w.byte(UInt8(ascii: ",")) }
                w.string(key)
                w.raw(":")
                write(value, into: &w)
            }
            w.byte(UInt8(ascii: "}"))
        }
    }

    /// Whether a parsed value is `v` (numbers by value: NaN and infinities were written as null).
    static func same(_ parsed: JSONValue, _ v: Value) -> Bool {
        switch v {
        case .null: return parsed.kind == .null
        case .bool(let b): return parsed.bool == b
        case .int(let i): return parsed.number == Double(i)
        case .number(let d): return d.isFinite ? parsed.number == d : parsed.kind == .null
        case .string(let s): return parsed.string == s
        case .array(let list):
            return parsed.kind == .array && parsed.count == list.count
                && zip(parsed.elements, list).allSatisfy { same($0, $1) }
        case .object(let members):
            let got = parsed.members
            return parsed.kind == .object && got.count == members.count
                && zip(got, members).allSatisfy { $0.key == $1.0 && same($0.value, $1.1) }
        }
    }

    /// Random documents (nested up to 5 deep), each written after a filler that puts its writes at every offset of
    /// a writer's first growths, into writers whose capacity starts at the minimum or around a power of two: the
    /// text is the reference encoder's, byte for byte, and parses back to the same values.
    @Test func randomDocumentsAreTheReferenceTextAndParseBack() throws {
        var rng = SeededRandom(seed: 41)
        let capacities = [1, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1024]
        for round in 0..<3000 {
            let value = Self.randomValue(&rng, depth: Int.random(in: 0...5, using: &rng))
            let filler = round % 300  // 0 to 299 bytes before the document
            var w = JSONWriter(capacity: capacities[round % capacities.count])
            w.raw("[")
            for _ in 0..<filler { w.byte(UInt8(ascii: " ")) }
            Self.write(value, into: &w)
            w.raw("]")
            let expected = "[" + String(repeating: " ", count: filler) + Self.reference(value) + "]"
            let text = String(decoding: w.bytes, as: UTF8.self)
            #expect(text == expected)
            #expect(w.count == expected.utf8.count)
            let doc = try JSONParser.parse(w.bytes)
            #expect(doc.root.count == 1 && Self.same(doc.root.elements.first { _ in true }!, value), "\(text)")
        }
    }

    /// `json(_:)` (text that is already JSON) and `reset`, at sizes around the writer's growth: the buffer keeps
    /// everything written before it grew.
    @Test func nestedTextAndResetAtGrowthBoundaries() throws {
        var rng = SeededRandom(seed: 42)
        for length in [0, 1, 7, 8, 9, 63, 64, 65, 127, 128, 129, 255, 256, 257, 4095, 4096, 4097] {
            let inner = (0..<length).map { _ in UInt8.random(in: 0x61...0x7A, using: &rng) }
            var w = JSONWriter(capacity: 64)
            for _ in 0..<2 {  // the second round reuses the grown buffer
                w.reset()
                w.raw("[\"")
                inner.withUnsafeBufferPointer { w.json($0) }
                w.raw("\",")
                w.number(0.1)
                w.raw("]")
                #expect(w.bytes == Array("[\"".utf8) + inner + Array("\",0.1]".utf8))
            }
            let (pointer, count) = w.takeBuffer()
            let expected = Array("[\"".utf8) + inner + Array("\",0.1]".utf8)
            #expect(Array(UnsafeBufferPointer(start: pointer, count: count)) == expected)
            pointer.deallocate()
        }
    }

    // MARK: JSONCursor's unchecked paths, against a model of the bytes

    /// One write through a cursor, and the most it stores (what its caller must reserve).
    enum Step {
        case int(Int)
        case number(Double)
        case raw
        case byte(UInt8)
        /// `copyText` of `count` bytes from `from` bytes into the text (the text there is at least that long).
        case copy(from: Int, count: Int)
        /// `repeatText` between two earlier offsets.
        case repeatText(from: Int, to: Int)
        /// `word` of the 8 bytes read at `from` (`text(at:)`), `count` of them counted.
        case word(from: Int, count: Int)
        /// `continueText` from `from`, `count` bytes.
        case continueText(from: Int, count: Int)
        case dropLast

        /// The room the cursor must have for this step (`JSONCursor`'s documented maxima).
        var room: Int {
            switch self {
            case .int: 20
            case .number: 32
            case .raw: 5  // `,"x":`
            case .byte: 1
            case .copy(_, let count): max(count, 8)
            case .repeatText(let from, let to): max(to - from, 8)
            case .word: 8
            case .continueText(_, let count): (count + 7) & ~7
            case .dropLast: 0
            }
        }
    }

    /// A random step that fits the `written` bytes of text so far (copies read only text written already).
    static func randomStep(_ rng: inout SeededRandom, written: Int) -> Step {
        let k = Int.random(in: 0..<9, using: &rng)
        if written >= 1, k >= 4 {
            let from = Int.random(in: 0..<written, using: &rng)
            switch k {
            case 4: return .copy(from: from, count: Int.random(in: 0...(written - from), using: &rng))
            case 5: return .repeatText(from: from, to: Int.random(in: from...written, using: &rng))
            case 6 where written - from >= 8:
                return .word(from: from, count: Int.random(in: 0...8, using: &rng))
            case 7:
                // Periods of 1 to 64 bytes, runs of 0 to 300: both of `continueText`'s ways.
                let start = max(0, written - Int.random(in: 1...64, using: &rng))
                return .continueText(from: start, count: Int.random(in: 0...300, using: &rng))
            case 8: return .dropLast
            default: break
            }
        }
        switch k % 4 {
        case 0: return .int(randomInt(&rng))
        case 1: return .number(randomNumber(&rng))
        case 2: return .raw
        default: return .byte(UInt8.random(in: 0x20...0x7E, using: &rng))
        }
    }

    /// What each step appends to (or takes from) the model: the text as the reference writes it.
    static func apply(_ step: Step, to model: inout [UInt8]) {
        switch step {
        case .int(let i): model += Array(String(i).utf8)
        case .number(let d): model += Array(referenceNumber(d).utf8)
        case .raw: model += Array(",\"x\":".utf8)
        case .byte(let b): model.append(b)
        case .copy(let from, let count): model += model[from..<from + count]
        case .repeatText(let from, let to): model += model[from..<to]
        case .word(let from, let count): model += model[from..<from + count]
        case .continueText(let from, let count):
            let period = model.count - from
            for k in 0..<count { model.append(model[from + k % period]) }
        case .dropLast: model.removeLast()
        }
    }

    /// Random runs of steps, each run in one reservation of exactly the room its steps may take, placed after a
    /// random filler so that the reservations start at every offset around the writer's growths: the cursor
    /// writes the model's bytes, and (in a debug build) no step stores or reads past its bounds.
    @Test func cursorStepsWriteTheModelsBytes() {
        var rng = SeededRandom(seed: 43)
        for round in 0..<1500 {
            var w = JSONWriter(capacity: [1, 64, 100, 128, 256][round % 5])
            let filler = Int.random(in: 0...300, using: &rng)
            var model = (0..<filler).map { _ in UInt8.random(in: 0x61...0x7A, using: &rng) }
            model.withUnsafeBufferPointer { w.json($0) }
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                var steps: [Step] = []
                var written = model.count
                var shadow = model
                // Each run: 0 to 64 steps, found against a shadow model so that copies read written text.
                for _ in 0..<Int.random(in: 0...64, using: &rng) {
                    var step = Self.randomStep(&rng, written: written)
                    if case .dropLast = step, shadow.count <= model.count { step = .byte(UInt8(ascii: ",")) }
                    Self.apply(step, to: &shadow)
                    written = shadow.count
                    steps.append(step)
                }
                let room = steps.reduce(0) { $0 + $1.room }
                let start = w.count
                w.write(reserving: room) { c in
                    let origin = c.position - start  // offset 0 of the writer's text
                    for step in steps {
                        switch step {
                        case .int(let i): c.int(i)
                        case .number(let d): c.number(d)
                        case .raw: c.raw(",\"x\":")
                        case .byte(let b): c.byte(b)
                        case .copy(let from, let count): c.copyText(from: origin + from, count: count)
                        case .repeatText(let from, let to): c.repeatText(from: origin + from, to: origin + to)
                        case .word(let from, let count): c.word(c.text(at: origin + from), count: count)
                        case .continueText(let from, let count): c.continueText(from: origin + from, count: count)
                        case .dropLast: c.dropLast()
                        }
                    }
                }
                model = shadow
                #expect(w.bytes == model, "round \(round): \(steps)")
                if w.bytes != model { return }
            }
        }
    }
}
