import LayoutEngine

/// The worst cases of grids and waterfalls for one request (`layout-bench --degenerate`): a rect query on grids
/// of a billion columns (or rows) of size 0 and spacing 0, and waterfalls of 1,000,000 items prepared in 2 and in
/// 1,024 columns, and in 100,000 sections of 1,024 columns.
enum DegenerateBench {
    static func rows() {
        print("worst cases of grids and waterfalls; medians")
        let view = LayoutSize(width: 390, height: 844)
        let zeroColumns = GridLayoutSpec(collectionView: view, rows: GridAxisSpec(count: 1, size: 100),
                                         columns: GridAxisSpec(count: 1_000_000_000, size: 0))
        let zeroRows = GridLayoutSpec(collectionView: view, rows: GridAxisSpec(count: 1_000_000_000, size: 0),
                                      columns: GridAxisSpec(count: 1, size: 100))
        for (name, spec, rect) in [
            ("1e9 columns of size 0, rect at x 1e-10", zeroColumns, LayoutRect(x: 1e-10, y: 0, width: 390, height: 844)),
            ("1e9 rows of size 0, rect at y 1e-10", zeroRows, LayoutRect(x: 0, y: 1e-10, width: 390, height: 844)),
        ] {
            let layout = PreparedGridLayout(spec)
            var count = 0
            func query() {
                var list = ElementList()
                _ = layout.elements(in: rect, offset: .zero, limit: 10_000, into: &list)
                count = list.elements.count
            }
            let once = Measure.median(runs: 1, query)
            let ns = once < 1e6 ? Measure.median(runs: 7, repeats: 1000, query) : Measure.median(runs: 3, query)
            print("  grid, \(name): rect query \(Measure.format(ns)), \(count) elements")
        }
        var figures: [Int: Double] = [:]
        for columns in [2, 1024] {
            var spec = LayoutBench.waterfallSpec(n: 1_000_000)
            spec.columnCount = .fixed(columns)
            let ns = Measure.median(runs: 3) { _ = PreparedWaterfallLayout(spec) }
            figures[columns] = ns
            print("  waterfall, 1,000,000 items in \(columns) columns: prepare \(Measure.format(ns))")
        }
        print("  waterfall, 1,024 columns ÷ 2 columns: \(Measure.fixed(figures[1024]! / figures[2]!, 2))x")
        var sections = LayoutBench.waterfallSpec(n: 1_000_000)
        guard case .lengths(let lengths) = sections.sections[0].items else { return }
        sections.columnCount = 1024
        sections.sections = stride(from: 0, to: lengths.count, by: 10).map {
            WaterfallSectionSpec(items: .lengths(Array(lengths[$0..<($0 + 10)])))
        }
        let ns = Measure.median(runs: 3) { _ = PreparedWaterfallLayout(sections) }
        print("  waterfall, 100,000 sections of 10 items in 1,024 columns: prepare \(Measure.format(ns))")
    }
}
