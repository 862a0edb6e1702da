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

    /// The word cache's entries and the bytes they are counted for (at most the bound given).
    public var cacheStatistics: (entries: Int, bytes: Int) { cache.statistics }

    public func lineCount(of text: String, style: TextStyle, width: Double) -> Int {
        guard !text.isEmpty else { return 0 }
        let fonts = self.fonts(style)
        let available = Int((max(0, width) * 64).rounded(.down))
        var units = Array(text.utf16)
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

    /// The lines of a paragraph (text without hard line breaks): at least one.
    private func paragraphLines(_ text: UnsafeBufferPointer<UInt16>, _ fonts: StyleFonts, _ available: Int) -> Int {
        guard !text.isEmpty, !fonts.stack.isEmpty else { return 1 }
        let ends = lineBreaks.boundaries(text)
        func segment(_ i: Int) -> UnsafeBufferPointer<UInt16> {
            UnsafeBufferPointer(rebasing: text[(i == 0 ? 0 : ends[i - 1])..<ends[i]])
        }
        return LineBreaking.lines(
            count: ends.count, available: available,
            segment: { i in
                let units = segment(i)
                let key = WordCache.Key(text: String(decoding: units, as: UTF16.self), fonts: fonts.number)
                return cache.width(key) { measure(units, fonts) }
            },
            graphemes: { i in
                let units = segment(i)
                let content = UnsafeBufferPointer(rebasing: units[0..<Self.contentEnd(units)])
                let ends = clusters.boundaries(content)
                let advances = SegmentShaping.advances(content, clusters: ends, stack: fonts.stack, size: fonts.size)
                var cumulative = [0.0]
                var start = 0
                for end in ends {
                    cumulative.append(cumulative.last! + advances[start..<end].reduce(0, +))
                    start = end
                }
                return cumulative
            })
    }

    private func measure(_ units: UnsafeBufferPointer<UInt16>, _ fonts: StyleFonts) -> SegmentWidth {
        let advances = SegmentShaping.advances(
            units, clusters: clusters.boundaries(units), stack: fonts.stack, size: fonts.size)
        let end = Self.contentEnd(units)
        return SegmentWidth(full: advances.reduce(0, +), content: advances[0..<end].reduce(0, +))
    }

    /// Where a segment's trailing spaces and tabs (those that hang at the end of a line) start.
    private static func contentEnd(_ units: UnsafeBufferPointer<UInt16>) -> Int {
        var end = units.count
        while end > 0 && (units[end - 1] == 0x20 || units[end - 1] == 0x09) { end -= 1 }
        return end
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
