/// Unicode 15.1's grapheme cluster rule GB9c: no cluster boundary inside an Indic conjunct (a consonant, a virama
/// that links, a consonant: `क्ष` is one cluster), which Chromium's ICU has and Debian 12's (ICU 72) predates. The
/// boundaries ICU gives are joined across such conjuncts here, so that `overflow-wrap: anywhere` breaks a Hindi or
/// Bengali word where Chromium does.
enum IndicConjuncts {
    /// `boundaries` (offsets after the start of `text`, ascending) without those inside a conjunct.
    static func join(_ boundaries: [Int], in text: UnsafeBufferPointer<UInt16>) -> [Int] {
        guard boundaries.contains(where: { $0 < text.count && isConsonant(text[$0]) }) else { return boundaries }
        return boundaries.filter { !($0 < text.count && isConsonant(text[$0]) && linksBefore($0, text)) }
    }

    /// Whether a linking virama, after a consonant, ends the text before `i` (nuktas, joiners and other linkers
    /// may follow the virama and the consonant: `[Consonant] [Extend Linker]* Linker [Extend Linker]*`).
    private static func linksBefore(_ i: Int, _ text: UnsafeBufferPointer<UInt16>) -> Bool {
        var k = i - 1
        var linked = false
        while k >= 0, isLinker(text[k]) || isExtend(text[k]) {
            if isLinker(text[k]) { linked = true }
            k -= 1
        }
        return linked && k >= 0 && isConsonant(text[k])
    }

    /// `InCB=Linker`: the viramas of Devanagari, Bengali, Gujarati, Oriya, Telugu and Malayalam.
    static func isLinker(_ c: UInt16) -> Bool {
        c == 0x094D || c == 0x09CD || c == 0x0ACD || c == 0x0B4D || c == 0x0C4D || c == 0x0D4D
    }

    /// The `InCB=Extend` characters a conjunct holds: the nuktas of those scripts and the zero-width joiner.
    private static func isExtend(_ c: UInt16) -> Bool {
        c == 0x093C || c == 0x09BC || c == 0x0ABC || c == 0x0B3C || c == 0x0C3C || c == 0x200D
    }

    /// `InCB=Consonant`: the consonants of those scripts.
    static func isConsonant(_ c: UInt16) -> Bool {
        switch c {
        case 0x0915...0x0939, 0x0958...0x095F, 0x0978...0x097F: true  // Devanagari
        case 0x0995...0x09A8, 0x09AA...0x09B0, 0x09B2, 0x09B6...0x09B9, 0x09DC, 0x09DD, 0x09DF, 0x09F0, 0x09F1: true
        case 0x0A95...0x0AA8, 0x0AAA...0x0AB0, 0x0AB2, 0x0AB3, 0x0AB5...0x0AB9, 0x0AF9: true  // Gujarati
        case 0x0B15...0x0B28, 0x0B2A...0x0B30, 0x0B32, 0x0B33, 0x0B35...0x0B39, 0x0B5C, 0x0B5D, 0x0B5F, 0x0B71: true
        case 0x0C15...0x0C28, 0x0C2A...0x0C39, 0x0C58...0x0C5A: true  // Telugu
        case 0x0D15...0x0D3A: true  // Malayalam
        default: false
        }
    }
}
