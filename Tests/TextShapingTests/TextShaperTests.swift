import LayoutEngine
import Testing

@testable import TextShaping

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The measurer with Debian's fonts (fonts-inter, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji,
/// fonts-unifont), on literal cases.
@Suite struct TextShaperTests {
    static let catalog = FontCatalog(directories: FontCatalog.defaultDirectories)
    /// Whether the fonts are there: Inter, and every family the fallback stack begins and ends with.
    static let fontsInstalled = catalog.face(family: "Inter", weight: 400) != nil
        && (FontCatalog.preferredFallback + [FontCatalog.lastResort]).allSatisfy(catalog.fallback.contains)
    /// In CI (`CI=true`) the tests that need the fonts run, and fail, when the fonts are missing.
    static let inCI = getenv("CI").map { String(cString: $0) } == "true"
    static let installed = fontsInstalled || inCI
    let body = TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)

    @Test(.enabled(if: installed)) func catalogReadsFamiliesAndWeightsFromTheFaces() throws {
        let inter = try #require(Self.catalog.families.first { $0.name == "Inter" })
        #expect(inter.weights == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(Self.catalog.face(family: "Noto Sans CJK SC", weight: 700)?.mediaType == "font/otf")
        #expect(Self.catalog.face(family: "Noto Sans", weight: 400)?.mediaType == "font/ttf")
        #expect(Self.catalog.problem(with: TextStyle(family: "Arial", weight: 400, size: 15, lineHeight: 20))?.field
            == "family")
        #expect(Self.catalog.problem(with: TextStyle(family: "Noto Sans", weight: 500, size: 15, lineHeight: 20))?
            .field == "weight")
        #expect(Self.catalog.problem(with: body) == nil)
    }

    @Test func theFontsAreInstalledWhereTheTestsMustRun() {
        #expect(Self.fontsInstalled || !Self.inCI, "CI=true and the fonts are missing: run scripts/setup")
    }

    @Test func cssWeightMatching() {
        #expect(FontCatalog.matchingWeight(500, among: [400, 700]) == 400)
        #expect(FontCatalog.matchingWeight(450, among: [300, 500, 700]) == 500)
        #expect(FontCatalog.matchingWeight(600, among: [400, 700]) == 700)
        #expect(FontCatalog.matchingWeight(900, among: [400, 700]) == 700)
        #expect(FontCatalog.matchingWeight(300, among: [400, 700]) == 400)
        #expect(FontCatalog.matchingWeight(300, among: [100, 400]) == 100)
    }

    @Test(.enabled(if: installed)) func aCollectionsFaceIsServedAsItsOwnFile() throws {
        let face = try #require(Self.catalog.face(family: "Noto Sans CJK SC", weight: 400))
        let bytes = try #require(face.bytes())
        #expect(Array(bytes[0..<4]) == Array("OTTO".utf8))  // an OpenType file with CFF outlines, not `ttcf`
        #expect(LoadedFace(face)?.covers(0x4E2D) == true)  // 中, in the face loaded from the collection for shaping
    }

    /// A section's cells measured over the cores come back in order, each as measured alone.
    @Test(.enabled(if: installed)) func heightsOverTheCoresAreEachCellsInOrder() {
        let shaper = TextShaper(catalog: Self.catalog)
        let words = ["lighthouse", "at", "dusk", "taken", "from", "the", "north", "pier", "Λίμνη", "北京", "a-b"]
        let texts = (0..<3000).map { i in (0..<(i % 40 + 1)).map { words[($0 * 7 + i) % words.count] }.joined(separator: " ") }
        let style = body
        let heights = shaper.heights(count: texts.count) { i in
            Double(shaper.lineCount(of: texts[i], style: style, width: 120 + Double(i % 5) * 40))
        }
        let alone = TextShaper(catalog: Self.catalog, cacheBytes: 0)
        #expect(heights == texts.indices.map { Double(alone.lineCount(of: texts[$0], style: style, width: 120 + Double($0 % 5) * 40)) })
        #expect(Set(heights).count > 3)
    }

    @Test(.enabled(if: installed)) func hardLineBreaks() {
        let shaper = TextShaper(catalog: Self.catalog)
        #expect(shaper.lineCount(of: "", style: body, width: 300) == 0)
        #expect(shaper.lineCount(of: "a", style: body, width: 300) == 1)
        #expect(shaper.lineCount(of: "a\n", style: body, width: 300) == 1)
        #expect(shaper.lineCount(of: "\n", style: body, width: 300) == 1)
        #expect(shaper.lineCount(of: "a\n\nb", style: body, width: 300) == 3)
        #expect(shaper.lineCount(of: "a\nb\n\n", style: body, width: 300) == 3)
    }

    @Test(.enabled(if: installed)) func trailingSpacesAndLongWords() {
        let shaper = TextShaper(catalog: Self.catalog)
        let word = shaper.width("Lighthouse", body)
        // The spaces after a word hang: the line is as wide as the word.
        #expect(shaper.lineCount(of: "Lighthouse" + String(repeating: " ", count: 50), style: body, width: word) == 1)
        #expect(shaper.lineCount(of: "Lighthouse Lighthouse", style: body, width: word) == 2)
        #expect(shaper.lineCount(of: "Lighthouse", style: body, width: word - 1 / 64) == 2)
        // A word four times the width breaks anywhere: at least 4 lines, at most 5.
        let long = String(repeating: "Lighthouse", count: 4)
        #expect((4...5).contains(shaper.lineCount(of: long, style: body, width: word)))
    }

    @Test(.enabled(if: installed)) func glyphsTheFamilyLacksComeFromTheFallback() {
        let shaper = TextShaper(catalog: Self.catalog)
        // Inter has no Chinese: 中 comes from Noto Sans CJK SC, one em wide.
        #expect(shaper.width("中文", body) == 30)
        let cjk = TextStyle(family: "Noto Sans CJK SC", weight: 400, size: 15, lineHeight: 20)
        #expect(shaper.width("中文", body) == shaper.width("中文", cjk))
        // Greek in a face without it (Noto Sans Mono CJK SC has none of its own... but Noto Sans has): the width
        // is Noto Sans's.
        let kufi = TextStyle(family: "Noto Kufi Arabic", weight: 400, size: 15, lineHeight: 20)
        let notoSans = TextStyle(family: "Noto Sans", weight: 400, size: 15, lineHeight: 20)
        #expect(shaper.width("αβγ", kufi) == shaper.width("αβγ", notoSans))
        // Fifty ideographs, 15 each, in 300: 20 a line.
        #expect(shaper.lineCount(of: String(repeating: "中", count: 50), style: body, width: 300) == 3)
    }

    @Test(.enabled(if: installed)) func theLineLimitCapsABlock() {
        let shaper = TextShaper(catalog: Self.catalog)
        let content = CellContent(padding: LayoutEdgeInsets(top: 4, left: 5, bottom: 6, right: 5), blocks: [
            TextBlock(style: "body", text: String(repeating: "word ", count: 100), maxLines: 3)
        ])
        #expect(content.height(width: 110, styles: ["body": body], measurer: shaper) == 4 + 3 * 20 + 6)
    }

    @Test(.enabled(if: installed)) func theWordCacheHoldsEachWordOnceWithinItsBudget() {
        let shaper = TextShaper(catalog: Self.catalog)
        _ = shaper.lineCount(of: "one two three two one", style: body, width: 100)
        #expect(shaper.cacheStatistics.entries == 4)  // "one ", "two ", "three ", "one"
        _ = shaper.lineCount(of: "one two three two one", style: body, width: 50)
        #expect(shaper.cacheStatistics.entries == 4)
        let small = TextShaper(catalog: Self.catalog, cacheBytes: 64 * 1024)
        for i in 0..<5000 { _ = small.lineCount(of: "word\(i) ", style: body, width: 100) }
        #expect(small.cacheStatistics.bytes <= 64 * 1024)
        #expect(small.cacheStatistics.entries > 0)
        // Pieces of one unit (ideographs) are held by their unit: once each, within the budget too, and measure as
        // they do shaped afresh.
        let han = TextShaper(catalog: Self.catalog)
        _ = han.lineCount(of: "漢字漢 字", style: body, width: 100)
        #expect(han.cacheStatistics.entries == 3)  // 漢, 字, 漢 (with its space), 字 again
        let ideographs = String(String.UnicodeScalarView((0..<1_000).map { Unicode.Scalar(0x4E00 + 7 * $0)! }))
        let uncached = TextShaper(catalog: Self.catalog, cacheBytes: 0)
        let bounded = TextShaper(catalog: Self.catalog, cacheBytes: 12 * 1024)
        for width in [100.0, 333, 100] {
            #expect(bounded.lineCount(of: ideographs, style: body, width: width)
                    == uncached.lineCount(of: ideographs, style: body, width: width))
            #expect(bounded.cacheStatistics.bytes <= 12 * 1024)
        }
    }
}

extension TextShaper {
    /// The width of one line of `text` (no break opportunity inside), found by halving: the narrowest box, in
    /// LayoutUnits, that holds it on one line.
    func width(_ text: String, _ style: TextStyle) -> Double {
        var low = 0, high = 64 * 10_000
        while low < high {
            let mid = (low + high) / 2
            if lineCount(of: text, style: style, width: Double(mid) / 64) == 1 { high = mid } else { low = mid + 1 }
        }
        return Double(low) / 64
    }
}
