import LayoutEngine
import TextShaping

/// `layout-bench --text-scripts`: measuring text of each script of the fallback stack's feeds (Arabic, Hebrew,
/// Hindi, Bengali, Tamil, Thai, Korean, Japanese, Traditional Chinese, English with emoji, right-to-left mixed with
/// English), 20,000 cells of each on one thread, with an empty word cache and then a full one (cells a second); then
/// a waterfall of 100,000 cells of all of them mixed, prepared with an empty word cache on all the cores. The words
/// are random draws from each script's letters (a vocabulary of 5,000 words a script, skewed to the short ones), in
/// paragraphs of about 200 UTF-16 units; every 200th cell is checked against a shaper that caches nothing.
/// `--cells N` measures N cells a script (and 5 N mixed) instead; `--script NAME` measures that script's cells alone
/// (no waterfall), `--prepare` the waterfall alone: each for a profiler.
enum ScriptsBench {
    /// A script's letters, how its words are joined (Thai and Japanese have no spaces: a space every few words),
    /// and the UTF-16 units its words hold.
    struct Script {
        let name: String
        let letters: [String]
        let wordLength: ClosedRange<Int>
        let spaced: Bool
    }

    static func scalars(_ ranges: ClosedRange<UInt32>...) -> [String] {
        ranges.flatMap { $0.compactMap { Unicode.Scalar($0).map { String($0) } } }
    }

    static let scripts = [
        Script(name: "arabic", letters: scalars(0x0627...0x063A, 0x0641...0x064A), wordLength: 2...8, spaced: true),
        Script(name: "hebrew", letters: scalars(0x05D0...0x05EA), wordLength: 2...7, spaced: true),
        Script(name: "hindi", letters: syllables(scalars(0x0915...0x0939), scalars(0x093E...0x094C) + ["्"]),
               wordLength: 2...4, spaced: true),
        Script(name: "bengali", letters: syllables(scalars(0x0995...0x09A8, 0x09AA...0x09B0), scalars(0x09BE...0x09C4)),
               wordLength: 2...4, spaced: true),
        Script(name: "tamil", letters: syllables(scalars(0x0B95...0x0B95, 0x0B9A...0x0B9A, 0x0BA4...0x0BA4,
                                                          0x0BA8...0x0BAA, 0x0BAE...0x0BB5),
                                                  scalars(0x0BBE...0x0BC2) + ["்"]),
               wordLength: 2...5, spaced: true),
        Script(name: "thai", letters: scalars(0x0E01...0x0E2E) + ["า", "ิ", "ี", "ุ", "เ", "่", "้"], wordLength: 2...7,
               spaced: false),
        Script(name: "korean", letters: scalars(0xAC00...0xD7A3), wordLength: 1...4, spaced: true),
        Script(name: "japanese", letters: scalars(0x3041...0x3093, 0x30A1...0x30F3, 0x4E00...0x4FFF), wordLength: 1...3,
               spaced: false),
        Script(name: "traditional", letters: scalars(0x4E00...0x9FFF) + ["，", "。"], wordLength: 1...2, spaced: false),
        Script(name: "emoji", letters: [], wordLength: 2...10, spaced: true),
        Script(name: "mixed", letters: [], wordLength: 2...8, spaced: true),
    ]

    /// Consonants each followed, half the time, by a vowel sign (or a virama: a conjunct with the next).
    static func syllables(_ consonants: [String], _ signs: [String]) -> [String] {
        consonants + consonants.flatMap { c in signs.map { c + $0 } }
    }

    static let latin = Array("etaoinshrdlcumwfgypbvkjxqz").map(String.init)
    static let emoji = ["😀", "🎉", "👍🏽", "👋🏿", "🙏🏻", "👨‍👩‍👧", "👩‍💻", "🏳️‍🌈", "🇯🇵", "🇫🇷", "❤️", "🔥"]

    /// A vocabulary of 5,000 words of `script`.
    static func vocabulary(_ script: Script, _ random: inout BenchRandom) -> [String] {
        func word(_ letters: [String]) -> String {
            let count = script.wordLength.lowerBound
                + Int(random.next() % UInt64(script.wordLength.count))
            return (0..<count).map { _ in letters[Int(random.next() % UInt64(letters.count))] }.joined()
        }
        return (0..<5_000).map { i in
            switch script.name {
            case "emoji": i % 8 == 0 ? emoji[i / 8 % emoji.count] : word(latin)
            case "mixed": i % 2 == 0 ? word(scripts[0].letters) : i % 3 == 0 ? String(i) : word(latin)
            default: word(script.letters)
            }
        }
    }

    /// A cell of 1 to 3 paragraphs of about 200 UTF-16 units of words of `vocabulary`.
    static func cell(_ vocabulary: [String], spaced: Bool, _ random: inout BenchRandom) -> CellContent {
        let paragraphs = (0..<(1 + Int(random.next() % 3))).map { _ -> String in
            var text = ""
            var units = 0
            while units < 200 {
                let r = Double(random.next() % 1_000_000) / 1_000_000
                let word = vocabulary[Int(Double(vocabulary.count) * r * r * r)]
                text += word
                units += word.utf16.count
                if spaced || random.next() % 5 == 0 {
                    text += " "
                    units += 1
                }
            }
            return text
        }
        return CellContent(padding: LayoutEdgeInsets(top: 8, left: 10, bottom: 8, right: 10), spacing: 4,
                           blocks: paragraphs.map { TextBlock(style: "body", text: $0) })
    }

    static func rows() {
        let arguments = CommandLine.arguments
        let perScript = arguments.firstIndex(of: "--cells").flatMap { arguments.dropFirst($0 + 1).first }
            .flatMap { Int($0) } ?? 20_000
        let catalog = FontCatalog(directories: FontCatalog.defaultDirectories)
        guard catalog.face(family: "Inter", weight: 400) != nil, catalog.fallback.last == FontCatalog.lastResort else {
            print("layout-bench --text-scripts: the fonts are not installed (scripts/setup)")
            return
        }
        let styles = ["body": TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)]
        print("layout-bench --text-scripts: Inter 15/20 and the fallback stack (\(catalog.fallback.count) families), "
              + "width 185, 1 thread; coverage tables \(catalog.coverageBytes) bytes")
        var random = BenchRandom(state: 40)
        let only = arguments.firstIndex(of: "--script").flatMap { arguments.dropFirst($0 + 1).first }
        var all: [[CellContent]] = []
        for script in scripts where only == nil || script.name == only {
            let vocabulary = vocabulary(script, &random)
            let contents = (0..<perScript).map { _ in cell(vocabulary, spaced: script.spaced, &random) }
            all.append(contents)
            if arguments.contains("--prepare") { continue }
            let uncached = TextShaper(catalog: catalog, cacheBytes: 0)
            let sample = stride(from: 0, to: contents.count, by: 200).map {
                (index: $0, height: contents[$0].height(width: 185, styles: styles, measurer: uncached))
            }
            let shaper = TextShaper(catalog: catalog)
            var rates: [Double] = []
            var heights: [Double] = []
            for _ in 0..<2 {
                let start = Measure.clock.now
                heights = contents.map { $0.height(width: 185, styles: styles, measurer: shaper) }
                rates.append(Double(contents.count) / (Measure.nanoseconds(Measure.clock.now - start) / 1e9))
            }
            for (i, height) in sample where heights[i] != height {
                fatalError("\(script.name) cell \(i): \(heights[i]) with the word cache, \(height) without")
            }
            let lines = heights.reduce(0) { $0 + ($1 - 16) } / 20
            print(Measure.pad(script.name, 12) + "empty cache \(Int(rates[0])) cells/s, full cache \(Int(rates[1])) "
                  + "cells/s; \(Measure.fixed(lines / Double(contents.count), 1)) lines a cell, word cache "
                  + "\(shaper.cacheStatistics.bytes >> 10) KiB")
        }
        guard only == nil else { return }
        // 100,000 cells (5 times --cells) of every script, interleaved, in one waterfall prepared with an empty word cache.
        let mixed = (0..<5 * perScript).map { all[$0 % all.count][$0 / all.count % perScript] }
        var section = WaterfallSectionSpec(items: .lengths([Double](repeating: 0, count: mixed.count)), columnCount: 2,
                                           columnSpacing: 20, sectionInset: .zero)
        section.contents = mixed
        var waterfall = WaterfallLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [section])
        waterfall.textStyles = styles
        let shaper = TextShaper(catalog: catalog)
        let start = Measure.clock.now
        let prepared = LayoutSpec.waterfall(waterfall).prepare(measurer: shaper)
        let seconds = Measure.nanoseconds(Measure.clock.now - start) / 1e9
        let again = Measure.clock.now
        let warm = LayoutSpec.waterfall(waterfall).prepare(measurer: shaper)
        let warmSeconds = Measure.nanoseconds(Measure.clock.now - again) / 1e9
        let uncached = TextShaper(catalog: catalog, cacheBytes: 0)
        for i in stride(from: 0, to: mixed.count, by: 1000) {
            let frame = prepared.attributesForItem(at: LayoutIndexPath(section: 0, item: i), offset: .zero)?.frame
            precondition(frame?.height == mixed[i].height(width: 185, styles: styles, measurer: uncached),
                         "cell \(i) is \(String(describing: frame))")
            precondition(warm.attributesForItem(at: LayoutIndexPath(section: 0, item: i), offset: .zero)?.frame == frame)
        }
        print(Measure.pad("prepare", 12) + "a waterfall of \(mixed.count) cells of every script (2 columns 185 wide), "
              + "empty cache: \(Measure.fixed(seconds, 3)) s; again with the word cache as the first left it "
              + "(\(shaper.cacheStatistics.bytes >> 20) MiB): \(Measure.fixed(warmSeconds, 3)) s; "
              + "\(mixed.count / 1000) cells checked")
    }
}
