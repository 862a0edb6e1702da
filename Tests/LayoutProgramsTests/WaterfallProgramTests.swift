import Foundation
import LayoutEngine
import LayoutPrograms
import Testing
import TestSupport

/// The waterfall program against the built-in waterfall: same elements, same order, frames equal to the last bit.
struct WaterfallProgramTests {
    /// A random waterfall spec, and the same layout as the program's input.
    static func randomCase(_ random: inout SeededRandom) -> (WaterfallLayoutSpec, ProgramInput) {
        func value(_ range: ClosedRange<Int>, _ scale: Double) -> Double {
            Double(Int.random(in: range, using: &random)) / scale
        }
        let width = value(200...1200, 2)
        let counts = (0..<Int.random(in: 1...3, using: &random)).map { _ in Int.random(in: 0...40, using: &random) }
        let bySize = Bool.random(using: &random)
        var sections: [WaterfallSectionSpec] = []
        var flat: [Double] = []
        for n in counts {
            if bySize {
                let sizes = (0..<n).map { _ in LayoutSize(width: value(10...900, 4), height: value(10...900, 4)) }
                flat += sizes.flatMap { [$0.width, $0.height] }
                sections.append(WaterfallSectionSpec(items: .sizes(sizes)))
            } else {
                let heights = (0..<n).map { _ in value(1...6000, 10) }
                flat += heights
                sections.append(WaterfallSectionSpec(items: .lengths(heights)))
            }
        }
        var spec = WaterfallLayoutSpec(collectionView: LayoutSize(width: width, height: value(300...1800, 2)),
                                       sections: sections)
        let columns = Int.random(in: 1...6, using: &random)
        spec.columnCount = .fixed(columns)
        spec.columnSpacing = value(0...40, 4)
        spec.itemSpacing = value(0...40, 4)
        spec.sectionInset = LayoutEdgeInsets(top: value(0...30, 2), left: value(0...30, 2), bottom: value(0...30, 2),
                                       right: value(0...30, 2))
        spec.headerHeight = Bool.random(using: &random) ? value(1...120, 2) : 0
        spec.footerHeight = Bool.random(using: &random) ? value(1...120, 2) : 0
        let inset = spec.sectionInset
        let json = """
            {"columnCount": \(columns), "columnSpacing": \(spec.columnSpacing), \
            "itemSpacing": \(spec.itemSpacing), \
            "sectionInset": [\(inset.top), \(inset.left), \(inset.bottom), \(inset.right)], \
            "headerHeight": \(spec.headerHeight), "footerHeight": \(spec.footerHeight), \
            "\(bySize ? "itemSizes" : "itemHeights")": [\(flat.map { "\($0)" }.joined(separator: ","))]}
            """
        let input = ProgramInput(viewWidth: spec.collectionView.width, viewHeight: spec.collectionView.height,
                                 itemCounts: counts, json: json)
        return (spec, input)
    }

    /// The built-in layout's elements, all of them, in its answer order, as the program's columns.
    static func builtIn(_ spec: WaterfallLayoutSpec) -> ProgramFrames {
        let prepared = PreparedWaterfallLayout(spec)
        var list = ElementList()
        let all = LayoutRect(x: -1, y: -1, width: prepared.contentSize.width + 2, height: prepared.contentSize.height + 2)
        _ = prepared.elements(in: all, offset: LayoutPoint(x: 0, y: 0), limit: .max, into: &list)
        var frames = ProgramFrames()
        for a in list.elements {
            frames.x.append(a.frame.x)
            frames.y.append(a.frame.y)
            frames.width.append(a.frame.width)
            frames.height.append(a.frame.height)
            frames.section.append(a.indexPath.section)
            frames.item.append(a.indexPath.item)
            frames.kind.append(a.category == .cell ? nil : a.kind)
        }
        return frames
    }

    @Test func equalsTheBuiltInWaterfallFor200RandomSpecs() throws {
        let program = try ExampleModules.program("waterfall")
        var random = SeededRandom(seed: 32)
        var compared = 0
        for i in 0..<200 {
            let (spec, input) = Self.randomCase(&random)
            try spec.validate(limits: SpecLimits())
            let frames = try program.run(input, limits: ExampleModules.roomy)
            let expected = Self.builtIn(spec)
            #expect(frames == expected, "case \(i): \(spec)")
            if frames != expected { break }
            compared += expected.count
        }
        #expect(compared > 2000)
    }

    @Test func emptyParametersGiveNoItems() throws {
        let frames = try ExampleModules.program("waterfall").run(
            ProgramInput(viewWidth: 390, viewHeight: 844, itemCounts: [3]), limits: ExampleModules.roomy)
        #expect(frames.count == 0)
    }

    /// The committed modules are what build.sh makes of the C sources (when this machine has clang).
    @Test func committedModulesEqualAFreshBuild() throws {
        guard ExampleModules.clang != nil else { return }
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("layout-programs-\(getpid())")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let build = Process()
        build.executableURL = ExampleModules.directory.appendingPathComponent("build.sh")
        build.environment = ProcessInfo.processInfo.environment.merging(["OUT": out.path]) { $1 }
        try build.run()
        build.waitUntilExit()
        #expect(build.terminationStatus == 0)
        let built = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".wasm") }
        #expect(built.contains("waterfall.wasm"))
        for name in built {
            let fresh = try Data(contentsOf: out.appendingPathComponent(name))
            let committed = try Data(contentsOf: ExampleModules.directory.appendingPathComponent(name))
            #expect(fresh == committed, "\(name) differs from a fresh build: run examples/programs/build.sh")
        }
    }
}
