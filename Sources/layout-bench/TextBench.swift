import Dispatch
import LayoutEngine
import TextShaping

/// `layout-bench --text`: the heights of 100,000 cells of 1 to 3 paragraphs (about 200 characters each) in Debian's
/// fonts, at a waterfall column's width, with an empty word cache and then a full one; the cache's size.
enum TextBench {
    static func rows(cells n: Int = 100_000) {
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
        for threads in [1, 2] {
            let shaper = TextShaper(catalog: catalog)
            let cold = time(contents, shaper, styles, threads)
            let warm = time(contents, shaper, styles, threads)
            let (entries, bytes) = shaper.cacheStatistics
            print(Measure.pad("\(threads) thread\(threads == 1 ? "" : "s")", 12)
                  + "empty cache \(Measure.fixed(cold, 3)) s, full cache \(Measure.fixed(warm, 3)) s; "
                  + "word cache \(entries) entries, \(Measure.fixed(Double(bytes) / 1_048_576, 1)) MiB")
        }
    }

    private static func time(_ contents: [CellContent], _ shaper: TextShaper, _ styles: [String: TextStyle],
                             _ threads: Int) -> Double {
        let start = Measure.clock.now
        DispatchQueue.concurrentPerform(iterations: threads) { t in
            var sum = 0.0
            for i in stride(from: t, to: contents.count, by: threads) {
                sum += contents[i].height(width: 185, styles: styles, measurer: shaper)
            }
            precondition(sum > 0)
        }
        return Measure.nanoseconds(Measure.clock.now - start) / 1e9
    }
}
