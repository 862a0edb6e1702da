import Foundation
import LayoutClient
import Testing

/// A waterfall's spans, inserted items' spans and columns, and kept columns, against the service: the docs/api.md
/// feed (three columns, item 2 a banner), item 4 reported taller with and without keepColumns.
@Suite struct KeptColumnsTests {
    static var feed: Components.Schemas.LayoutSpec {
        .waterfall(
            .init(
                layout: .waterfall, collectionView: .init(width: 320, height: 600), columnCount: .init(value1: .case1(3)),
                columnSpacing: 10, itemSpacing: 10,
                sections: [.init(itemHeights: [100, 60, 50, 80, 40, 70, 30], itemSpans: [1, 1, 3, 1, 1, 1, 1])]))
    }

    @Test func aSizeReportKeepsTheColumns() async throws {
        let client = try Service.client()
        let id = try await client.create(Self.feed).summary.id
        #expect(try await client.item(layoutID: id, section: 0, item: 2).frame == CGRect(x: 0, y: 110, width: 320, height: 50))
        let grown = [(section: 0, item: 4, size: CGSize(width: 100, height: 100))]
        let kept = try await client.reportSizes(layoutID: id, grown, keepColumns: true)
        #expect(try await client.item(layoutID: kept.summary.id, section: 0, item: 6).frame
            == CGRect(x: 110, y: 280, width: 100, height: 30))
        let loose = try await client.reportSizes(layoutID: id, grown)
        #expect(try await client.item(layoutID: loose.summary.id, section: 0, item: 6).frame
            == CGRect(x: 220, y: 250, width: 100, height: 30))
        // The new spec says the columns: posted whole, it is the same layout.
        let info = try await client.layout(id: kept.summary.id)
        guard case .waterfall(let spec) = info.spec else {
            Issue.record("not a waterfall: \(info.spec)")
            return
        }
        #expect(spec.sections[0].itemColumns == [0, 1, 0, 0, 1, 2, 1])
        let posted = try await client.create(info.spec)
        #expect(posted.summary.id == kept.summary.id && !posted.created)
    }

    @Test func insertedItemsTakeTheirSpansAndColumns() async throws {
        let client = try Service.client()
        let id = try await client.create(Self.feed).summary.id
        let batch = try await client.batchUpdates(
            layoutID: id,
            [.insertItems(.init(op: .insertItems, indexPaths: [[0, 0], [0, 3]], sizes: [[320, 40], [100, 20]],
                                spans: [3, 1], columns: [-1, 2]))],
            keepColumns: true)
        let info = try await client.layout(id: batch.summary.id)
        guard case .waterfall(let spec) = info.spec else {
            Issue.record("not a waterfall: \(info.spec)")
            return
        }
        #expect(spec.sections[0].itemSpans == [3, 1, 1, 1, 3, 1, 1, 1, 1])
        #expect(spec.sections[0].itemColumns == [-1, 0, 1, 2, 0, 0, 1, 2, 1])
        #expect(try await client.item(layoutID: batch.summary.id, section: 0, item: 0).frame.width == 320)
    }

    @Test func keepColumnsOnAFlowIsRefusedNamingIt() async throws {
        let client = try Service.client()
        let id = try await client.create(Service.smallFlow).summary.id
        do {
            _ = try await client.reportSizes(layoutID: id, [], keepColumns: true)
            Issue.record("accepted")
        } catch let problem as LayoutProblem {
            #expect(problem.status == 422 && problem.problem?.pointer == "/keepColumns")
        }
    }
}
