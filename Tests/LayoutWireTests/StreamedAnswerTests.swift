import LayoutEngine
import LayoutWire
import TestSupport
import Testing

/// The answers written as a query gives its elements (`RectAnswerWriter`, `ColumnsAnswerWriter`: the query's sinks,
/// given plain cells as index paths and frames and the other elements whole) against the same answers written from
/// the query's list (`AttributesEncoder.writeRectAnswer`, `ColumnsEncoder.writeAnswer`): the same bytes, on random
/// layouts of every kind (flows with headers, footers and backgrounds, waterfalls, circles, wheels with transforms, compositional
/// layouts), and on lists that turn from plain cells to other elements at any point.
@Suite struct StreamedAnswerTests {
    @Test func streamedAnswersAreTheListedOnesByteForByte() {
        var rng = SeededRandom(seed: 94)
        var mixed = 0
        for _ in 0..<300 {
            let layout = RandomSpecs.anyLayout(&rng).prepare()
            for _ in 0..<4 {
                let rect = RandomSpecs.rect(&rng, over: layout.contentSize)
                let offset = RandomSpecs.offset(&rng, over: layout.contentSize)
                let adjustment = layout.wrapAdjustment(for: offset)
                var list = ElementList()
                guard layout.elements(in: rect, offset: offset, limit: .max - 1, into: &list) else { continue }
                let elements = list.elements
                if elements.contains(where: \.isPlainCell) && elements.contains(where: { !$0.isPlainCell }) {
                    mixed += 1
                }

                var full = JSONWriter()
                AttributesEncoder.writeRectAnswer(contentSize: layout.contentSize, elements: elements,
                                                  offsetAdjustment: adjustment, into: &full)
                var columns = JSONWriter()
                ColumnsEncoder.writeAnswer(contentSize: layout.contentSize, elements: elements,
                                           offsetAdjustment: adjustment, into: &columns)

                var streamedFull = RectAnswerWriter(contentSize: layout.contentSize, offsetAdjustment: adjustment,
                                                    capacity: 64)
                var streamedColumns = ColumnsAnswerWriter(contentSize: layout.contentSize,
                                                          offsetAdjustment: adjustment)
                let complete = layout.elements(in: rect, offset: offset, limit: .max - 1, into: &streamedFull)
                let filled = layout.elements(in: rect, offset: offset, limit: .max - 1, into: &streamedColumns)
                #expect(complete && filled)
                #expect(streamedFull.finish().bytes == full.bytes)
                #expect(streamedColumns.finish().bytes == columns.bytes)
            }
        }
        #expect(mixed > 100)
    }

    /// Plain cells given whole (`append`) or apart (`appendCell`) write the same answer, whichever comes first.
    @Test func plainCellsWholeOrApartWriteTheSame() {
        var rng = SeededRandom(seed: 95)
        for _ in 0..<200 {
            let count = Int.random(in: 0...40, using: &rng)
            let elements: [LayoutAttributes] = (0..<count).map { i in
                let frame = LayoutRect(x: Double(Int.random(in: 0...50, using: &rng)) / 4, y: Double(i / 3) * 10.5,
                                 width: 10, height: Double(Int.random(in: 1...3, using: &rng)) * 7.25)
                if Int.random(in: 0..<8, using: &rng) == 0 {
                    return .supplementary("header", LayoutIndexPath(section: i, item: 0), frame)
                }
                return .cell(LayoutIndexPath(section: i / 10, item: i % 10), frame)
            }
            let size = LayoutSize(width: 100, height: 1000)
            var columns = JSONWriter()
            ColumnsEncoder.writeAnswer(contentSize: size, elements: elements, into: &columns)
            var full = JSONWriter()
            AttributesEncoder.writeRectAnswer(contentSize: size, elements: elements, into: &full)
            var streamedColumns = ColumnsAnswerWriter(contentSize: size, offsetAdjustment: nil)
            var streamedFull = RectAnswerWriter(contentSize: size, offsetAdjustment: nil, capacity: 64)
            for a in elements {
                if a.isPlainCell, Bool.random(using: &rng) {
                    streamedColumns.appendCell(a.indexPath, a.frame)
                    streamedFull.appendCell(a.indexPath, a.frame)
                } else {
                    streamedColumns.append(a)
                    streamedFull.append(a)
                }
            }
            #expect(streamedColumns.count == count)
            #expect(streamedColumns.finish().bytes == columns.bytes)
            #expect(streamedFull.finish().bytes == full.bytes)
        }
    }
}
