import Foundation
import LayoutClient
import Testing

/// ScrollSession over grids: the service's tiles in two dimensions, frozen rows and columns at every edge placed
/// from `stickyX` and `stickyY`, merged cells; at many offsets both ways the synchronous answers are the service's
/// rect answers with that offset.
@Suite(.serialized) struct GridSessionTests {
    static let view = CGSize(width: 640, height: 480)

    /// 2,000 rows by 300 columns (a taller header row, wider first columns), frozen rows and columns at all four
    /// edges, merged ranges in the body and in the frozen bands, a content inset; left to right or mirrored.
    static func grid(rightToLeft: Bool) throws -> Components.Schemas.LayoutSpec {
        try Service.spec(
            """
            {"layout": "grid", "collectionView": {"width": 640, "height": 480,
               "contentInset": {"top": 12, "left": 6, "bottom": 9, "right": 3}},
             "rows": {"count": 2000, "size": 28, "overrides": {"0": 40, "7": 60}},
             "columns": {"count": 300, "size": 90, "sizes": [64, 120]},
             "rowSpacing": 1, "columnSpacing": 2,
             "frozen": {"top": 2, "bottom": 1, "leading": 1, "trailing": 1},
             "layoutDirection": "\(rightToLeft ? "rightToLeft" : "leftToRight")",
             "merged": [{"row": 5, "column": 2, "rows": 3, "columns": 4}, {"row": 0, "column": 3, "rows": 1, "columns": 2},
                        {"row": 40, "column": 0, "rows": 5, "columns": 1}, {"row": 1000, "column": 100, "rows": 40, "columns": 20}]}
            """)
    }

    @Test(arguments: [false, true])
    func frozenPanesAndMergedCellsAtManyOffsets(rightToLeft: Bool) async throws {
        let client = try Service.client()
        let summary = try await client.create(try Self.grid(rightToLeft: rightToLeft)).summary
        let plan = try #require(summary.tileGrid)
        #expect(summary.tile == nil && summary.boundsDependent)
        #expect(plan.width == 640 && plan.height == 480)
        let session = try await ScrollSession(client: client, layoutID: summary.id)
        #expect(await session.usesServiceTiles)
        let (w, h) = (summary.contentSize.width, summary.contentSize.height)
        // Diagonally across the content, around the merged range at row 1,000, and past both ends.
        var offsets: [CGPoint] = [
            CGPoint(x: -20, y: -30), .zero, CGPoint(x: w - 640 + 15, y: h - 480 + 25), CGPoint(x: rightToLeft ? w - 9_800 : 9_100, y: 29_100),
        ]
        // Quarter points: sums of them are exact, so the session's clamp(v + inset) and the service's
        // (place + offset + inset) agree to the bit (other fractions may differ in the last place).
        func quarter(_ v: Double) -> Double { (v * 4).rounded() / 4 }
        for step in 1..<14 {
            offsets.append(CGPoint(x: quarter(Double(step) * (w - 640) / 14) + 0.5, y: quarter(Double(step) * (h - 480) / 14) + 0.25))
        }
        var pinnedSeen = 0
        var mergedSeen = 0
        for offset in offsets {
            let visible = CGRect(origin: offset, size: Self.view)
            await session.scroll(to: visible)
            await session.settle()
            let strips = [
                CGRect(x: offset.x, y: offset.y, width: 640, height: 15),
                CGRect(x: offset.x, y: offset.y + 465, width: 640, height: 15),
                CGRect(x: offset.x, y: offset.y, width: 15, height: 480),
                CGRect(x: offset.x + 625, y: offset.y, width: 15, height: 480),
            ]
            for rect in [visible, visible.insetBy(dx: 100, dy: 80)] + strips {
                let (elements, complete) = session.cachedElements(in: rect)
                #expect(complete, "\(offset): \(rect)")
                let reference = try await client.elements(layoutID: summary.id, in: rect, offset: offset)
                #expect(Set(elements) == Set(reference.elements), "\(offset): \(rect)")
                #expect(elements.count == reference.elements.count)
            }
            let shown = session.layoutAttributesForElements(in: visible)
            pinnedSeen += shown.filter { $0.zIndex == 2 }.count
            mergedSeen += shown.filter { $0.key.section == 1000 && $0.key.item == 100 }.count
            // A cell placed by itself (the item look-up) is placed for the bounds too.
            if let corner = session.layoutAttributesForItem(at: IndexPath(indexes: [0, 0])) {
                #expect(corner == (try await client.item(layoutID: summary.id, section: 0, item: 0, offset: offset)))
            }
        }
        #expect(pinnedSeen > offsets.count && mergedSeen >= 1)
    }

    /// Every tile of a small grid in both formats: the same elements, `stickyX` and `stickyY` included; frozen
    /// rows carry `stickyY` only, frozen columns `stickyX` only, corners both.
    @Test func gridTilesInColumnsEqualGridTilesInFull() async throws {
        let client = try Service.client()
        let spec = try Service.spec(
            """
            {"layout": "grid", "collectionView": {"width": 300, "height": 200},
             "rows": {"count": 40, "size": 30}, "columns": {"count": 12, "size": 80},
             "frozen": {"top": 1, "bottom": 2, "leading": 1, "trailing": 1},
             "merged": [{"row": 4, "column": 3, "rows": 2, "columns": 2}]}
            """)
        let summary = try await client.create(spec).summary
        let plan = try #require(summary.tileGrid)
        #expect(plan.columns == 4 && plan.rows == 6)
        var corners = 0
        for row in 0..<plan.rows {
            for column in 0..<plan.columns {
                let full = try await client.gridTile(layoutID: summary.id, row: row, column: column, format: .full)
                let columns = try await client.gridTile(layoutID: summary.id, row: row, column: column)
                #expect(columns.elements == full.elements, "tile \(row)/\(column)")
                for e in full.elements {
                    let frozenRow = e.section < 1 || e.section >= 38
                    let frozenColumn = e.item < 1 || e.item >= 11
                    #expect((e.stickyY != nil) == frozenRow && (e.stickyX != nil) == frozenColumn, "\(e)")
                    #expect(e.sticky == nil)
                    if frozenRow && frozenColumn { corners += 1 }
                }
            }
        }
        #expect(corners > 0)
        await #expect {
            _ = try await client.gridTile(layoutID: summary.id, row: plan.rows, column: 0)
        } throws: { error in
            (error as? LayoutProblem)?.problem?._type.hasSuffix("unknown-tile") == true
        }
        await #expect {
            _ = try await client.tile(layoutID: summary.id, k: 0)
        } throws: { error in
            (error as? LayoutProblem)?.problem?._type.hasSuffix("no-tiles") == true
        }
    }
}
