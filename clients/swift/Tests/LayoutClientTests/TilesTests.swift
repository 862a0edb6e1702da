import Foundation
import LayoutClient
import Testing

/// The service's tiles and its columnar format, decoded by the client: a columnar answer decodes to exactly the
/// elements of the full one (same order), with `transform3D`, kinds, categories and `sticky` ranges; a tile is the
/// rect query of its band; the wheel has no tiles.
@Suite struct TilesTests {
    /// Rect answers in both formats, for rects of several layouts (with an offset for the wheel's transforms).
    @Test func columnsDecodeEqualToTheFullFormat() async throws {
        let client = try Service.client()
        let wheel = Components.Schemas.LayoutSpec.wheel(
            .init(layout: .wheel, collectionView: .init(width: 300, height: 220), sections: [.init(items: 40)]))
        var cases: [(Components.Schemas.LayoutSpec, CGRect, CGPoint?)] = [
            (Service.smallFlow, CGRect(x: 0, y: 0, width: 390, height: 1266), nil),
            (wheel, CGRect(x: 0, y: 300, width: 300, height: 220), CGPoint(x: 0, y: 300)),
        ]
        for (_, spec) in try Service.pinnedSpecs {
            cases.append((spec, CGRect(x: 0, y: 0, width: 2000, height: 2000), CGPoint(x: 0, y: 0)))
            cases.append((spec, CGRect(x: 0, y: 0, width: 2000, height: 2000), CGPoint(x: 100, y: 700)))
        }
        for (spec, rect, offset) in cases {
            let id = try await client.create(spec).summary.id
            let full = try await client.elements(layoutID: id, in: rect, offset: offset, format: .full)
            let columns = try await client.elements(layoutID: id, in: rect, offset: offset, format: .columns)
            #expect(!full.elements.isEmpty)
            #expect(columns.elements == full.elements, "\(spec) \(rect)")
            #expect(columns.contentSize == full.contentSize)
            #expect(columns.next == full.next)
        }
        // The wheel's elements all carry a transform: the columns' transform3D array was read.
        let wheelID = try await client.create(wheel).summary.id
        let page = try await client.elements(
            layoutID: wheelID, in: CGRect(x: 0, y: 0, width: 300, height: 220), offset: .zero, format: .columns)
        #expect(!page.elements.isEmpty && page.elements.allSatisfy { $0.transform3D?.count == 16 })
    }

    /// Paged with `limit`, the columnar pages and cursors are the full format's.
    @Test func pagedColumnsEqualPagedFull() async throws {
        let client = try Service.client()
        let id = try await client.create(Service.smallFlow).summary.id
        let rect = CGRect(x: 0, y: 0, width: 390, height: 1266)
        var cursors: (String?, String?) = (nil, nil)
        var pages = 0
        repeat {
            let full = try await client.elements(layoutID: id, in: rect, limit: 7, cursor: cursors.0, format: .full)
            let columns = try await client.elements(layoutID: id, in: rect, limit: 7, cursor: cursors.1, format: .columns)
            #expect(columns.elements == full.elements)
            #expect((columns.next == nil) == (full.next == nil))
            cursors = (full.next, columns.next)
            pages += 1
        } while cursors.0 != nil && pages < 20
        #expect(pages == 5)  // 33 cells, 2 headers: 35 elements, 7 a page
    }

    /// Every tile of layouts with pinned headers and footers, in both formats: the same elements, `sticky` ranges
    /// included; some tile has them, on headers (`leading`) and footers (`trailing`) only.
    @Test func tilesInColumnsEqualTilesInFull() async throws {
        let client = try Service.client()
        for (name, spec) in try Service.pinnedSpecs {
            let summary = try await client.create(spec).summary
            let tile = try #require(summary.tile, "\(name)")
            var edges = Set<Components.Schemas.StickyRange.EdgePayload>()
            for k in 0..<tile.count {
                let full = try await client.tile(layoutID: summary.id, k: k, format: .full)
                let columns = try await client.tile(layoutID: summary.id, k: k, format: .columns)
                #expect(columns.elements == full.elements, "\(name) tile \(k)")
                for e in full.elements {
                    guard let sticky = e.sticky else { continue }
                    edges.insert(sticky.edge)
                    #expect(e.category == .supplementary, "\(name) \(e)")
                    #expect(sticky.min <= sticky.max)
                    #expect((sticky.edge == .leading) == (e.key.kind == "header"), "\(name) \(e)")
                }
            }
            #expect(edges == [.leading, .trailing], "\(name)")
        }
    }

    /// A tile of a layout that does not depend on the offset is the rect query of its band, across the content.
    @Test func aTileIsTheRectQueryOfItsBand() async throws {
        let client = try Service.client()
        let summary = try await client.create(Service.millionFlow).summary
        let tile = try #require(summary.tile)
        #expect(tile.axis == .y && tile.length == 844)
        #expect(tile.count == Int((summary.contentSize.height / 844).rounded(.up)))
        for k in [0, 1, 17, 20_000, tile.count - 1] {
            let band = CGRect(x: -1e6, y: Double(k) * tile.length, width: 2e6, height: tile.length)
            let answer = try await client.tile(layoutID: summary.id, k: k)
            #expect(answer.elements == (try await client.elements(layoutID: summary.id, in: band).elements), "\(k)")
            #expect(answer.contentSize == CGSize(width: 390, height: summary.contentSize.height))
        }
    }

    /// The wheel has no tiles: no `tile` in its summary, 404 `no-tiles`; past the last tile, 404 `unknown-tile`.
    @Test func theWheelHasNoTiles() async throws {
        let client = try Service.client()
        let wheel = Components.Schemas.LayoutSpec.wheel(
            .init(layout: .wheel, collectionView: .init(width: 300, height: 220), sections: [.init(items: 12)]))
        let summary = try await client.create(wheel).summary
        #expect(summary.tile == nil)
        await #expect {
            _ = try await client.tile(layoutID: summary.id, k: 0)
        } throws: { error in
            guard let problem = error as? LayoutProblem else { return false }
            return problem.status == 404 && problem.problem?._type.hasSuffix("no-tiles") == true
        }
        let flow = try await client.create(Service.smallFlow).summary
        let count = try #require(flow.tile?.count)
        await #expect {
            _ = try await client.tile(layoutID: flow.id, k: count)
        } throws: { error in
            guard let problem = error as? LayoutProblem else { return false }
            return problem.status == 404 && problem.problem?._type.hasSuffix("unknown-tile") == true
        }
    }
}
