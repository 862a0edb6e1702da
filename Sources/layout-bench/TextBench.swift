import Dispatch
import LayoutEngine
import TextShaping

/// `layout-bench --text`: the heights of 100,000 cells of 1 to 3 paragraphs (about 200 characters each) in Debian's
/// fonts, at a waterfall column's width, with an empty word cache and then a full one; the cache's entries and
/// bytes. Every cell must measure the same with the full cache, and a sample the same with none.
/// `--cells N` measures N cells instead (for profiling).
enum TextBench {
    static func rows() {
        let arguments = CommandLine.arguments
        let n = arguments.firstIndex(of: "--cells").flatMap { arguments.dropFirst($0 + 1).first }.flatMap { Int($0) }
            ?? 100_000
        let catalog = FontCatalog(directories: FontCatalog.defaultDirectories)
        guard catalog.face(family: "Inter", weight: 400) != nil else {
            print("layout-bench --text: fonts-inter is not installed")
            return
        }
        let styles = ["body": TextStyle(family: "Inter", weight: 400, size: 15, lineHeight: 20)]
        // A vocabulary of 20,000 words of 2 to 10 letters, drawn with a Zipf-like skew (short words often).
        var random = BenchRandom(state: 33)
        let letters = Array("etaoinshrdlcumwfgypbvkjxqz")
        let vocabulary: [String] = (0..<20_000).map { _ in
            String((0..<(2 + Int(random.next() % 9))).map { _ in letters[Int(random.next() % 26)] })
        }
        let contents: [CellContent] = (0..<n).map { _ in
            let paragraphs = (0..<(1 + Int(random.next() % 3))).map { _ -> String in
                var text = ""
                while text.utf8.count < 200 {
                    let r = Double(random.next() % 1_000_000) / 1_000_000
                    text += vocabulary[Int(Double(vocabulary.count) * r * r * r)]
                    text += random.next() % 12 == 0 ? ", " : " "
                }
                return text
            }
            return CellContent(padding: LayoutEdgeInsets(top: 8, left: 10, bottom: 8, right: 10), spacing: 4,
                               blocks: paragraphs.map { TextBlock(style: "body", text: $0) })
        }
        print("layout-bench --text: \(n / 1000)k cells of 1-3 paragraphs (about 200 characters each), Inter 15/20, "
              + "width 185")
        // What the cells ask of --max-uncached-text-bytes with an empty word cache: their distinct words' bytes.
        var budget = TextBudget(limit: .max)
        let counting = TextShaper(catalog: catalog)
        for content in contents {
            for block in content.blocks { _ = counting.charge(block.text, style: styles[block.style]!, to: &budget) }
        }
        print(Measure.pad("budget", 12) + "\(budget.spent) bytes of text to shape (--max-uncached-text-bytes), of "
              + "\(contents.reduce(0) { $0 + $1.blocks.reduce(0) { $0 + $1.text.utf8.count } }) bytes of text")
        // The answers checked: every 200th cell measured again by a shaper that caches nothing.
        let uncached = TextShaper(catalog: catalog, cacheBytes: 0)
        let sample = stride(from: 0, to: n, by: 200).map {
            (index: $0, height: contents[$0].height(width: 185, styles: styles, measurer: uncached))
        }
        precondition(uncached.cacheStatistics.entries == 0)
        var measured: [Double] = []
        for threads in [1, 2] {
            let shaper = TextShaper(catalog: catalog)
            let (cold, heights) = time(contents, shaper, styles, threads)
            measured = heights
            for (i, height) in sample where heights[i] != height {
                fatalError("cell \(i): \(heights[i]) with the word cache, \(height) without")
            }
            let (entries, bytes) = shaper.cacheStatistics
            let (warm, again) = time(contents, shaper, styles, threads)
            precondition(again == heights, "the cells measure otherwise with a full word cache")
            print(Measure.pad("\(threads) thread\(threads == 1 ? "" : "s")", 12)
                  + "empty cache \(Measure.fixed(cold, 3)) s, full cache \(Measure.fixed(warm, 3)) s; "
                  + "word cache \(entries) entries, \(bytes) bytes (\(Measure.fixed(Double(bytes) / 1_048_576, 1)) MiB); "
                  + "total height \(Int(heights.reduce(0, +))), \(sample.count) cells checked")
        }
        // What the service does with a POST of these cells: a waterfall of 2 columns 185 wide prepared with an empty
        // word cache, its sections' cells spread over the cores (`TextShaper.heights`).
        var section = WaterfallSectionSpec(items: .lengths([Double](repeating: 0, count: n)), columnCount: 2,
                                           columnSpacing: 20, sectionInset: .zero)
        section.contents = contents
        var waterfall = WaterfallLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [section])
        waterfall.textStyles = styles
        let start = Measure.clock.now
        let prepared = LayoutSpec.waterfall(waterfall).prepare(measurer: TextShaper(catalog: catalog))
        let seconds = Measure.nanoseconds(Measure.clock.now - start) / 1e9
        for (i, _) in sample {
            let frame = prepared.attributesForItem(at: LayoutIndexPath(section: 0, item: i), offset: .zero)?.frame
            precondition(frame?.width == 185 && frame?.height == measured[i], "cell \(i) is \(String(describing: frame))")
        }
        print(Measure.pad("prepare", 12) + "a waterfall of the cells (2 columns 185 wide), empty cache: "
              + "\(Measure.fixed(seconds, 3)) s, \(sample.count) cells checked")
    }

    /// Seconds to measure every cell on `threads` threads, and each cell's height.
    private static func time(_ contents: [CellContent], _ shaper: TextShaper, _ styles: [String: TextStyle],
                             _ threads: Int) -> (seconds: Double, heights: [Double]) {
        let out = Heights(pointer: UnsafeMutablePointer<Double>.allocate(capacity: contents.count))
        defer { out.pointer.deallocate() }
        let start = Measure.clock.now
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            for i in stride(from: t, to: contents.count, by: threads) {
                out.pointer[i] = contents[i].height(width: 185, styles: styles, measurer: shaper)
            }
        }
        let seconds = Measure.nanoseconds(Measure.clock.now - start) / 1e9
        return (seconds, Array(UnsafeBufferPointer(start: out.pointer, count: contents.count)))
    }

    /// The cells' heights, each written by the one thread that measures the cell.
    private struct Heights: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<Double>
    }
}
