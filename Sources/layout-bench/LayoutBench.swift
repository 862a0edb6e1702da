import CMalloc
import LayoutEngine
import LayoutStore
import LayoutWire

/// `swift run -c release layout-bench [--quick] [--updates | --bounds | --waterfall | --grid | --degenerate | --frames |
/// --frames-square | --frames-updates | --programs | --programs-once SIDE N | --text | --text-scripts]`: prints the figures the
/// README quotes.
@main
struct LayoutBench {
    static func main() {
        let quick = CommandLine.arguments.contains("--quick")
        _ = cmalloc_keep_freed_memory()  // as the service does
        if CommandLine.arguments.contains("--updates") {
            UpdateBench.rows(n: quick ? 100_000 : 1_000_000)
            return
        }
        if CommandLine.arguments.contains("--compositional") {
            print(Measure.pad("compositional layouts", 28) + Measure.pad("prepare", 12) + Measure.pad("bytes/item", 12)
                  + Measure.pad("list+JSON", 12) + Measure.pad("elements", 10) + "ns/element (JSON)")
            CompositionalBench.rows(quick: quick)
            return
        }
        if CommandLine.arguments.contains("--text-scripts") {
            ScriptsBench.rows()
            return
        }
        if CommandLine.arguments.contains("--text") {
            TextBench.rows()
            return
        }
        if CommandLine.arguments.contains("--degenerate") {
            DegenerateBench.rows()
            return
        }
        if CommandLine.arguments.contains("--waterfall") {
            WaterfallBench.rows(n: quick ? 100_000 : 1_000_000)
            return
        }
        if CommandLine.arguments.contains("--grid") {
            GridBench.rows()
            return
        }
        if CommandLine.arguments.contains("--frames-updates") {
            FramesUpdateBench.rows(n: quick ? 100_000 : 1_000_000)
            return
        }
        if CommandLine.arguments.contains("--frames-square") {
            FramesSquareBench.rows(n: quick ? 100_000 : 1_000_000)
            return
        }
        if CommandLine.arguments.contains("--frames") {
            FramesBench.rows(n: quick ? 100_000 : 1_000_000)
            return
        }
        if let at = CommandLine.arguments.firstIndex(of: "--programs-once") {
            ProgramBench.once(CommandLine.arguments[(at + 1)...])
            return
        }
        if CommandLine.arguments.contains("--programs") {
            ProgramBench.rows(sizes: [100_000, 1_000_000])
            return
        }
        if CommandLine.arguments.contains("--bounds") {
            ViewportBench.rows(n: quick ? 100_000 : 1_000_000)
            return
        }
        let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        print("layout-bench: flow layouts, one section, viewport 390x844; medians of repeated runs")
        print("")
        print(Measure.pad("layout", 20) + Measure.pad("prepare", 12) + Measure.pad("bytes/item", 12)
              + Measure.pad("locate", 11) + Measure.pad("list", 11) + Measure.pad("list+JSON", 12)
              + Measure.pad("elements", 10) + "ns/element (JSON)")
        for n in sizes {
            for varied in [false, true] {
                row(n: n, varied: varied)
            }
        }
        print("")
        print(Measure.pad("custom layouts", 28) + Measure.pad("prepare", 12) + Measure.pad("bytes/item", 12)
              + Measure.pad("list+JSON", 12) + Measure.pad("elements", 10) + "ns/element (JSON)")
        for n in sizes { customRow("waterfall \(n / 1000)k, 3 columns", .waterfall(waterfallSpec(n: n)), n: n) }
        var pinned = spec(n: quick ? 100_000 : 1_000_000, varied: true)
        pinned.headerReferenceSize = LayoutSize(width: 0, height: 40)
        pinned.chrome = SectionChromeSpec(pinHeaders: true, decorations: [DecorationSpec(kind: "background")])
        pinned.sections = chunks(pinned.sections[0], count: 1000)
        customRow("flow, 1000 sections, pinned", .flow(pinned), n: pinned.numberOfItems)
        var circle = CircleLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), items: 1000)
        circle.itemSize = LayoutSize(width: 10, height: 10)
        customRow("circle 1k", .circle(circle), n: 1000)
        customRow("wheel 60", .wheel(WheelLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), items: 60)), n: 60)
        CompositionalBench.rows(quick: quick)
        print("")
        interactionRow(n: quick ? 100_000 : 1_000_000)
        print("")
        decodeRow(n: quick ? 100_000 : 1_000_000)
        print("")
        UpdateBench.rows(n: quick ? 100_000 : 1_000_000)
        print("")
        ViewportBench.rows(n: quick ? 100_000 : 1_000_000)
        print("")
        GridBench.rows()
    }

    static func spec(n: Int, varied: Bool) -> FlowLayoutSpec {
        var rng = BenchRandom(state: 42)
        let items: FlowItems = varied
            ? .sizes((0..<n).map { _ in LayoutSize(width: rng.uniform(40, 200).rounded(), height: rng.uniform(40, 120).rounded()) })
            : .count(n)
        var spec = FlowLayoutSpec(collectionView: LayoutSize(width: 390, height: 844), sections: [FlowSectionSpec(items: items)])
        spec.itemSize = LayoutSize(width: 90, height: 90)
        spec.minimumInteritemSpacing = 8
        spec.minimumLineSpacing = 8
        return spec
    }

    static func row(n: Int, varied: Bool) {
        let spec = spec(n: n, varied: varied)
        let runs = n >= 1_000_000 ? 7 : 15
        let prepare = Measure.median(runs: runs) { _ = PreparedFlowLayout(spec) }
        let layout = PreparedFlowLayout(spec)
        let offsets = (0..<16).map { i in
            (layout.contentSize.height - 844) * Double(i) / 15
        }
        var out: [LayoutAttributes] = []
        out.reserveCapacity(512)
        var w = JSONWriter(capacity: 1 << 16)
        // Locate: a 1x1 rect (the binary searches, at most one element).
        var k = 0
        let locate = Measure.median(runs: 15, repeats: 2000) {
            k = (k + 1) % offsets.count
            out.removeAll(keepingCapacity: true)
            _ = layout.elements(in: LayoutRect(x: 195, y: offsets[k] + 422, width: 1, height: 1), offset: .zero,
                                limit: 100_000, into: &out)
        }
        var elements = 0
        let list = Measure.median(runs: 15, repeats: 500) {
            k = (k + 1) % offsets.count
            out.removeAll(keepingCapacity: true)
            _ = layout.elements(in: LayoutRect(x: 0, y: offsets[k], width: 390, height: 844), offset: .zero,
                                limit: 100_000, into: &out)
            elements = out.count
        }
        var total = 0
        let encode = Measure.median(runs: 15, repeats: 300) {
            k = (k + 1) % offsets.count
            out.removeAll(keepingCapacity: true)
            _ = layout.elements(in: LayoutRect(x: 0, y: offsets[k], width: 390, height: 844), offset: .zero,
                                limit: 100_000, into: &out)
            w.reset()
            AttributesEncoder.writeRectAnswer(contentSize: layout.contentSize, elements: out, into: &w)
            total += out.count
        }
        let name = "\(n / 1000)k " + (varied ? "varied" : "uniform")
        print(Measure.pad(name, 20) + Measure.pad(Measure.format(prepare), 12)
              + Measure.pad(Measure.fixed(Double(layout.byteCount) / Double(n), 1), 12)
              + Measure.pad(Measure.format(locate), 11) + Measure.pad(Measure.format(list), 11)
              + Measure.pad(Measure.format(encode), 12) + Measure.pad("\(elements)", 10)
              + Measure.fixed(encode / Double(max(elements, 1)), 1))
    }

    static func waterfallSpec(n: Int) -> WaterfallLayoutSpec {
        var rng = BenchRandom(state: 9)
        var spec = WaterfallLayoutSpec(
            collectionView: LayoutSize(width: 390, height: 844),
            sections: [WaterfallSectionSpec(items: .lengths((0..<n).map { _ in rng.uniform(60, 300).rounded() }))])
        spec.columnCount = 3
        return spec
    }

    /// A varied flow section split into `count` sections of equal size.
    static func chunks(_ section: FlowSectionSpec, count: Int) -> [FlowSectionSpec] {
        guard case .sizes(let sizes) = section.items else { return [section] }
        let per = max(1, sizes.count / count)
        return stride(from: 0, to: sizes.count, by: per).map {
            FlowSectionSpec(items: .sizes(Array(sizes[$0..<min($0 + per, sizes.count)])))
        }
    }

    /// Prepare time, bytes per item, and a viewport's query with JSON at 16 offsets (the offset follows the
    /// viewport, so pinned headers and the wheel are computed for it).
    static func customRow(_ name: String, _ spec: LayoutSpec, n: Int) {
        let prepare = Measure.median(runs: n >= 1_000_000 ? 5 : 9) { _ = spec.prepare() }
        let layout = spec.prepare()
        let height = layout.contentSize.height
        let offsets = (0..<16).map { i in max(0, height - 844) * Double(i) / 15 }
        var out: [LayoutAttributes] = []
        out.reserveCapacity(512)
        var w = JSONWriter(capacity: 1 << 16)
        var k = 0
        var elements = 0
        let encode = Measure.median(runs: 11, repeats: 200) {
            k = (k + 1) % offsets.count
            out.removeAll(keepingCapacity: true)
            let origin = LayoutPoint(x: 0, y: offsets[k])
            _ = layout.elements(in: LayoutRect(x: 0, y: origin.y, width: 390, height: 844), offset: origin, limit: 100_000,
                                into: &out)
            w.reset()
            AttributesEncoder.writeRectAnswer(contentSize: layout.contentSize, elements: out, into: &w)
            elements = out.count
        }
        print(Measure.pad(name, 28) + Measure.pad(Measure.format(prepare), 12)
              + Measure.pad(Measure.fixed(Double(layout.byteCount) / Double(max(n, 1)), 1), 12)
              + Measure.pad(Measure.format(encode), 12) + Measure.pad("\(elements)", 10)
              + Measure.fixed(encode / Double(max(elements, 1)), 1))
    }

    /// Hit testing and scroll targets on a flow layout with per-item sizes, at points spread over the content.
    static func interactionRow(n: Int) {
        var flow = spec(n: n, varied: true)
        flow.scrollTargetBehavior = .item
        let layout = PreparedFlowLayout(flow)
        let h = layout.contentSize.height
        let points = (0..<64).map { LayoutPoint(x: Double($0 % 7) * 55, y: h * Double($0) / 64) }
        var k = 0
        let hit = Measure.median(runs: 15, repeats: 2000) {
            k = (k + 1) % points.count
            _ = layout.itemIndexPath(at: points[k], offset: .zero)
        }
        let target = Measure.median(runs: 15, repeats: 2000) {
            k = (k + 1) % points.count
            _ = layout.targetContentOffset(proposed: LayoutPoint(x: 0, y: points[k].y), velocity: LayoutPoint(x: 0, y: 1))
        }
        print("interaction on \(n / 1000)k per-item sizes: hit test \(Measure.format(hit)), "
              + "scroll target (item, with velocity) \(Measure.format(target))")
    }

    /// The POST path without HTTP: JSON text -> tape -> spec -> canonical id -> prepared layout.
    static func decodeRow(n: Int) {
        pipelineRow(.flow(spec(n: n, varied: true)), what: "\(n / 1000)k per-item sizes")
    }

    /// The POST path of `spec` without HTTP, phase by phase.
    static func pipelineRow(_ spec: LayoutSpec, what: String) {
        var w = JSONWriter(capacity: spec.sectionCounts.reduce(0, +) * 24)
        SpecEncoder.write(spec, into: &w)
        let body = w.bytes
        let limits = SpecLimits(maxItems: 2_000_000)
        let document = try! JSONParser.parse(body)
        let decoded = try! SpecDecoder.decode(document, limits: limits)
        let parse = Measure.median(runs: 7) { _ = try! JSONParser.parse(body) }
        let decode = Measure.median(runs: 7) { _ = try! SpecDecoder.decode(document, limits: limits) }
        let id = Measure.median(runs: 7) { _ = LayoutID.of(decoded) }
        let prepare = Measure.median(runs: 7) { _ = decoded.prepare() }
        let all = Measure.median(runs: 7) {
            let spec = try! SpecDecoder.decode(body, limits: limits)
            _ = LayoutID.of(spec)
            _ = spec.prepare()
        }
        print("POST pipeline for \(what) (\(Measure.fixed(Double(body.count) / 1e6, 1)) MB of JSON):")
        print("  parse \(Measure.format(parse)), decode+validate \(Measure.format(decode)), "
              + "canonical+SHA-256 id \(Measure.format(id)), prepare \(Measure.format(prepare)); "
              + "all together \(Measure.format(all))")
    }
}
