#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif
import LayoutEngine
import LayoutPrograms

/// `layout-bench --programs`: the waterfall layout program (examples/programs/waterfall.wasm, run by WasmKit)
/// against the built-in waterfall, preparing the same items (one section, 3 columns, sizes scaled to the column).
/// Both start from the decoded spec: the program from its input (the parameters' JSON text, which the program
/// is handed but does not read, and their numbers, as the service derives them when it decodes a program spec).
///
/// `layout-bench --programs-once built-in|program N` prepares N items once on one side, inside `prepareOnce`, so
/// that a profiler can count that function alone (docs/performance.md has the commands).
enum ProgramBench {
    /// The same items for both sides: the built-in spec and the program's input.
    struct Case {
        var spec: WaterfallLayoutSpec
        var input: ProgramInput
        var limits: ProgramLimits

        init(n: Int) {
            var rng = BenchRandom(state: 7)
            let sizes = (0..<n).map { _ in
                LayoutSize(width: rng.uniform(40, 400).rounded(), height: rng.uniform(40, 400).rounded())
            }
            spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: 390, height: 844),
                                       sections: [WaterfallSectionSpec(items: .sizes(sizes))])
            spec.columnCount = 3
            var json = #"{"columnCount": 3, "columnSpacing": 10, "itemSpacing": 10, "itemSizes": ["#
            json.reserveCapacity(n * 12)
            for (i, s) in sizes.enumerated() { json += (i > 0 ? "," : "") + "\(Int(s.width)),\(Int(s.height))" }
            json += "]}"
            let numbers: [String: [Double]] = ["columnCount": [3], "columnSpacing": [10], "itemSpacing": [10],
                                               "itemSizes": sizes.flatMap { [$0.width, $0.height] }]
            input = ProgramInput(viewWidth: 390, viewHeight: 844, itemCounts: [n], parameters: Array(json.utf8),
                                 numbers: numbers)
            limits = ProgramLimits(fuel: .max / 2, elements: n, deadlineMilliseconds: 600_000)
        }
    }

    static func rows(sizes: [Int]) {
        guard let program = load() else { return }
        print("waterfall program (WasmKit) against the built-in waterfall, 3 columns, sizes; medians:")
        print(Measure.pad("items", 12) + Measure.pad("built-in", 12) + Measure.pad("program", 12) + "ratio")
        for n in sizes {
            let c = Case(n: n)
            let runs = n >= 1_000_000 ? 5 : 9
            let builtIn = Measure.median(runs: runs) { _ = PreparedWaterfallLayout(c.spec) }
            var emitted = 0
            let run = Measure.median(runs: runs) { emitted = (try? program.run(c.input, limits: c.limits))?.count ?? -1 }
            precondition(emitted == n, "the program emitted \(emitted) elements")
            print(Measure.pad("\(n / 1000)k", 12) + Measure.pad(Measure.format(builtIn), 12)
                  + Measure.pad(Measure.format(run), 12) + Measure.fixed(run / builtIn, 1) + "x")
        }
    }

    /// `--programs-once SIDE N`.
    static func once(_ arguments: ArraySlice<String>) {
        guard arguments.count == 2, let side = arguments.first, ["built-in", "program"].contains(side),
            let n = Int(arguments.last!), n > 0, let program = load()
        else {
            print("usage: layout-bench --programs-once built-in|program ITEMS")
            return
        }
        let c = Case(n: n)
        print("\(side): \(prepareOnce(program: side == "program" ? program : nil, c)) elements")
    }

    /// Prepares `c` once: with the program when one is given, else with the built-in waterfall. Its elements.
    @inline(never)
    static func prepareOnce(program: LayoutProgram?, _ c: Case) -> Int {
        guard let program else { return PreparedWaterfallLayout(c.spec).numberOfItems }
        return (try? program.run(c.input, limits: c.limits))?.count ?? -1
    }

    static func load() -> LayoutProgram? {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let file = "/" + path + "/examples/programs/waterfall.wasm"
        guard let bytes = read(file), let program = try? LayoutProgram(bytes: bytes) else {
            print("layout-bench --programs: cannot load \(file)")
            return nil
        }
        return program
    }

    static func read(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return out
    }
}
