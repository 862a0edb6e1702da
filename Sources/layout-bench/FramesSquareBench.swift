import LayoutEngine

/// `layout-bench --frames-square`: the worst pile a frames layout can be asked about: `n` frames inside one
/// 100x100 square (random 10x10 frames), queried over the whole square. Prints the first page (`limit=10`, as
/// the service asks for it: skip 0, take 10), a page deep in the pile, a whole answer refused past
/// `--max-elements` (100,000), and a hit test at the square's centre. Then two layouts whose queries open nodes in
/// vain: `n` horizontal strips 1e6 long at random places (a point meets the leaves of about sqrt(n) of them), and
/// a flow layout of `n` varied items alone on their lines, crossed by a strip beside them all.
enum FramesSquareBench {
    static func spec(n: Int) -> FramesLayoutSpec {
        var rng = BenchRandom(state: 7)
        var e = FrameElements(x: [], y: [], width: [Double](repeating: 10, count: n),
                              height: [Double](repeating: 10, count: n))
        e.x.reserveCapacity(n)
        e.y.reserveCapacity(n)
        for _ in 0..<n {
            e.x.append(rng.uniform(0, 90).rounded())
            e.y.append(rng.uniform(0, 90).rounded())
        }
        return FramesLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), elements: e)
    }

    static func rows(n: Int) {
        let layout = PreparedFramesLayout(spec(n: n).normalized())
        let square = LayoutRect(x: 0, y: 0, width: 100, height: 100)
        print("layout-bench: \(n / 1000)k frames in one 100x100 square, rect 0,0,100,100; medians of repeated runs")
        for (name, skip, take) in [("first page, limit=10", 0, 10), ("page after 100,000, limit=10", 100_000, 10),
                                   ("whole answer, refused past 100,000", 0, 100_000)] {
            row(name, layout, square, skip: skip, take: take)
        }
        var hit: LayoutIndexPath?
        let t = Measure.median(runs: 7, repeats: 20) {
            hit = layout.itemIndexPath(at: LayoutPoint(x: 50, y: 50), offset: .zero)
        }
        print("  " + Measure.pad("hit test at 50,50", 40) + Measure.pad(Measure.format(t), 12)
              + "(item \(hit.map { String($0.item) } ?? "none"))")

        var rng = BenchRandom(state: 9)
        var strips = FrameElements(x: [], y: [], width: [Double](repeating: 1e6, count: n),
                                   height: [Double](repeating: 0, count: n))
        for _ in 0..<n {
            strips.x.append(rng.uniform(0, 1e6).rounded())
            strips.y.append(rng.uniform(0, 1e6).rounded())
        }
        let stripLayout = PreparedFramesLayout(
            FramesLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), elements: strips).normalized())
        print("  \(n / 1000)k horizontal strips 1e6 long at random places:")
        row("a point off them all, limit=10", stripLayout, LayoutRect(x: 1e6, y: 500_000.5, width: 0, height: 0),
            skip: 0, take: 10)
        row("rect 1e6,0,0,1e6, limit=10", stripLayout, LayoutRect(x: 1e6, y: 0, width: 0, height: 1e6), skip: 0, take: 10)

        let sizes = (0..<n).map { LayoutSize(width: Double(200 + $0 % 2), height: 10) }
        var flow = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                  sections: [FlowSectionSpec(items: .sizes(sizes))])
        flow.minimumInteritemSpacing = 10
        let lines = PreparedFlowLayout(flow)
        print("  flow, \(n / 1000)k varied items alone on their lines (centred, 95 to 296):")
        row("strip 320,0,60,height, whole answer", lines,
            LayoutRect(x: 320, y: 0, width: 60, height: lines.contentSize.height), skip: 0, take: 100_000)
    }

    static func row(_ name: String, _ layout: some PreparedLayout, _ rect: LayoutRect, skip: Int, take: Int) {
        var given = 0
        var complete = true
        let t = Measure.median(runs: 7, repeats: skip + take > 1000 ? 1 : 20) {
            var list = ElementList(skip: skip, take: take, reservingCapacity: min(take, 200))
            complete = layout.elements(in: rect, offset: .zero, limit: skip + take, into: &list)
            given = list.elements.count
        }
        print("  " + Measure.pad(name, 40) + Measure.pad(Measure.format(t), 12)
              + "(\(given) kept, complete: \(complete))")
    }
}
