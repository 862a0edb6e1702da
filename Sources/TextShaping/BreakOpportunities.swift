/// Where Chromium may break a line of `white-space: pre-wrap; word-break: normal` text (its
/// `LazyLineBreakIterator`, after-space-run mode):
/// - after a run of spaces or tabs, before whatever follows it, and nowhere inside the run;
/// - between two ASCII characters, only where Chromium's own table allows (after `-` and `?` before most
///   characters, and before `(`, `<`, `[`, `{` after some punctuation; after `-` before a digit only when a letter or
///   digit precedes the `-`): there ICU's rules are not asked;
/// - next to any other character (but the no-break space), where ICU's line break rules break.
/// ICU's answers for pairs of letters, ideographs and marks are known from their classes (`LineBreakClasses`); ICU's
/// iterator is run only over the windows of text around the other pairs, each from the last such known break (or
/// run of spaces, `LineBreakClasses.startsContext`) before it to the next known break or space after it: its rules
/// look no further than that, so a window's breaks are those of the whole paragraph (`LineBreakClassesTests`).
/// A window that would start inside the last one (after spaces next to punctuation, or a tab) runs to the
/// paragraph's end, so no unit is in more than two windows: the work is linear in the paragraph.
enum BreakOpportunities {
    /// The opportunities of a paragraph, as offsets after its start, ascending, its length last. `icu` gives ICU's
    /// boundaries of a window of the text (offsets from the paragraph's start, after the window's start, its end
    /// last) when asked (only text with characters past ASCII asks).
    static func offsets(_ text: UnsafeBufferPointer<UInt16>, icu: (Range<Int>) -> [Int]) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(text.count + 1)  // as many as an ideograph a unit: no growth on the way
        var windowStart = 0  // where the next window starts
        var window = 0..<0  // the window ICU was asked about, and its breaks
        var icuBreaks: [Int] = []
        var next = 0  // index into icuBreaks
        for i in 1..<max(1, text.count) {
            let ch = text[i], last = text[i - 1]
            if isASCIILetter(ch) && isASCIILetter(last) { continue }  // the common pair: never an opportunity
            if isSpace(ch) { continue }
            if isSpace(last) {
                out.append(i)
                if LineBreakClasses.startsContext(text, i) { windowStart = i }
                continue
            }
            if breaksAfter(i >= 2 ? text[i - 2] : 0, last, ch) {
                out.append(i)
                continue
            }
            guard needsICU(ch) || needsICU(last) else { continue }
            switch LineBreakClasses.decision(text, i) {
            case .none: continue
            case .breaks:
                out.append(i)
                windowStart = i
                continue
            case .unknown: break
            }
            if !(window.lowerBound < i && i < window.upperBound) {
                // A window that would start inside the last one runs to the end: windows overlap at most once.
                var end = windowStart < window.upperBound ? text.count : i + 1
                while end < text.count && !isSpace(text[end]) && LineBreakClasses.decision(text, end) != .breaks {
                    end += 1
                }
                window = windowStart..<end
                icuBreaks = icu(window)
                next = 0
            }
            while next < icuBreaks.count && icuBreaks[next] < i { next += 1 }
            if next < icuBreaks.count && icuBreaks[next] == i { out.append(i) }
        }
        out.append(text.count)
        return out
    }

    static func isSpace(_ c: UInt16) -> Bool { c == 0x20 || c == 0x09 }

    private static func isASCIILetter(_ c: UInt16) -> Bool { c < 0x80 && isLetter(UInt8(c)) }

    private static func needsICU(_ c: UInt16) -> Bool { c > 0x7F && c != 0xA0 }

    /// Chromium's table of breaks between two printable ASCII characters (`ShouldBreakAfter`).
    static func breaksAfter(_ lastLast: UInt16, _ last: UInt16, _ ch: UInt16) -> Bool {
        guard (0x21...0x7E).contains(last), (0x21...0x7E).contains(ch) else { return false }
        let c = UInt8(ch), l = UInt8(last)
        let digit = c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")
        switch l {
        case UInt8(ascii: "-"):
            if digit { return isAlphanumeric(lastLast) }
            return afterHyphen.contains(c) || isLetter(c)
        case UInt8(ascii: "?"):
            return afterQuestion.contains(c) || isLetter(c) || digit
        default:
            return isOpening(c) && beforeOpening.contains(l)
        }
    }

    private static let afterHyphen = ASCIISet("\"#%&'(*+-<=>@[\\^_`{|~")
    private static let afterQuestion = ASCIISet("#$%&(*+-<=>@[\\^_`{|~")
    /// `(`, `<`, `[` or `{` (asked for every pair of ASCII characters but after `-` and `?`).
    private static func isOpening(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "(") || c == UInt8(ascii: "<") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{")
    }
    private static let beforeOpening = ASCIISet("!\"#%&)*+,.:;=>\\]|}~")

    /// A set of ASCII characters as a bit mask: asked for every pair of characters of a paragraph.
    private struct ASCIISet {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ characters: String) {
            for c in characters.utf8 where c < 0x80 {
                if c < 64 { low |= 1 << UInt64(c) } else { high |= 1 << UInt64(c - 64) }
            }
        }

        func contains(_ c: UInt8) -> Bool { c < 64 ? low >> UInt64(c) & 1 != 0 : c < 128 && high >> UInt64(c - 64) & 1 != 0 }
    }

    private static func isLetter(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z"))
    }

    private static func isAlphanumeric(_ c: UInt16) -> Bool {
        c < 0x80 && (isLetter(UInt8(c)) || (c >= 0x30 && c <= 0x39))
    }
}
