import LayoutEngine
import LayoutWire
import TestSupport
import Testing

/// Every case of Tests/Fixtures/flow-cases.json (docs/specs.md, "The flow rules"), through the engine: content
/// size, every frame, every query.
@Suite struct ConformanceTests {
    static let cases = Fixtures.conformanceCases()

    @Test func theFixtureHoldsTheCases() {
        #expect(Self.cases.count >= 133)
    }

    @Test(arguments: cases.map(\.name))
    func conformanceCase(_ name: String) throws {
        let c = Self.cases.first { $0.name == name }!
        let spec = try SpecDecoder.decode(c.specJSON, limits: SpecLimits())
        let layout = spec.prepare()
        #expect(close(layout.contentSize.width, c.contentSize.width))
        #expect(close(layout.contentSize.height, c.contentSize.height))
        let all = RandomSpecs.allElements(layout)
        let got = Dictionary(uniqueKeysWithValues: all.map { (Fixtures.elementID($0), $0.frame) })
        #expect(Set(got.keys) == Set(c.frames.keys))
        for (id, want) in c.frames {
            guard let frame = got[id] else { continue }
            #expect(close(frame, want), "\(id): \(frame) != \(want)")
        }
        for q in c.queries {
            var found: [LayoutAttributes] = []
            #expect(layout.elements(in: q.rect, offset: .zero, limit: 1_000_000, into: &found))
            #expect(found.map(Fixtures.elementID).sorted() == q.expect, "rect \(q.rect)")
        }
    }

    func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-6 * max(1, abs(b)) }
    func close(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        close(a.x, b.x) && close(a.y, b.y) && close(a.width, b.width) && close(a.height, b.height)
    }
}
