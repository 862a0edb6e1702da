import Testing

@testable import TextShaping

/// The UTF-16 units measuring reads a string as, and the word cache's hash of a piece of them.
@Suite struct TextUnitsTests {
    @Test func unitsAreTheStringsUTF16() {
        var random = SplitMix(seed: 7)
        let samples = ["", "a", "é", "漢字", "😀", "👨‍👩‍👧 x", "\u{10FFFF}", "\u{FFFF}", "\u{7FF}\u{800}", "\u{0}"]
        for text in samples { #expect(TextShaper.utf16(text) == Array(text.utf16), "\(text)") }
        for _ in 0..<2_000 {
            let scalars = (0..<Int.random(in: 0..<30, using: &random)).compactMap { _ -> Unicode.Scalar? in
                let ranges: [ClosedRange<UInt32>] = [0...0x7F, 0x80...0x7FF, 0x800...0xFFFF, 0x10000...0x10FFFF]
                return Unicode.Scalar(UInt32.random(in: ranges.randomElement(using: &random)!, using: &random))
            }
            let text = String(String.UnicodeScalarView(scalars))
            #expect(TextShaper.utf16(text) == Array(text.utf16))
        }
    }

    @Test func hashesDependOnTheUnitsTheFontsAndTheKey() {
        let hash = PieceHash()
        func of(_ text: String, _ fonts: Int = 1, _ h: PieceHash? = nil) -> Int {
            Array(text.utf16).withUnsafeBufferPointer { (h ?? hash).hash(fonts, $0) }
        }
        #expect(of("word ") == of("word "))
        #expect(of("word ") != of("word ", 2))
        #expect(of("word ") != of("word ", 1, PieceHash()))
        // Every piece of up to 6 units of a small alphabet (NUL among them, so that lengths must tell): no two alike.
        var seen: [Int: String] = [:]
        let alphabet = ["a", "b", "\u{0}", "漢"]
        var pieces = [""]
        for _ in 0..<6 { pieces = [""] + pieces.flatMap { p in alphabet.map { p + $0 } } }
        for piece in Set(pieces) {
            let h = of(piece)
            #expect(seen[h] == nil, "\(piece.unicodeScalars.map(\.value)) and \(String(describing: seen[h]))")
            seen[h] = piece
        }
        #expect(seen.count > 5_000)
    }
}
