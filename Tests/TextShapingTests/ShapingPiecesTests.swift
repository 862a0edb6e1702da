import LayoutEngine
import Testing

@testable import TextShaping

/// The pieces text is shaped and cached in (`ShapingPieces`): where they end, on literal cases, and that each
/// boundary they put between two characters of a script written without spaces changes no advance, checked by
/// shaping every such pair (kana, a sample of ideographs, Thai clusters) whole and in two pieces.
@Suite struct ShapingPiecesTests {
    static let catalog = TextShaperTests.catalog
    static let installed = TextShaperTests.installed

    func ends(_ text: String) -> [Int] {
        Array(text.utf16).withUnsafeBufferPointer { TextShaper.pieces($0).map(\.upperBound) }
    }

    @Test func piecesEndAfterSpacesAndBetweenIdeographsAndThaiClusters() {
        #expect(ends("") == [0])
        #expect(ends("ab  cd e") == [4, 7, 8])
        #expect(ends("漢字かなカナ漢") == [1, 2, 6, 7])  // Noto Sans CJK kerns kana: a run of kana is one piece
        #expect(ends("漢a字 b") == [4, 5])  // Latin next to an ideograph stays in its piece
        #expect(ends("か\u{3099}き") == [3])  // a combining voiced mark stays with its kana
        #expect(ends("葛\u{E0100}城") == [4])  // a variation selector stays with the ideographs around it
        #expect(ends("\u{20000}\u{20001}") == [2, 4])  // ideographs of the supplementary planes
        // Thai: before a consonant or a leading vowel, never after a leading vowel.
        #expect(ends("ภาษาไทย") == [2, 4, 6, 7])
        #expect(ends("เก่ง") == [3, 4])
        #expect(ends("ك漢") == [2])  // only between two characters of the scripts concerned
    }

    /// The advances of `text` shaped whole, and shaped in the pieces `ShapingPieces` cuts it in.
    func advances(_ text: String, _ fonts: inout ShapingFonts) -> (whole: [Double], pieces: [Double]) {
        let clusters = BreakIterators(lines: false)
        let units = Array(text.utf16)
        return units.withUnsafeBufferPointer { all in
            let whole = SegmentShaping.advances(all, clusters: clusters.boundaries(all), fonts: &fonts)
            var pieces: [Double] = []
            for range in TextShaper.pieces(all) {
                let piece = UnsafeBufferPointer(rebasing: all[range])
                pieces += SegmentShaping.advances(piece, clusters: clusters.boundaries(piece), fonts: &fonts)
            }
            return (whole, pieces)
        }
    }

    func fonts(_ cache: FontCache) -> ShapingFonts {
        let style = TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)
        let key = FontCache.StyleKey(family: style.family, weight: style.weight, scale: TextShaper.scale(15))
        return ShapingFonts(cache.style(key) { Self.catalog.stack(for: style) ?? [] }.style, cache: cache)
    }

    /// Every pair of `firsts` and `seconds` that `ShapingPieces` cuts in two shapes alike whole and cut; returns
    /// the pairs cut (each checked).
    func check(_ firsts: [String], _ seconds: [String], _ fonts: inout ShapingFonts) -> Int {
        var cut = 0
        for a in firsts {
            for b in seconds {
                let (whole, pieces) = advances(a + b, &fonts)
                guard ends(a + b).count > 1 else { continue }
                cut += 1
                if whole != pieces {
                    Issue.record("\(a + b): \(whole) whole, \(pieces) in pieces")
                    return cut
                }
            }
        }
        return cut
    }

    static func scalars(_ ranges: ClosedRange<UInt32>...) -> [String] {
        ranges.flatMap { $0.compactMap { Unicode.Scalar($0).map { String($0) } } }
    }

    @Test(.enabled(if: installed)) func kanaAndIdeographsShapeAloneAsTogether() {
        let cache = FontCache(budget: 64 << 20)
        var fonts = fonts(cache)
        let kana = Self.scalars(0x3041...0x3096, 0x309D...0x309F, 0x30A1...0x30FF)
        // Every 173rd unified ideograph, and some of the extension A, the compatibility ones and the extension B.
        let han = stride(from: UInt32(0x4E00), to: 0xA000, by: 173).map { String(Unicode.Scalar($0)!) }
            + Self.scalars(0x3400...0x3405, 0xF900...0xF905, 0x20000...0x20003)
        let cut = check(han, kana + han, &fonts) + check(kana, han, &fonts)
        #expect(cut == han.count * (kana.count + han.count) + kana.count * han.count)
        #expect(check(kana, kana, &fonts) == 0)
    }

    @Test(.enabled(if: installed)) func thaiClustersShapeAloneAsTogether() {
        let cache = FontCache(budget: 64 << 20)
        var fonts = fonts(cache)
        let consonants = Self.scalars(0x0E01...0x0E2E)
        let leading = Self.scalars(0x0E40...0x0E44)
        let after = Self.scalars(0x0E30...0x0E3A, 0x0E45...0x0E4E)
        // A cluster (a consonant, a consonant with a vowel or mark after it, or with a tone mark over a vowel), then
        // the start of the next (a consonant or a leading vowel).
        let clusters = consonants + consonants.flatMap { c in after.map { c + $0 } }
            + consonants.map { $0 + "\u{0E34}\u{0E48}" } + leading.flatMap { l in consonants.map { l + $0 } }
        let cut = check(clusters, consonants + leading, &fonts)
        #expect(cut == clusters.count * (consonants.count + leading.count))
    }

    /// The budget counts the pieces the cache lacks, each distinct one once, and nothing once they are measured.
    @Test(.enabled(if: installed)) func theBudgetCountsPiecesNotPhrases() {
        let shaper = TextShaper(catalog: Self.catalog)
        let style = TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)
        // Pieces 漢, 字, 漢, 字, かなかな (3 + 3 + 12 bytes distinct); ภา, ษา, ไท, ย漢 (6 each: a Thai letter and
        // an ideograph stay in one piece).
        let text = "漢字漢字かなかな\nภาษาไทย漢"
        var budget = TextBudget(limit: 1_000)
        #expect(shaper.charge(text, style: style, to: &budget))
        #expect(budget.spent == 18 + 24)
        _ = shaper.lineCount(of: text + "\n字", style: style, width: 100)
        var again = TextBudget(limit: 1_000)
        #expect(shaper.charge(text + "\n字", style: style, to: &again))
        #expect(again.spent == 0)
    }
}
