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
    private let cache: WordCache
    private let lineBreaks = BreakIterators(lines: true)
    private let clusters = BreakIterators(lines: false)
    private let styles = Mutex<[StyleKey: StyleFonts]>([:])

    private struct StyleKey: Hashable {
        let family: String
        let weight: Int
        let size: Double
    }

    private struct StyleFonts: Sendable {
        let number: Int
        let stack: [FontFace]
        let size: Double
    }

    /// The default bound of the word cache's bytes.
    public static let defaultCacheBytes = 64 << 20

    public init(catalog: FontCatalog, cacheBytes: Int = TextShaper.defaultCacheBytes) {
        self.catalog = catalog
        self.cache = WordCache(capacityBytes: cacheBytes)
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

    public func lineCount(of text: String, style: TextStyle, width: Double) -> Int {
        guard !text.isEmpty else { return 0 }
        let fonts = self.fonts(style)
        let available = Int((max(0, width) * 64).rounded(.down))
        var units = Self.utf16(text)
        return units.withUnsafeMutableBufferPointer { all in
            var lines = 0
            var start = 0
            for i in 0...all.count where i == all.count || all[i] == 0x0A {
                if i == all.count && start == i { break }  // after a trailing line break
                lines += paragraphLines(UnsafeBufferPointer(rebasing: all[start..<i]), fonts, available)
                start = i + 1
            }
            return lines
        }
    }

    /// The UTF-16 units of `text`: ASCII text widened byte by byte, other text transcoded.
    private static func utf16(_ text: String) -> [UInt16] {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 < 0x80 } ? bytes.map { UInt16($0) } : nil
        }
        return (ascii ?? nil) ?? Array(text.utf16)
    }

    /// The lines of a paragraph (text without hard line breaks): at least one.
    private func paragraphLines(_ text: UnsafeBufferPointer<UInt16>, _ fonts: StyleFonts, _ available: Int) -> Int {
        guard !text.isEmpty, !fonts.stack.isEmpty else { return 1 }
        let ends = BreakOpportunities.offsets(text) { lineBreaks.boundaries(text) }
        let x = positions(text, fonts)
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
                return [0] + clusters.boundaries(content).map { x[start + $0] - x[start] }
            })
    }

    /// The width of the paragraph up to each of its units (`count + 1` of them), word by word: the text is shaped
    /// in pieces that end after a run of spaces (kerning and ligatures do not reach across spaces), each piece's
    /// widths from the cache when it was shaped before.
    private func positions(_ text: UnsafeBufferPointer<UInt16>, _ fonts: StyleFonts) -> [Double] {
        var pieces: [Range<Int>] = []
        var start = 0
        for i in 1...text.count
        where i == text.count || (BreakOpportunities.isSpace(text[i - 1]) && !BreakOpportunities.isSpace(text[i])) {
            pieces.append(start..<i)
            start = i
        }
        var x = [Double](repeating: 0, count: text.count + 1)
        x.withUnsafeMutableBufferPointer { x in
            cache.widths(of: pieces, in: text, fonts: fonts.number, into: x.baseAddress!) { piece in
                let advances = SegmentShaping.advances(
                    piece, clusters: clusters.boundaries(piece), stack: fonts.stack, size: fonts.size)
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

    /// A style's fonts and their number in the word cache's keys (a style whose font the catalog lacks measures
    /// every paragraph as one line: validation refuses such styles before they are measured).
    private func fonts(_ style: TextStyle) -> StyleFonts {
        let key = StyleKey(family: style.family, weight: style.weight, size: style.size)
        return styles.withLock { styles in
            if let found = styles[key] { return found }
            let fonts = StyleFonts(number: styles.count, stack: catalog.stack(for: style) ?? [], size: style.size)
            styles[key] = fonts
            return fonts
        }
    }
}
