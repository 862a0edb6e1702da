import Dispatch
public import LayoutEngine
import Synchronization

/// The service's `TextMeasurer`: text broken into lines as Chromium draws it with the CSS
/// `white-space: pre-wrap; overflow-wrap: anywhere; word-break: normal` in the catalog's fonts (docs/text.md).
/// - A hard line break (`\n`) ends a line; a trailing one starts none.
/// - Break opportunities are ICU's line breaks; the segments between them are shaped by HarfBuzz (kerning and
///   ligatures on, as Chromium's defaults are) in the style's face, falling back cluster by cluster to the catalog's
///   fallback families; their widths are cached (`WordCache`).
/// - Trailing spaces hang; a segment wider than the line breaks between grapheme clusters; widths are compared in
///   LayoutUnits (1/64 px), rounded up as Chromium snaps them.
/// Thread-safe.
public final class TextShaper: TextMeasurer {
    public let catalog: FontCatalog
    let cache: WordCache
    private let lineBreaks = BreakIterators(lines: true)
    private let clusters = BreakIterators(lines: false)
    private let fontCache: FontCache

    /// The default bound of the word cache's bytes.
    public static let defaultCacheBytes = 64 << 20
    /// The default bound of the font cache's bytes (`FontCache`): a CJK face (about 17 MB of tables) and the
    /// Latin faces of a page's styles stay loaded.
    public static let defaultFontCacheBytes = 64 << 20

    /// `cacheBytes` bounds the word cache, `fontCacheBytes` the faces, sizes and styles kept for shaping
    /// (`FontCache`); `onFreed` is told the bytes of what the font cache evicts, once it is let go of.
    public init(catalog: FontCatalog, cacheBytes: Int = TextShaper.defaultCacheBytes,
                fontCacheBytes: Int = TextShaper.defaultFontCacheBytes, onFreed: (@Sendable (Int) -> Void)? = nil) {
        self.catalog = catalog
        self.cache = WordCache(capacityBytes: cacheBytes)
        self.fontCache = FontCache(budget: fontCacheBytes, onFreed: onFreed)
    }

    /// A section's cells spread over the machine's cores, in runs of consecutive cells (measuring is
    /// thread-safe); a section of few cells measured in turn.
    public func heights(count: Int, _ height: @Sendable (Int) -> Double) -> [Double] {
        let runs = min(count / 256, 64)
        guard runs > 1 else { return (0..<count).map(height) }
        return [Double](unsafeUninitializedCapacity: count) { buffer, initialized in
            nonisolated(unsafe) let cells = buffer.baseAddress!
            DispatchQueue.concurrentPerform(iterations: runs) { run in
                for i in run * count / runs..<(run + 1) * count / runs { (cells + i).initialize(to: height(i)) }
            }
            initialized = count
        }
    }

    /// The word cache's entries and the bytes they are counted for (at most the bound given).
    public var cacheStatistics: (entries: Int, bytes: Int) { cache.statistics }

    /// The font cache's entries (faces and styles), the bytes they are counted for (at most the bound given, or
    /// one face over it), and the entries it evicted so far.
    public var fontCacheStatistics: (entries: Int, bytes: Int, evictions: Int) { fontCache.statistics }

    public func lineCount(of text: String, style: TextStyle, width: Double) -> Int {
        guard !text.isEmpty else { return 0 }
        var shaping = ShapingFonts(fonts(style), cache: fontCache)
        let available = Int((max(0, width) * 64).rounded(.down))
        var units = Self.utf16(text)
        return units.withUnsafeMutableBufferPointer { all in
            var lines = 0
            var start = 0
            for i in 0...all.count where i == all.count || all[i] == 0x0A {
                if i == all.count && start == i { break }  // after a trailing line break
                lines += paragraphLines(UnsafeBufferPointer(rebasing: all[start..<i]), &shaping, available)
                start = i + 1
            }
            return lines
        }
    }

    /// The UTF-16 units of `text`, transcoded from its UTF-8 in one pass (Swift strings are valid UTF-8).
    static func utf16(_ text: String) -> [UInt16] {
        var text = text
        return text.withUTF8 { bytes in
            [UInt16](unsafeUninitializedCapacity: bytes.count) { out, initialized in
                var i = 0, n = 0
                let count = bytes.count
                while i < count {
                    let b0 = UInt32(bytes[i])
                    if b0 < 0x80 {
                        out[n] = UInt16(b0)
                        i += 1
                        n += 1
                    } else if b0 < 0xE0 {
                        out[n] = UInt16((b0 & 0x1F) << 6 | UInt32(bytes[i + 1]) & 0x3F)
                        i += 2
                        n += 1
                    } else if b0 < 0xF0 {
                        out[n] = UInt16(truncatingIfNeeded: (b0 & 0x0F) << 12 | (UInt32(bytes[i + 1]) & 0x3F) << 6
                                        | UInt32(bytes[i + 2]) & 0x3F)
                        i += 3
                        n += 1
                    } else {
                        let scalar = (b0 & 0x07) << 18 | (UInt32(bytes[i + 1]) & 0x3F) << 12
                            | (UInt32(bytes[i + 2]) & 0x3F) << 6 | UInt32(bytes[i + 3]) & 0x3F
                        out[n] = UInt16(truncatingIfNeeded: 0xD7C0 + (scalar >> 10))
                        out[n + 1] = UInt16(truncatingIfNeeded: 0xDC00 | scalar & 0x3FF)
                        i += 4
                        n += 2
                    }
                }
                initialized = n
            }
        }
    }

    /// The lines of a paragraph (text without hard line breaks): at least one.
    private func paragraphLines(_ text: UnsafeBufferPointer<UInt16>, _ fonts: inout ShapingFonts, _ available: Int)
        -> Int
    {
        guard !text.isEmpty, fonts.count > 0 else { return 1 }
        let ends = BreakOpportunities.offsets(text) { lineBreaks.boundaries(text, in: $0) }
        let x = positions(text, &fonts)
        func contentEnd(_ i: Int) -> Int {
            var end = ends[i]
            let start = i == 0 ? 0 : ends[i - 1]
            while end > start && BreakOpportunities.isSpace(text[end - 1]) { end -= 1 }
            return end
        }
        return LineBreaking.lines(
            count: ends.count, available: available,
            segment: { i in
                let start = x[i == 0 ? 0 : ends[i - 1]]
                return SegmentWidth(full: x[ends[i]] - start, content: x[contentEnd(i)] - start)
            },
            graphemes: { i in
                let start = i == 0 ? 0 : ends[i - 1]
                let content = UnsafeBufferPointer(rebasing: text[start..<contentEnd(i)])
                return [0] + graphemes(content).map { x[start + $0] - x[start] }
            })
    }

    /// The width of the paragraph up to each of its units (`count + 1` of them), piece by piece: the text is shaped
    /// in pieces whose shaping does not reach across their ends (`ShapingPieces`: words, and a few characters at a
    /// time of the scripts written without spaces), each piece's widths from the cache when it was shaped before.
    private func positions(_ text: UnsafeBufferPointer<UInt16>, _ fonts: inout ShapingFonts) -> [Double] {
        let pieces = Self.pieces(text)
        var x = [Double](repeating: 0, count: text.count + 1)
        x.withUnsafeMutableBufferPointer { x in
            cache.widths(of: pieces, in: text, fonts: fonts.number, into: x.baseAddress!) { piece in
                let advances = SegmentShaping.advances(piece, clusters: graphemes(piece), fonts: &fonts)
                var cumulative = [Double](repeating: 0, count: advances.count)
                var sum = 0.0
                for (k, a) in advances.enumerated() {
                    sum += a
                    cumulative[k] = sum
                }
                return cumulative
            }
            for piece in pieces {
                let origin = x[piece.lowerBound]
                for k in (piece.lowerBound + 1)...piece.upperBound { x[k] += origin }
            }
        }
        return x
    }

    /// The ends of the extended grapheme clusters of `text` (its length last): ICU's, with Indic conjuncts whole.
    private func graphemes(_ text: UnsafeBufferPointer<UInt16>) -> [Int] {
        IndicConjuncts.join(clusters.boundaries(text), in: text)
    }

    /// The pieces a paragraph is shaped in (`ShapingPieces`).
    static func pieces(_ text: UnsafeBufferPointer<UInt16>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        pieces.reserveCapacity(text.count)  // as many as an ideograph a unit: no growth on the way
        var start = 0
        for i in 1..<max(1, text.count) where ShapingPieces.endsBefore(text, i) {
            pieces.append(start..<i)
            start = i
        }
        pieces.append(start..<text.count)
        return pieces
    }

    /// The scale HarfBuzz sets a font to for a size (16.16 fixed point, as Chromium sets it): sizes of one scale
    /// shape alike.
    static func scale(_ size: Double) -> Int32 { Int32((min(max(size, 0), 30_000) * 65536).rounded()) }

    /// The number of the style of `key` in the word cache's keys, when the font cache holds it (else no word of it
    /// is cached).
    func fontCacheNumber(_ key: FontCache.StyleKey) -> Int? { fontCache.number(of: key) }

    /// A style's fonts and their number in the word cache's keys (a style whose font the catalog lacks measures
    /// every paragraph as one line: validation refuses such styles before they are measured).
    private func fonts(_ style: TextStyle) -> FontCache.Style {
        let key = FontCache.StyleKey(family: style.family, weight: style.weight, scale: Self.scale(style.size))
        let (fonts, wrapped) = fontCache.style(key) { catalog.stack(for: style) ?? [] }
        if wrapped { cache.removeAll() }
        return fonts
    }
}
