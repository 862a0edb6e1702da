import LayoutEngine
import TestSupport
import Testing

/// `forEachElement` (flow layouts make their elements and hand each on, with no list) against the query that
/// keeps them in a list: the same elements in the same order, the same completeness at every limit, with plain
/// cells handed on whole or apart (index path and frame), and kept as columns (`elementColumns`).
@Suite struct StreamedQueryTests {
    @Test func streamedElementsAreTheListedOnes() {
        var rng = SeededRandom(seed: 93)
        var streamedFlows = 0
        for _ in 0..<400 {
            let layout = RandomSpecs.anyLayout(&rng).prepare()
            if let flow = layout as? PreparedFlowLayout, flow.flowSpec.layoutDirection != .rightToLeft { streamedFlows += 1 }
            for _ in 0..<6 {
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                let limit = Bool.random(using: &rng) ? .max - 1 : Int.random(in: 0...40, using: &rng)
                var list = ElementList()
                let listed = layout.elements(in: rect, offset: offset, limit: limit, into: &list)
                var streamed: [LayoutAttributes] = []
                let complete = layout.forEachElement(in: rect, offset: offset, limit: limit) { streamed.append(copy $0) }
                // Plain cells apart, as their index path and frame: only plain cells go that way, in order.
                var split: [LayoutAttributes] = []
                var misfiled = 0
                let splitComplete = layout.forEachElement(in: rect, offset: offset, limit: limit,
                                                          cell: { split.append(.cell($0, $1)) }) { a in
                    if a.isPlainCell { misfiled += 1 }
                    split.append(copy a)
                }
                // As columns: plain cells as columns until an element is not one, then every element whole.
                var columns = ColumnarElements(capacity: Int.random(in: 1...8, using: &rng))  // grows
                let columnsComplete = layout.elementColumns(in: rect, offset: offset, limit: limit, into: &columns)
                let kept = columns.list ?? columns.withCells { $0.map { LayoutAttributes.cell($0.indexPath, $0.frame) } }
                #expect(columns.count == kept.count)
                if columns.list == nil { #expect(kept.allSatisfy { $0.isPlainCell }) }
                #expect(complete == listed && splitComplete == listed && columnsComplete == listed)
                #expect(misfiled == 0)
                if listed {
                    #expect(streamed == list.elements && split == list.elements && kept == list.elements)
                } else {
                    // All stop once they have made one element more than the limit.
                    #expect(Array(streamed.prefix(list.elements.count)) == list.elements)
                    #expect(Array(split.prefix(list.elements.count)) == list.elements)
                    #expect(Array(kept.prefix(list.elements.count)) == list.elements)
                }
            }
        }
        #expect(streamedFlows > 100)
    }
}
