/// The pieces a paragraph is shaped and cached in (`WordCache`'s keys, `TextBudget`'s units): text whose shaping
/// does not reach across the boundaries between them, so that a piece shapes alike wherever it stands.
/// - A piece ends after a run of spaces or tabs (kerning and ligatures do not reach across spaces).
/// - A piece ends between two characters of scripts written without spaces whose fonts shape each such character
///   on its own: next to a Han ideograph, after another or kana (Noto Sans CJK kerns kana with kana, so a run of
///   kana is one piece, but nothing across an ideograph), and in Thai before a consonant or a leading vowel (marks
///   and following vowels stay with their consonant, in its grapheme cluster; Noto Sans Thai positions nothing
///   across clusters). `ShapingPiecesTests` shapes such pairs whole and cut to check it. Text of these scripts is
///   then cached a few characters at a time, as spaced text is word by word.
/// Chosen from the characters alone (no break iterator), so counting a request's budget stays cheap.
enum ShapingPieces {
    /// Whether a piece ends before `text[i]` (0 < i < count) in a paragraph.
    @inline(__always)
    static func endsBefore(_ text: UnsafeBufferPointer<UInt16>, _ i: Int) -> Bool {
        let last = text[i - 1], next = text[i]
        if isSpace(last) { return !isSpace(next) }
        guard next >= 0x0E01, last >= 0x0E01 else { return false }  // ASCII and the alphabets before Thai: words
        let starts = starting(next, i + 1 < text.count ? text[i + 1] : 0)
        guard starts != .none else { return false }
        let ends = ending(text, i)
        return starts == .thai ? ends == .thai : ends == .han || (ends == .kana && starts == .han)
    }

    static func isSpace(_ c: UInt16) -> Bool { c == 0x20 || c == 0x09 }

    /// The characters a piece may start with or end after.
    enum Kind { case none, thai, kana, han }

    /// The kind of the character starting with `unit` (`following` after it) as a piece's first: a Thai consonant
    /// or leading vowel, kana, or an ideograph.
    @inline(__always)
    private static func starting(_ unit: UInt16, _ following: UInt16) -> Kind {
        if unit < 0x0E80 { return (0x0E01...0x0E2E).contains(unit) || (0x0E40...0x0E44).contains(unit) ? .thai : .none }
        if let kind = ideographic(unit) { return kind }
        // Han of the supplementary planes (U+20000-U+3FFFF): a high surrogate D840-D8BF and its low one.
        return (0xD840...0xD8BF).contains(unit) && (0xDC00...0xDFFF).contains(following) ? .han : .none
    }

    /// The kind of the character ending before `text[i]` as a piece's last: a Thai character but a leading vowel
    /// (which is drawn before the consonant that follows it), kana, or an ideograph.
    @inline(__always)
    private static func ending(_ text: UnsafeBufferPointer<UInt16>, _ i: Int) -> Kind {
        let last = text[i - 1]
        if last < 0x0E80 {
            return (0x0E01...0x0E3F).contains(last) || (0x0E45...0x0E5B).contains(last) ? .thai : .none
        }
        if let kind = ideographic(last) { return kind }
        return (0xDC00...0xDFFF).contains(last) && i >= 2 && (0xD840...0xD8BF).contains(text[i - 2]) ? .han : .none
    }

    /// Hiragana and katakana letters (not the combining voiced sound marks U+3099-U+309A) as kana; the CJK unified
    /// ideographs, their extension A and the compatibility ideographs as Han.
    @inline(__always)
    private static func ideographic(_ c: UInt16) -> Kind? {
        if (0x3041...0x3096).contains(c) || (0x309D...0x309F).contains(c) || (0x30A1...0x30FF).contains(c) {
            return .kana
        }
        if (0x3400...0x4DBF).contains(c) || (0x4E00...0x9FFF).contains(c) || (0xF900...0xFAFF).contains(c) {
            return .han
        }
        return nil
    }
}
