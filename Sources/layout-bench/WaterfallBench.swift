import LayoutEngine

/// Waterfalls of 1,000,000 items with and without spans (`layout-bench --waterfall`): every tenth item spanning 2
/// columns, every hundredth the full width; the POST pipeline without HTTP, and the rect query of a viewport with
/// its JSON. Then the adversarial harness's case in the engine alone: 1,024 columns with every tenth item spanning
/// 2, against the same items in 2 columns.
enum WaterfallBench {
    static func spans(_ n: Int) -> [Int] { (0..<n).map { $0 % 100 == 99 ? 3 : $0 % 10 == 9 ? 2 : 1 } }

    static func rows(n: Int) {
        let plain = LayoutBench.waterfallSpec(n: n)
        var spanned = plain
        spanned.sections[0].itemSpans = spans(n)
        print(Measure.pad("waterfalls", 28) + Measure.pad("prepare", 12) + Measure.pad("bytes/item", 12)
              + Measure.pad("list+JSON", 12) + Measure.pad("elements", 10) + "ns/element (JSON)")
        LayoutBench.customRow("waterfall \(n / 1000)k, 3 columns", .waterfall(plain), n: n)
        LayoutBench.customRow("the same, spans", .waterfall(spanned), n: n)
        LayoutBench.pipelineRow(.waterfall(plain), what: "a waterfall of \(n / 1000)k items in 3 columns")
        LayoutBench.pipelineRow(.waterfall(spanned), what: "the same with spans")
        var figures: [Int: Double] = [:]
        for columns in [2, 1024] {
            var spec = plain
            spec.columnCount = .fixed(columns)
            spec.sections[0].itemSpans = (0..<n).map { $0 % 10 == 9 ? 2 : 1 }
            let ns = Measure.median(runs: 3) { _ = PreparedWaterfallLayout(spec) }
            figures[columns] = ns
            print("waterfall of \(n / 1000)k items in \(columns) columns, every tenth spanning 2: prepare "
                  + Measure.format(ns))
        }
        print("  1,024 columns ÷ 2 columns: \(Measure.fixed(figures[1024]! / figures[2]!, 2))x")
    }
}
