import HTTPCore
import LayoutEngine
import LayoutService
import LayoutStore
import LayoutWire

/// Grids of 1,000,000 rows by 10,000 columns: POST and prepare, sizes per row and column, a viewport's rect query,
/// and rect queries among 1,000 to 100,000 merged ranges (`layout-bench --grid`).
enum GridBench {
    static let view = LayoutSize(width: 1280, height: 800)

    static func grid(rows: GridAxisSpec = GridAxisSpec(count: 1_000_000, size: 28),
                     columns: GridAxisSpec = GridAxisSpec(count: 10_000, size: 100)) -> GridLayoutSpec {
        var spec = GridLayoutSpec(collectionView: view, rows: rows, columns: columns)
        spec.frozen = GridFrozen(top: 1, bottom: 1, leading: 1)
        return spec
    }

    static func rows() {
        print("grids of 1,000,000 rows x 10,000 columns, a header row and column and a total row frozen; "
              + "viewport 1280x800; medians")
        let uniform = grid()
        let body = SpecEncoder.canonical(.grid(uniform))
        var statuses = Set<Int>()
        let post = Measure.median(runs: 15) {
            let service = LayoutService(store: LayoutStore(capacityBytes: 1 << 30))
            statuses.insert(service.handle(HTTPRequest(method: "POST", path: "/v1/layouts", body: body)).status)
        }
        let prepare = Measure.median(runs: 15, repeats: 100) { _ = PreparedGridLayout(uniform) }
        print("  uniform: POST (parse, validate, id, prepare, store) \(Measure.format(post)) (status \(statuses.sorted())), "
              + "prepare \(Measure.format(prepare)), prepared \(PreparedGridLayout(uniform).byteCount) bytes")
        var rng = BenchRandom(state: 31)
        let sized = grid(rows: GridAxisSpec(count: 1_000_000, size: 28,
                                            sizes: .list((0..<1_000_000).map { _ in rng.uniform(20, 60).rounded() })),
                         columns: GridAxisSpec(count: 10_000, size: 100,
                                               sizes: .list((0..<10_000).map { _ in rng.uniform(40, 300).rounded() })))
        let sizedPrepare = Measure.median(runs: 7) { _ = PreparedGridLayout(sized) }
        let sizedLayout = PreparedGridLayout(sized)
        print("  a size for each row and column: prepare \(Measure.format(sizedPrepare)), "
              + "\(Measure.fixed(Double(sizedLayout.byteCount) / 1_010_000, 1)) bytes a row or column")
        GridUpdateBench.rows(sized)
        for (name, layout) in [("uniform", PreparedGridLayout(uniform)), ("sizes given", sizedLayout)] {
            let (ns, count) = viewportQuery(layout, &rng)
            print("  viewport rect query, \(name): \(Measure.format(ns)) for \(count) elements "
                  + "(\(Measure.fixed(ns / Double(count), 1)) ns/element)")
        }
        tile(PreparedGridLayout(uniform))
        for n in [1_000, 10_000, 100_000] {
            var spec = uniform
            // A lattice of 2 x 3 ranges, 50 across: every viewport over it holds about the same number of them.
            spec.merged = (0..<n).map { i in GridMerge(row: 1 + (i / 50) * 3, column: 1 + (i % 50) * 4, rows: 2, columns: 3) }
            let layout = PreparedGridLayout(spec)
            let rowsCovered = 1 + (n / 50) * 3
            let (ns, count) = viewportQuery(layout, &rng, within: LayoutSize(width: 200 * 100, height: Double(rowsCovered) * 28))
            print("  \(n) merged ranges: viewport rect query \(Measure.format(ns)) for \(count) elements "
                  + "(\(Measure.fixed(ns / Double(count), 1)) ns/element), prepared \(layout.byteCount / 1024) KB")
        }
    }

    /// A tile of the view's size in the middle of the sheet (`GET .../tiles/{row}/{column}`): its elements for
    /// every offset, frozen cells with their pins, and its encoding in columns.
    static func tile(_ layout: PreparedGridLayout) {
        let rect = LayoutRect(x: 40 * view.width, y: 10_000 * view.height, width: view.width, height: view.height)
        var tile = layout.tileElements(in: rect, limit: 100_000)
        let find = Measure.median(runs: 31, repeats: 64) { tile = layout.tileElements(in: rect, limit: 100_000) }
        guard let tile else { return print("  a tile: more than 100,000 elements") }
        var bytes = 0
        let encode = Measure.median(runs: 31, repeats: 16) {
            var w = JSONWriter(capacity: 64 + tile.elements.count * 48)
            ColumnsEncoder.writeAnswer(contentSize: layout.contentSize, elements: tile.elements, pins: tile.pins,
                                       into: &w)
            bytes = w.bytes.count
        }
        print("  a tile (\(Int(view.width))x\(Int(view.height)), for every offset): elements \(Measure.format(find)), "
              + "\(tile.elements.count) of them (\(tile.pins.filter { $0 != nil }.count) frozen, with pins); "
              + "encoded in columns \(Measure.format(encode)), \(bytes) bytes")
    }

    /// The median time of a viewport's rect query at 64 offsets (within `within` of the content's origin, when
    /// given), and the elements of the last.
    static func viewportQuery(_ layout: PreparedGridLayout, _ rng: inout BenchRandom, within: LayoutSize? = nil)
        -> (Double, Int)
    {
        let reach = within ?? layout.contentSize
        let offsets = (0..<64).map { _ in
            LayoutPoint(x: rng.uniform(0, max(0, reach.width - view.width)).rounded(),
                  y: rng.uniform(0, max(0, reach.height - view.height)).rounded())
        }
        var list = ElementList(reservingCapacity: 1024)
        var count = 0
        var i = 0
        let ns = Measure.median(runs: 31, repeats: 64) {
            let o = offsets[i % offsets.count]
            i += 1
            list = ElementList(reservingCapacity: 1024)
            _ = layout.elements(in: LayoutRect(x: o.x, y: o.y, width: view.width, height: view.height), offset: o,
                                limit: 100_000, into: &list)
            count = list.elements.count
        }
        return (ns, count)
    }
}
