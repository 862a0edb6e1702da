import LayoutEngine
import Testing

@testable import TextShaping

/// The fallback stack over the scripts of the installed fonts, and segmentation as Chromium does it (dictionary
/// line breaks, extended grapheme clusters), on literal cases and against HarfBuzz's own coverage.
@Suite struct ScriptsTests {
    static let catalog = TextShaperTests.catalog
    static let installed = TextShaperTests.installed
    let body = TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)

    /// The family of the stack a character is drawn in: the first whose regular face has its glyph.
    func family(of scalar: UInt32) -> String? {
        Self.catalog.fallback.first { name in
            let weights = Self.catalog.families.first { $0.name == name }!.weights
            let w = FontCatalog.matchingWeight(400, among: weights)!
            return Self.catalog.face(family: name, weight: w)!.coverage.contains(scalar)
        }
    }

    @Test(.enabled(if: installed)) func theStackBeginsWithTheFeedsScriptsAndEndsWithUnifont() {
        let stack = Self.catalog.fallback
        #expect(Array(stack.prefix(12)) == FontCatalog.preferredFallback)
        #expect(stack.last == "Unifont")
        #expect(!stack.contains("Noto Sans CJK TC") && !stack.contains("Noto Sans Mono"))  // they add no glyph
        let expected: [(UInt32, String)] = [
            (0x0041, "Noto Sans"), (0x03B1, "Noto Sans"), (0x0628, "Noto Sans Arabic"), (0x05D0, "Noto Sans Hebrew"),
            (0x0915, "Noto Sans Devanagari"), (0x0995, "Noto Sans Bengali"), (0x0B95, "Noto Sans Tamil"),
            (0x0E01, "Noto Sans Thai"), (0x0E81, "Noto Sans Lao"), (0x1780, "Noto Sans Khmer"),
            (0x1000, "Noto Sans Myanmar"), (0xD55C, "Noto Sans CJK SC"), (0x3042, "Noto Sans CJK SC"),
            (0x4E2D, "Noto Sans CJK SC"), (0x7E41, "Noto Sans CJK SC"), (0x1F600, "Noto Color Emoji"),
            (0x1F1EF, "Noto Color Emoji"), (0x0531, "Noto Sans Armenian"), (0x10D0, "Noto Sans Georgian"),
            (0x0F40, "Unifont"),  // Tibetan: no Noto Sans family has it
        ]
        for (scalar, name) in expected { #expect(family(of: scalar) == name, "U+\(String(scalar, radix: 16))") }
    }

    /// The coverage read with the catalog (FreeType's cmap) is HarfBuzz's, which shapes: every code point of the
    /// Basic Multilingual Plane and of the emoji blocks, in every face of the stack at 400.
    @Test(.enabled(if: installed)) func coverageIsHarfBuzzs() throws {
        let points = Array(0..<UInt32(0xD800)) + Array(0xE000..<UInt32(0x10000)) + Array(0x1F000..<UInt32(0x1FB00))
        for name in Self.catalog.fallback {
            let weights = try #require(Self.catalog.families.first { $0.name == name }).weights
            let face = try #require(Self.catalog.face(family: name, weight: FontCatalog.matchingWeight(400, among: weights)!))
            let loaded = try #require(LoadedFace(face))
            let differing = points.filter { face.coverage.contains($0) != loaded.covers($0) }
            #expect(differing.isEmpty, "\(name): \(differing.prefix(5).map { String($0, radix: 16) })")
        }
    }

    /// No character of the Basic Multilingual Plane falls through the stack (Unifont is last), but the private use
    /// area and the noncharacters, which no family has.
    @Test(.enabled(if: installed)) func everyCharacterOfTheBMPHasAFontOfTheStack() {
        var refused: [UInt32] = []
        for v in UInt32(0)..<0x10000 where !(0xD800..<0xE000).contains(v) {
            if Self.catalog.uncovered(String(Character(Unicode.Scalar(v)!)), style: body) != nil { refused.append(v) }
        }
        let outside = refused.filter { !(0xE000..<0xF900).contains($0) && $0 != 0xFFFE && $0 != 0xFFFF }
        #expect(outside.isEmpty, "\(outside.prefix(10).map { String($0, radix: 16) })")
        let refusesPrivateUse = refused.contains(0xE001)
        #expect(refusesPrivateUse)
        let found = Self.catalog.uncovered("ab \u{E001}", style: body)
        #expect(found?.offset == 3 && found?.scalar == 0xE001)
    }

    @Test func blocksAreNamedAsTheStandardWritesThem() {
        #expect(UnicodeBlocks.name(of: 0x1F9FF) == "Supplemental Symbols and Pictographs")
        #expect(UnicodeBlocks.name(of: 0xE000) == "Private Use Area")
        #expect(UnicodeBlocks.name(of: 0x0041) == "Basic Latin")
        #expect(UnicodeBlocks.codePoint(0xE000) == "U+E000")
        #expect(UnicodeBlocks.codePoint(0x41) == "U+0041")
        #expect(UnicodeBlocks.codePoint(0x1F9FF) == "U+1F9FF")
    }

    /// The words of `text` between its line break opportunities.
    func words(_ text: String) -> [String] {
        let units = Array(text.utf16)
        let iterator = BreakIterators(lines: true)
        let ends = units.withUnsafeBufferPointer { u in BreakOpportunities.offsets(u) { iterator.boundaries(u, in: $0) } }
        var out: [String] = []
        var start = 0
        for end in ends {
            out.append(String(decoding: units[start..<end], as: UTF16.self))
            start = end
        }
        return out
    }

    /// Thai, Lao, Khmer and Burmese have no spaces between words: ICU breaks them with its dictionaries.
    @Test func dictionaryScriptsBreakBetweenWords() {
        #expect(words("ภาษาไทยง่ายนิดเดียว") == ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"])
        #expect(words("ສະບາຍດີ").count < "ສະບາຍດີ".count)
        #expect(words("ភាសាខ្មែរ").count < 4)
        #expect(words("မြန်မာစာ").count < 4)
    }

    /// The clusters of `text` as measuring breaks a word wider than the line (`overflow-wrap: anywhere`).
    func clusters(_ text: String) -> [String] {
        let units = Array(text.utf16)
        let ends = units.withUnsafeBufferPointer { u in
            IndicConjuncts.join(BreakIterators(lines: false).boundaries(u), in: u)
        }
        var out: [String] = []
        var start = 0
        for end in ends {
            out.append(String(decoding: units[start..<end], as: UTF16.self))
            start = end
        }
        return out
    }

    @Test func extendedGraphemeClustersHoldConjunctsAndEmojiSequences() {
        #expect(clusters("क्षत्रिय") == ["क्ष", "त्रि", "य"])
        #expect(clusters("হিন্দি") == ["হি", "ন্দি"])
        #expect(clusters("नमस्ते") == ["न", "म", "स्ते"])
        #expect(clusters("👨‍👩‍👧🇯🇵🇫🇷👍🏽") == ["👨‍👩‍👧", "🇯🇵", "🇫🇷", "👍🏽"])
        #expect(clusters("தமிழ்") == ["த", "மி", "ழ்"])  // Tamil's virama does not link (no conjunct)
    }

    @Test(.enabled(if: installed)) func scriptsAreMeasuredInTheirOwnFamilies() {
        let shaper = TextShaper(catalog: Self.catalog)
        for (text, family) in [
            ("مرحبابالعالم", "Noto Sans Arabic"), ("שלוםעולם", "Noto Sans Hebrew"), ("नमस्तेदुनिया", "Noto Sans Devanagari"),
            ("สวัสดีชาวโลก", "Noto Sans Thai"), ("안녕하세요", "Noto Sans CJK SC"),
        ] {
            // No spaces: a space is Inter's in one style and the script's family's in the other.
            let own = TextStyle(family: family, weight: 400, size: 15, lineHeight: 20)
            #expect(shaper.width(text, body) == shaper.width(text, own), "\(text)")
        }
        // Arabic shaped in its run joins its letters: the word is narrower than its letters kept apart (zero-width
        // non-joiners between them).
        let joined = shaper.width("بببب", body), apart = shaper.width("ب\u{200C}ب\u{200C}ب\u{200C}ب", body)
        #expect(joined > 0 && joined < apart)
        // Emoji from the color font: a ZWJ family is one glyph, as wide as one of its people.
        let families = shaper.width("👨‍👩‍👧👨‍👩‍👧", body), men = shaper.width("👨👨", body)
        #expect(families > 0 && families == men)
    }

    /// A Thai paragraph breaks between words: a box as wide as its widest word holds it in fewer lines than it
    /// has words, and far fewer than its characters.
    @Test(.enabled(if: installed)) func thaiBreaksBetweenWordsNotCharacters() {
        let shaper = TextShaper(catalog: Self.catalog)
        let text = String(repeating: "ภาษาไทยง่ายนิดเดียว", count: 4)
        let widest = ["ภาษา", "ไทย", "ง่าย", "นิด", "เดียว"].map { shaper.width($0, body) }.max()!
        let lines = shaper.lineCount(of: text, style: body, width: 3 * widest)
        #expect(lines >= 4 && lines <= 10, "\(lines)")
    }
}
