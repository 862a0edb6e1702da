import Foundation
import LayoutEngine
import LayoutPrograms
import Testing
import TestSupport

/// The masonry program (examples/programs/masonry.c: waterfall rule 2 with spans) against the built-in waterfall
/// with `itemSpans`: the same elements, each frame equal to the last bit. Items of a span cross columns, so their
/// starts are not in item order: elements are compared by what they are (kind, section, item), not by position.
struct MasonryProgramTests {
    /// A random waterfall spec with spans, and the same layout as the program's input.
    static func randomCase(_ random: inout SeededRandom) -> (WaterfallLayoutSpec, ProgramInput) {
        var (spec, _) = WaterfallProgramTests.randomCase(&random)
        let counts = spec.sections.map(\.items.count)
        var flat: [Int] = []
        for s in spec.sections.indices {
            let spans = (0..<counts[s]).map { _ in [1, 1, 1, 2, 3, 7, 2000].randomElement(using: &random)! }
            spec.sections[s].itemSpans = spans
            flat += spans
        }
        let inset = spec.sectionInset
        let values: [Double] = spec.sections.flatMap { s -> [Double] in
            switch s.items {
            case .lengths(let l): l
            case .sizes(let z): z.flatMap { [$0.width, $0.height] }
            }
        }
        let bySize = spec.sections.contains { if case .sizes = $0.items { true } else { false } }
        guard case .fixed(let columns) = spec.columnCount else { preconditionFailure("a fixed count") }
        let json = """
            {"columnCount": \(columns), "columnSpacing": \(spec.columnSpacing), \
            "itemSpacing": \(spec.itemSpacing), \
            "sectionInset": [\(inset.top), \(inset.left), \(inset.bottom), \(inset.right)], \
            "headerHeight": \(spec.headerHeight), "footerHeight": \(spec.footerHeight), \
            "\(bySize ? "itemSizes" : "itemHeights")": [\(values.map { "\($0)" }.joined(separator: ","))], \
            "itemSpans": [\(flat.map { "\($0)" }.joined(separator: ","))]}
            """
        let input = ProgramInput(viewWidth: spec.collectionView.width, viewHeight: spec.collectionView.height,
                                 itemCounts: counts, json: json)
        return (spec, input)
    }

    /// Frames by element: kind (nil for a cell), section, item.
    static func byElement(_ f: ProgramFrames) -> [String: [UInt64]] {
        var out: [String: [UInt64]] = [:]
        for i in 0..<f.x.count {
            out["\(f.kind[i] ?? "cell")/\(f.section[i])/\(f.item[i])"] =
                [f.x[i], f.y[i], f.width[i], f.height[i]].map(\.bitPattern)
        }
        return out
    }

    @Test func equalsTheBuiltInWaterfallWithSpansFor200RandomSpecs() throws {
        let program = try ExampleModules.program("masonry")
        var random = SeededRandom(seed: 42)
        var compared = 0
        var spanning = 0
        for i in 0..<200 {
            let (spec, input) = Self.randomCase(&random)
            try spec.validate(limits: SpecLimits())
            let frames = try program.run(input, limits: ExampleModules.roomy)
            let expected = WaterfallProgramTests.builtIn(spec)
            #expect(frames.count == expected.count, "case \(i)")
            let got = Self.byElement(frames)
            let want = Self.byElement(expected)
            #expect(got == want, "case \(i): \(spec)")
            if got != want { break }
            compared += want.count
            spanning += spec.sections.reduce(0) { $0 + ($1.itemSpans ?? []).filter { $0 > 1 }.count }
        }
        #expect(compared > 2000 && spanning > 500)
    }
}
