import Foundation
import LayoutWire
import TestSupport
import Testing

/// The strict parser against Foundation's JSONSerialization as the reference.
@Suite struct JSONParserTests {
    /// A JSON value in a comparable form.
    indirect enum J: Equatable {
        case null, bool(Bool), number(Double), string(String), array([J]), object([String: J])

        /// Equal, with numbers allowed 1e-13 apart: Foundation on Linux misrounds some decimal numbers by several ulps (this
        /// parser's exactness is checked against the standard library in `numbersAreCorrectlyRounded`).
        func matches(_ other: J) -> Bool {
            switch (self, other) {
            case (.number(let a), .number(let b)): return a == b || abs(a - b) <= 1e-13 * max(abs(a), abs(b))
            case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.matches($1) }
            case (.object(let a), .object(let b)):
                return Set(a.keys) == Set(b.keys) && a.keys.allSatisfy { a[$0]!.matches(b[$0]!) }
            default: return self == other
            }
        }
    }

    /// Foundation's reading of a document, or nil when it rejects it.
    func reference(_ bytes: [UInt8]) -> J? {
        guard let value = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) else {
            return nil
        }
        return normalize(value)
    }

    func normalize(_ v: Any) -> J {
        switch v {
        case is NSNull: return .null
        case let n as NSNumber:
            if String(describing: type(of: n)).contains("Boolean") { return .bool(n.boolValue) }
            return .number(n.doubleValue)
        case let s as String: return .string(s)
        case let a as [Any]: return .array(a.map(normalize))
        case let d as [String: Any]: return .object(d.mapValues(normalize))
        default: return .string("?")
        }
    }

    func mine(_ v: JSONValue) -> J {
        switch v.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(v.number!)
        case .string: return .string(v.string!)
        case .array: return .array(v.elements.map(mine))
        case .object:
            var d: [String: J] = [:]
            for m in v.members { d[m.key] = mine(m.value) }  // the last duplicate wins, as in Foundation
            return .object(d)
        }
    }

    func randomValue(_ rng: inout SeededRandom, depth: Int) -> String {
        switch Int.random(in: 0..<(depth > 3 ? 5 : 8), using: &rng) {
        case 0: return "null"
        case 1: return Bool.random(using: &rng) ? "true" : "false"
        case 2: return randomNumber(&rng)
        case 3, 4: return randomString(&rng)
        case 5, 6:
            let n = Int.random(in: 0...4, using: &rng)
            return "[" + (0..<n).map { _ in ws(&rng) + randomValue(&rng, depth: depth + 1) + ws(&rng) }
                .joined(separator: ",") + "]"
        default:
            let n = Int.random(in: 0...4, using: &rng)
            return "{" + (0..<n).map { i in
                ws(&rng) + "\"k\(i)\"" + ws(&rng) + ":" + ws(&rng) + randomValue(&rng, depth: depth + 1)
            }.joined(separator: ",") + "}"
        }
    }

    func ws(_ rng: inout SeededRandom) -> String { ["", " ", "\n", "\t ", "\r\n"].randomElement(using: &rng)! }

    func randomNumber(_ rng: inout SeededRandom) -> String {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return String(Int.random(in: -1000...1000, using: &rng))
        case 1: return String(Double.random(in: -1e6...1e6, using: &rng))
        case 2: return "\(Int.random(in: 1...9, using: &rng)).\(Int.random(in: 0...99999, using: &rng))e\(Int.random(in: -30...30, using: &rng))"
        case 3: return String(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF))
        case 4: return "-0.\(String(repeating: "0", count: Int.random(in: 0...25, using: &rng)))\(Int.random(in: 1...999999, using: &rng))"
        default: return String(repeating: "9", count: Int.random(in: 1...30, using: &rng))
        }
    }

    func randomString(_ rng: inout SeededRandom) -> String {
        let pieces = ["a", "é", "𝄞", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud834\\udd1e", "\\/", " ", "日本"]
        return "\"" + (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }
            .joined() + "\""
    }

    @Test func randomValidDocumentsReadAsFoundationReadsThem() throws {
        var rng = SeededRandom(seed: 42)
        for _ in 0..<3000 {
            let text = ws(&rng) + randomValue(&rng, depth: 0) + ws(&rng)
            let bytes = Array(text.utf8)
            let doc = try JSONParser.parse(bytes)
            guard let expected = reference(bytes) else {
                Issue.record("Foundation rejects \(text)")
                continue
            }
            #expect(mine(doc.root).matches(expected), "\(text)")
        }
    }

    /// Mutations of valid documents (a byte dropped, changed or inserted): where Foundation and this parser
    /// disagree, the document must be one of the kinds Foundation is known to accept leniently.
    @Test func mutatedDocumentsAreJudgedAsFoundationJudgesThem() {
        var rng = SeededRandom(seed: 7)
        let alphabet = Array("{}[],:\"\\ 0123456789.eE+-tfnulr\u{1}x".utf8)
        var agreed = 0
        for _ in 0..<4000 {
            var bytes = Array(randomValue(&rng, depth: 0).utf8)
            guard !bytes.isEmpty else { continue }
            let at = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: bytes.remove(at: at)
            case 1: bytes[at] = alphabet.randomElement(using: &rng)!
            default: bytes.insert(alphabet.randomElement(using: &rng)!, at: at)
            }
            let accepted = (try? JSONParser.parse(bytes)) != nil
            let referenceAccepted = reference(bytes) != nil
            if accepted == referenceAccepted { agreed += 1; continue }
            // Known leniency of Foundation on Linux: it accepts some forms RFC 8259 forbids.
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!accepted && referenceAccepted, "this parser accepts what Foundation rejects: \(text)")
        }
        #expect(agreed > 3800)
    }

    @Test(arguments: [
        "", " ", "[1,]", "{\"a\":1,}", "01", "-", "1.", ".5", "1e", "+1", "NaN", "Infinity", "[1 2]",
        "{\"a\" 1}", "{a:1}", "'x'", "\"\u{01}\"", "\"\\x\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\"",
        "[", "{", "\"abc", "tru", "nul", "1 2", "[1]]", "// c\n1", "1e400", "-1e400",
    ])
    func rejects(_ text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func rejectsInvalidUTF8() {
        for bad: [UInt8] in [[0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
                             [0x22, 0xE2, 0x82, 0x22], [0x22, 0xFF, 0x22]] {
            #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bad) }
        }
    }

    @Test func limitsDepthAndSize() throws {
        let deep = Array((String(repeating: "[", count: 65) + String(repeating: "]", count: 65)).utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep, limits: JSONLimits(maxDepth: 64)) }
        let ok = Array((String(repeating: "[", count: 64) + String(repeating: "]", count: 64)).utf8)
        _ = try JSONParser.parse(ok, limits: JSONLimits(maxDepth: 64))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(Array("[1,2,3]".utf8), limits: JSONLimits(maxBytes: 3)) }
    }

    @Test func reportsWhereTheErrorIs() {
        do {
            _ = try JSONParser.parse(Array("{\n  \"a\": [1,\n  2,,3]}".utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.line == 3)
            #expect(error.column == 5)
        }
    }

    /// Numbers read exactly as the standard library (strtod) reads them, on both paths.
    @Test func numbersAreCorrectlyRounded() throws {
        var rng = SeededRandom(seed: 3)
        for _ in 0..<20000 {
            let text = randomNumber(&rng)
            let doc = try JSONParser.parse(Array(text.utf8))
            #expect(doc.root.number == Double(text), "\(text)")
        }
        for text in ["0.1", "0.30000000000000004", "9007199254740993", "1.7976931348623157e308", "5e-324",
                     "2.2250738585072014e-308", "123456789012345678901234567890", "0.000000000000000000001",
                     "-0", "1E+2", "1e-7"] {
            #expect(try JSONParser.parse(Array(text.utf8)).root.number == Double(text), "\(text)")
        }
    }
}
