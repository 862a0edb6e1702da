import LayoutEngine
import TestSupport
import Testing

/// The rect query into a sink that takes plain cells apart (`ElementSink.appendCell`, as the answer writers do)
/// against the same query into an `ElementList`: the same elements in the same order, only cells with default
/// attributes given apart, and the same completeness at every limit. The sink is noncopyable, as the rect answer
/// writer is.
@Suite struct StreamedQueryTests {
    /// Keeps what it is given, cells given apart as `.cell`, and counts those.
    struct SplittingSink: ElementSink, ~Copyable {
        var elements: [LayoutAttributes] = []
        var apart = 0
        var count: Int { elements.count }

        mutating func append(_ a: consuming LayoutAttributes) { elements.append(a) }

        mutating func appendCell(_ indexPath: LayoutIndexPath, _ frame: LayoutRect) {
            apart += 1
            elements.append(.cell(indexPath, frame))
        }
    }

    @Test func elementsGivenApartAreTheListedOnes() {
        var rng = SeededRandom(seed: 93)
        var givenApart = 0
        for _ in 0..<400 {
            let layout = RandomSpecs.anyLayout(&rng).prepare()
            for _ in 0..<6 {
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                let limit = Bool.random(using: &rng) ? .max - 1 : Int.random(in: 0...40, using: &rng)
                var list = ElementList()
                let listed = layout.elements(in: rect, offset: offset, limit: limit, into: &list)
                var sink = SplittingSink()
                let complete = layout.elements(in: rect, offset: offset, limit: limit, into: &sink)
                givenApart += sink.apart
                #expect(complete == listed)
                // Cells given apart are kept as `.cell`: a cell with other attributes given apart would differ.
                #expect(sink.elements == list.elements)
            }
        }
        #expect(givenApart > 1000)
    }
}
