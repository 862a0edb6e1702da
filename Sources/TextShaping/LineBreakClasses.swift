import CICU

/// The pairs of characters whose line break ICU's rules decide without context, read from ICU's own Line_Break
/// property, so that measuring asks ICU's break iterator only about the rest (`BreakOpportunities`):
/// - two letters (`AL`, `HL`: Latin, Greek, Cyrillic, Arabic, Hebrew, the Indic scripts' letters) never break
///   (UAX #14 LB28);
/// - a letter and an ideograph (`ID`, `H2`, `H3`: Han, kana but the small ones, Hangul syllables), in either order,
///   or two ideographs, always break (LB31: no earlier rule holds for them);
/// - a combining mark (`CM`, and the marks of `SA` below) after a letter, an ideograph or another mark never
///   breaks, and takes its base's class for the pair after it (LB9).
/// A letter, ideograph or letter of those scripts after spaces that follow one starts a new context for ICU's rules
/// (`startsContext`).
/// `LineBreakClassesTests` checks these decisions and the windows built on them against ICU over whole paragraphs.
enum LineBreakClasses {
    /// `complex`: the letters (not the marks) of the scripts ICU breaks with dictionaries (`SA`: Thai, Lao, Khmer,
    /// Burmese), which it decides like the others but which start afresh after a space as letters do.
    enum Class: UInt8 { case other = 0, letter, ideograph, mark, complex }

    /// Whether `text[i]`, after a run of spaces, is where ICU's rules start afresh (a boundary of theirs, LB18): when
    /// a letter follows a space (U+0020) and a letter (with its marks) precedes the run, of any class but `other`.
    /// ICU does not break after every run (not after `(` and spaces, LB14-17; not before `)`, LB13), and a tab is no
    /// space to it (`BA`: a Hebrew letter holds it, LB21a).
    static func startsContext(_ text: UnsafeBufferPointer<UInt16>, _ i: Int) -> Bool {
        guard text[i - 1] == 0x20, of(text[i]) != .other, of(text[i]) != .mark else { return false }
        var k = i - 1
        while k >= 0 && BreakOpportunities.isSpace(text[k]) { k -= 1 }
        while k >= 0 && of(text[k]) == .mark { k -= 1 }
        return k >= 0 && of(text[k]) != .other
    }

    /// What the pair before `text[i]` (0 < i < count) gives: a break, none, or a question for ICU.
    enum Decision { case breaks, none, unknown }

    /// The class of each BMP character (surrogates `other`): 64 KiB written once, before any read (a static let),
    /// never freed.
    private nonisolated(unsafe) static let table: UnsafePointer<Class> = {
        let table = UnsafeMutablePointer<Class>.allocate(capacity: 0x10000)
        for c in 0..<0x10000 { (table + c).initialize(to: classOf(c)) }
        return UnsafePointer(table)
    }()

    private static func classOf(_ c: Int) -> Class {
        guard !(0xD800...0xDFFF).contains(c) else { return .other }
        switch ULineBreak(UInt32(cicu_line_break(Int32(c)))) {
        case U_LB_ALPHABETIC, U_LB_HEBREW_LETTER: return .letter
        case U_LB_IDEOGRAPHIC, U_LB_H2, U_LB_H3: return .ideograph
        case U_LB_COMBINING_MARK: return .mark
        case U_LB_COMPLEX_CONTEXT:
            let category = UCharCategory(UInt32(cicu_char_type(Int32(c))))
            let marks = [U_NON_SPACING_MARK, U_ENCLOSING_MARK, U_COMBINING_SPACING_MARK]
            return marks.contains(category) ? .mark : .complex  // as UAX #14's LB1 has it
        default: return .other
        }
    }

    @inline(__always)
    static func of(_ c: UInt16) -> Class { table[Int(c)] }

    /// The decision for the pair before `text[i]`.
    @inline(__always)
    static func decision(_ text: UnsafeBufferPointer<UInt16>, _ i: Int) -> Decision {
        let c = of(text[i])
        var last = of(text[i - 1])
        switch c {
        case .other, .complex: return .unknown
        case .mark: return last == .other || last == .complex ? .unknown : .none
        case .letter, .ideograph:
            var k = i - 1
            while last == .mark {  // the class of the marks' base
                k -= 1
                guard k >= 0 else { return .unknown }
                last = of(text[k])
            }
            if last == .other || last == .complex { return .unknown }
            return last == .letter && c == .letter ? .none : .breaks
        }
    }
}
