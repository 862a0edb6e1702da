import LayoutEngine
import TestSupport
import Testing

/// Grids whose rows and columns have sizes 0, tiny sizes, no spacing or billions of them: the rect query against a
/// scan of every cell, and queries of billion-track grids that only a binary search answers in time.
@Suite struct GridDegenerateTests {
    static func query(_ layout: PreparedGridLayout, _ rect: LayoutRect, _ offset: LayoutPoint, limit: Int = .max - 1)
        -> (elements: [LayoutAttributes], complete: Bool)
    {
        var list = ElementList()
        let complete = layout.elements(in: rect, offset: offset, limit: limit, into: &list)
        return (list.elements, complete)
    }

    static func sorted(_ list: [LayoutAttributes]) -> [LayoutAttributes] {
        list.sorted { ($0.indexPath, $0.zIndex) < ($1.indexPath, $1.zIndex) }
    }

    /// Every element of the grid at `offset`, one cell at a time (a merged range at its first cell).
    static func scan(_ layout: PreparedGridLayout, offset: LayoutPoint) -> [LayoutAttributes] {
        var all: [LayoutAttributes] = []
        for r in 0..<layout.numberOfSections {
            for c in 0..<layout.numberOfItems(inSection: r) {
                if let a = layout.attributesForItem(at: LayoutIndexPath(section: r, item: c), offset: offset) {
                    all.append(a)
                }
            }
        }
        return all
    }

    /// A random grid whose sizes and spacing come from `values`, with frozen bands, merged ranges (when they fit),
    /// both directions.
    static func degenerate(_ values: [Double], _ rng: inout SeededRandom) -> GridLayoutSpec {
        func value() -> Double { values.randomElement(using: &rng)! }
        func axis(_ count: Int) -> GridAxisSpec {
            var a = GridAxisSpec(count: count, size: value())
            switch Int.random(in: 0..<3, using: &rng) {
            case 1 where count > 0:
                a.sizes = .list((0..<Int.random(in: 0...count, using: &rng)).map { _ in value() })
            case 2 where count > 0:
                let indices = Set((0..<Int.random(in: 0...6, using: &rng)).map { _ in Int.random(in: 0..<count, using: &rng) })
                a.sizes = .overrides(indices.sorted().map { GridSizeOverride(index: $0, size: value()) })
            default: break
            }
            return a
        }
        var spec = RandomSpecs.grid(&rng)
        spec.rows = axis(Int.random(in: 0...30, using: &rng))
        spec.columns = axis(Int.random(in: 0...30, using: &rng))
        spec.rowSpacing = Bool.random(using: &rng) ? 0 : value()
        spec.columnSpacing = Bool.random(using: &rng) ? 0 : value()
        let (rows, columns) = (spec.rows.count, spec.columns.count)
        spec.frozen.top = min(spec.frozen.top, rows)
        spec.frozen.bottom = min(spec.frozen.bottom, rows - spec.frozen.top)
        spec.frozen.leading = min(spec.frozen.leading, columns)
        spec.frozen.trailing = min(spec.frozen.trailing, columns - spec.frozen.leading)
        // The merged ranges the random grid placed, when they fit these rows and columns.
        var merged = spec
        spec.merged = []
        if (try? merged.validate(limits: SpecLimits())) != nil { spec = merged }
        return spec
    }

    /// A coordinate near the content: at a row's or column's edge, a hair off it, or anywhere.
    static func coordinate(_ edges: [Double], _ rng: inout SeededRandom) -> Double {
        let e = edges.randomElement(using: &rng) ?? 0
        switch Int.random(in: 0..<5, using: &rng) {
        case 0: return e
        case 1: return e + [1e-10, -1e-10, 1e-300, -1e-300, 0x1p-41].randomElement(using: &rng)!
        case 2: return e.nextUp
        case 3: return e.nextDown
        default: return Double.random(in: -1...(edges.max() ?? 0) + 1, using: &rng)
        }
    }

    /// Random degenerate grids, offsets and rects: `check` gets what the query answered, what a scan of every cell
    /// finds, the rect and a description.
    static func run(values: [Double], seed: UInt64, offsets: (Double) -> Double,
                    _ check: (_ got: [LayoutAttributes], _ want: [LayoutAttributes], LayoutRect, String) -> Void) throws {
        var rng = SeededRandom(seed: seed)
        for _ in 0..<30 {
            let spec = Self.degenerate(values, &rng)
            try spec.validate(limits: SpecLimits())
            let layout = PreparedGridLayout(spec)
            for _ in 0..<4 {
                let offset = LayoutPoint(x: offsets(Self.coordinate([0, layout.contentSize.width], &rng)),
                                         y: offsets(Self.coordinate([0, layout.contentSize.height], &rng)))
                let all = Self.scan(layout, offset: offset)
                let xs = all.flatMap { [$0.frame.minX, $0.frame.maxX] }
                let ys = all.flatMap { [$0.frame.minY, $0.frame.maxY] }
                for _ in 0..<40 {
                    let x0 = Self.coordinate(xs, &rng)
                    let y0 = Self.coordinate(ys, &rng)
                    let x1 = max(x0, Bool.random(using: &rng) ? x0 : Self.coordinate(xs, &rng))
                    let y1 = max(y0, Bool.random(using: &rng) ? y0 : Self.coordinate(ys, &rng))
                    let rect = LayoutRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                    let (got, complete) = Self.query(layout, rect, offset)
                    #expect(complete)
                    check(got, all.filter { $0.frame.intersects(rect) }, rect, "\(spec) rect \(rect) offset \(offset)")
                    // The limit stops it after limit + 1 elements, whatever it skips (or, with merged ranges,
                    // after more than limit ranges near the rect).
                    let limit = Int.random(in: 0...5, using: &rng)
                    let (some, whole) = Self.query(layout, rect, offset, limit: limit)
                    #expect(some == Array(got.prefix(some.count)))
                    #expect(!whole || some.count == got.count)
                    #expect(got.count <= limit || !whole)
                    if spec.merged.isEmpty { #expect(some.count == min(got.count, limit + 1)) }
                }
            }
        }
    }

    static func paths(_ list: [LayoutAttributes]) -> [String] {
        Set(list.map(\.indexPath)).sorted().map { "\($0.section),\($0.item)" }
    }

    /// Sizes and spacing of 0, 2^-40, 2^-30, quarter points (and offsets in steps of 2^-40): every sum is exact,
    /// so the query answers exactly what the scan finds, to the last bit, at every edge and a hair off it.
    @Test(arguments: 0..<8)
    func exactDegenerateGridsAgainstAScanOfEveryCell(batch: Int) throws {
        try Self.run(values: [0, 0, 0x1p-40, 0x1p-30, 0.25, 0.5, 3], seed: 0xde9e_0000 + UInt64(batch),
                     offsets: { ($0 * 0x1p40).rounded() / 0x1p40 }) { got, want, _, about in
            if Self.sorted(got) != Self.sorted(want) {
                let (a, b) = (Self.paths(got), Self.paths(want))
                Issue.record("extra \(a.filter { !b.contains($0) }) missing \(b.filter { !a.contains($0) }) \(about)")
            }
        }
    }

    /// Sizes of 1e-10, 0.1 and 1e-300 and any offsets: sums round, and a cell's edges along a band may step back by
    /// an ulp (a mirrored column of 0.1 then one of 0). The query gives no cell the scan does not find, and leaves
    /// out only cells whose edge is within a few ulps of the rect's.
    @Test(arguments: 0..<4)
    func roundedDegenerateGridsAgainstAScanOfEveryCell(batch: Int) throws {
        try Self.run(values: [0, 0, 1e-10, 1e-300, 0.1, 0.25, 3], seed: 0xde9e_0100 + UInt64(batch),
                     offsets: { $0 }) { got, want, rect, about in
            let wanted = Set(want.map(\.indexPath))
            #expect(got.allSatisfy { wanted.contains($0.indexPath) && $0.frame.intersects(rect) }, "\(about)")
            let given = Set(got.map(\.indexPath))
            let scale = max(1, abs(rect.minX), abs(rect.maxX), abs(rect.minY), abs(rect.maxY))
            for a in want where !given.contains(a.indexPath) {
                let f = a.frame
                let near = min(abs(f.maxX - rect.minX), abs(rect.maxX - f.minX), abs(f.maxY - rect.minY),
                               abs(rect.maxY - f.minY))
                #expect(near <= 64 * scale.ulp, "\(a.indexPath) is \(near) from the rect's edge: \(about)")
            }
        }
    }

    /// A billion columns of size 0 with no spacing all lie at x 0: a rect a hair to the right meets none of them, one
    /// at 0 meets all of them (the limit stops it). Many such queries, each a binary search: a walk across the
    /// columns would take minutes.
    @Test(.timeLimit(.minutes(1))) func aBillionZeroColumnsAnswerAtOnce() {
        for mirrored in [false, true] {
            var spec = GridLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                      rows: GridAxisSpec(count: 3, size: 100),
                                      columns: GridAxisSpec(count: 1_000_000_000, size: 0))
            if mirrored { spec.layoutDirection = .rightToLeft }
            spec.frozen = GridFrozen(leading: 1, trailing: 1)
            let layout = PreparedGridLayout(spec)
            for k in 1...40 {
                let x = Double(k) * 1e-10
                #expect(Self.query(layout, LayoutRect(x: x, y: 0, width: 390, height: 844), .zero).elements.isEmpty)
                #expect(Self.query(layout, LayoutRect(x: -390, y: 0, width: 390 - x, height: 844), .zero).elements.isEmpty)
                #expect(layout.itemIndexPath(at: LayoutPoint(x: x, y: 50), offset: .zero) == nil)
            }
            let (got, complete) = Self.query(layout, LayoutRect(x: 0, y: 0, width: 10, height: 10), .zero, limit: 20)
            #expect(!complete)
            #expect(got.count == 21)
            // The body's cells first, in column order from the first that scrolls.
            #expect(got.first?.indexPath == LayoutIndexPath(section: 0, item: 1))
            #expect(got.allSatisfy { $0.frame == LayoutRect(x: 0, y: 0, width: 0, height: 100) })
            #expect(layout.tileElements(in: LayoutRect(x: 1e-10, y: 0, width: 390, height: 844), limit: 100)?.elements
                .isEmpty == true)
        }
    }

    /// The same down the rows, with a merged range across the billion rows and the columns beside it.
    @Test(.timeLimit(.minutes(1))) func aBillionZeroRowsAnswerAtOnce() {
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                  rows: GridAxisSpec(count: 1_000_000_000, size: 0),
                                  columns: GridAxisSpec(count: 4, size: 100))
        spec.frozen = GridFrozen(top: 2, bottom: 1)
        for merged in [[], [GridMerge(row: 2, column: 1, rows: 999_999_996, columns: 2)]] {
            spec.merged = merged
            let layout = PreparedGridLayout(spec)
            for k in 1...40 {
                let y = Double(k) * 1e-10
                #expect(Self.query(layout, LayoutRect(x: 0, y: y, width: 390, height: 844), .zero).elements.isEmpty)
                #expect(Self.query(layout, LayoutRect(x: 0, y: -844, width: 390, height: 844 - y), .zero).elements.isEmpty)
            }
            // A rect at y 0 meets every row: the limit stops it, the merged range among the first.
            let (got, complete) = Self.query(layout, LayoutRect(x: 0, y: 0, width: 390, height: 0), .zero, limit: 9)
            #expect(!complete)
            #expect(got.count == 10)
            #expect(got.contains { $0.rowSpan == 999_999_996 } == !merged.isEmpty)
        }
    }

    /// A billion columns of 1e-10 (0.1 in all): a point meets the one or two columns whose closed extent holds it,
    /// which the cells beside them do not.
    @Test(.timeLimit(.minutes(1))) func aBillionTinyColumnsMeetAPointExactly() {
        let spec = GridLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                  rows: GridAxisSpec(count: 1, size: 100),
                                  columns: GridAxisSpec(count: 1_000_000_000, size: 1e-10))
        let layout = PreparedGridLayout(spec)
        var rng = SeededRandom(seed: 0xde9e_1000)
        for _ in 0..<200 {
            let x = Double.random(in: -0.01...0.11, using: &rng)
            let rect = LayoutRect(x: x, y: 50, width: 0, height: 0)
            let got = Self.query(layout, rect, .zero).elements
            #expect(got.allSatisfy { $0.frame.intersects(rect) })
            #expect(got.count <= 3)
            guard let first = got.first?.indexPath.item, let last = got.last?.indexPath.item else {
                #expect(x < 0 || x > layout.contentSize.width)
                continue
            }
            #expect(got.map(\.indexPath.item) == Array(first...last))
            for c in [first - 1, last + 1] where c >= 0 && c < 1_000_000_000 {
                let beside = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: c), offset: .zero)!
                #expect(!beside.frame.intersects(rect), "\(x) \(c)")
            }
        }
    }
}
