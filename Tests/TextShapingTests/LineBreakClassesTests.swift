import Testing

@testable import TextShaping

/// The break opportunities measuring finds with ICU asked only about windows of text (`LineBreakClasses`,
/// `BreakOpportunities`) against the same rules with ICU run over each whole paragraph, on random paragraphs of
/// letters, ideographs and marks of every script mixed with the characters ICU's rules treat apart (spaces,
/// punctuation, digits, joiners, emoji, flags, Thai, jamo, small kana).
@Suite struct LineBreakClassesTests {
    /// Every BMP character of each class.
    static let members: [LineBreakClasses.Class: [UInt16]] = {
        var members: [LineBreakClasses.Class: [UInt16]] = [:]
        for c in 0..<0x10000 { members[LineBreakClasses.of(UInt16(c)), default: []].append(UInt16(c)) }
        return members
    }()

    /// Characters of the `other` class that the rules treat apart.
    static let others: [String] = [
        " ", "  ", "\t", "\u{A0}", "\u{200B}", "\u{200D}", "\u{2060}", "0", "7", "٣", "१", ".", ",", ";", ":", "!",
        "?", "(", ")", "[", "]", "{", "}", "-", "'", "\"", "/", "%", "$", "€", "#", "、", "。", "「", "」", "（", "）",
        "ー", "ぁ", "ッ", "々", "—", "–", "…", "«", "»", "\u{2018}", "\u{2019}", "\u{201C}", "،", "؟", "־", "।", "ก", "ข",
        "\u{0E34}", "\u{0E48}", "เ", "ລ", "ក", "က", "😀", "🏽", "👍🏽", "👨‍👩‍👧", "🇯🇵", "🇫🇷", "❤️", "ᄀ", "ᅡ", "ᆨ",
        "\u{FE0F}", "\u{E0100}", "\u{20000}", "\u{1F1E6}", "\u{00AD}", "‐", "·", "〜", "！", "？", "：", "\u{2011}",
        "\u{3000}", "\u{2024}", "\u{FF05}", "\u{0E3F}", " -", "\t-", " ‐", " (", " «", " \u{0301}", "\t\u{0E34}",
        "ภาษา", "ไทยง่าย", "นิดเดียว ", "เก่ง", " ສະບາຍດີ", "ភាសាខ្មែរ ", "မြန်မာစာ", " ไทย",
    ]

    /// The opportunities as `BreakOpportunities` finds them with ICU run over the whole paragraph for every pair
    /// that is not ASCII (what measuring did before the windows).
    static func reference(_ text: UnsafeBufferPointer<UInt16>, _ icu: BreakIterators) -> [Int] {
        var out: [Int] = []
        var breaks: [Int]?
        for i in 1..<max(1, text.count) {
            let ch = text[i], last = text[i - 1]
            if BreakOpportunities.isSpace(ch) { continue }
            if BreakOpportunities.isSpace(last) || BreakOpportunities.breaksAfter(i >= 2 ? text[i - 2] : 0, last, ch) {
                out.append(i)
                continue
            }
            guard (ch > 0x7F && ch != 0xA0) || (last > 0x7F && last != 0xA0) else { continue }
            if breaks == nil { breaks = icu.boundaries(text) }
            if breaks!.contains(i) { out.append(i) }
        }
        out.append(text.count)
        return out
    }

    /// A paragraph of `count` draws: mostly letters, ideographs and marks, the rest other characters (as many as
    /// the rest when `otherCharacters`).
    static func paragraph(_ count: Int, otherCharacters: Bool, _ random: inout SplitMix) -> [UInt16] {
        var units: [UInt16] = []
        for _ in 0..<count {
            switch Int.random(in: 0..<(otherCharacters ? 16 : 10), using: &random) {
            case 0..<3: units.append(members[.letter]!.randomElement(using: &random)!)
            case 3..<5: units.append(members[.ideograph]!.randomElement(using: &random)!)
            case 5..<7: units.append(members[.mark]!.randomElement(using: &random)!)
            case 7: units.append(UInt16(0x61 + Int.random(in: 0..<26, using: &random)))
            default: units += Array(others.randomElement(using: &random)!.utf16)
            }
        }
        return units
    }

    @Test func windowsFindWhatTheWholeParagraphDoes() {
        var random = SplitMix(seed: 40)
        let icu = BreakIterators(lines: true)
        var mismatches: [String] = []
        for n in 0..<20_000 {
            let units = Self.paragraph(1 + n % 40, otherCharacters: n % 2 == 1, &random)
            units.withUnsafeBufferPointer { text in
                let found = BreakOpportunities.offsets(text) { icu.boundaries(text, in: $0) }
                let expected = Self.reference(text, icu)
                if found != expected, mismatches.count < 10 {
                    mismatches.append("\(units.map { String($0, radix: 16) }): \(found) != \(expected)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    /// Pairs of letters and ideographs of every script, and marks after them, with no ICU asked.
    @Test func knownPairsAskNoICU() {
        let cases: [(String, [Int])] = [
            ("كتاب", [4]), ("שלום", [4]), ("नमस्ते", [6]), ("漢字", [1, 2]), ("한국어", [1, 2, 3]),
            ("a漢b", [1, 2, 3]), ("かな", [1, 2]), ("e\u{0301}", [2]), ("漢\u{0301}字", [2, 3]),
        ]
        for (text, expected) in cases {
            let units = Array(text.utf16)
            var asked = false
            let found = units.withUnsafeBufferPointer { u in
                BreakOpportunities.offsets(u) { _ in
                    asked = true
                    return []
                }
            }
            #expect(found == expected && !asked, "\(text): \(found), ICU asked: \(asked)")
        }
    }

    /// Punctuation asks ICU about the word around it only.
    @Test func aWindowReachesTheNearestKnownBreaks() {
        let units = Array("كتاب، قلم 漢字「かな」漢".utf16)
        var windows: [Range<Int>] = []
        let icu = BreakIterators(lines: true)
        _ = units.withUnsafeBufferPointer { u in
            BreakOpportunities.offsets(u) { window in
                windows.append(window)
                return icu.boundaries(u, in: window)
            }
        }
        #expect(windows == [0..<5, 11..<14, 14..<17])  // the words around the punctuation
    }

    /// Runs of spaces that marks follow make windows start inside the last one: one window then runs to the end, so
    /// ICU reads each unit at most twice, and the breaks are still the whole paragraph's.
    @Test func windowsStayLinearAfterSpacesAndMarks() {
        let icu = BreakIterators(lines: true)
        for unit in ["א\t\u{0301}b,", "漢 \u{0E34}", "x\t\u{200D}y 。"] {
            let units = Array(String(repeating: unit, count: 500).utf16)
            var read = 0
            let found = units.withUnsafeBufferPointer { u in
                BreakOpportunities.offsets(u) { window in
                    read += window.count
                    return icu.boundaries(u, in: window)
                }
            }
            #expect(read <= 2 * units.count, "\(unit): \(read) units read of \(units.count)")
            #expect(found == units.withUnsafeBufferPointer { Self.reference($0, icu) }, "\(unit)")
        }
    }
}
