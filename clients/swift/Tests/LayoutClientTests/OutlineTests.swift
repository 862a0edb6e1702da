import Foundation
import LayoutClient
import Testing

/// Outline rows against the running service: each row's `level` in both answer formats, and `outline(...)`
/// collapsing and expanding a folder with the animations of its rows.
@Suite struct OutlineTests {
    /// Folder 0 (files 1 and 2, folder 3 holding file 4), folder 5 (file 6).
    static func tree(collapsed: [Int]) throws -> Components.Schemas.LayoutSpec {
        let json = #"{"layout":"list","collectionView":{"width":320,"height":480},"rowHeight":{"absolute":40},"#
            + #""sections":[{"items":7,"outline":{"levels":[0,1,1,1,2,0,1],"collapsed":\#(collapsed)}}]}"#
        return try JSONDecoder().decode(Components.Schemas.LayoutSpec.self, from: Data(json.utf8))
    }

    @Test func rowsCarryTheirLevelInBothFormats() async throws {
        let client = try Service.client()
        let id = try await client.create(Self.tree(collapsed: [3])).summary.id
        let rect = CGRect(x: 0, y: 0, width: 320, height: 480)
        let full = try await client.elements(layoutID: id, in: rect).elements
        let columns = try await client.elements(layoutID: id, in: rect, format: .columns).elements
        #expect(full.map(\.item) == [0, 1, 2, 3, 5, 6])
        #expect(full.map(\.level) == [0, 1, 1, 1, 0, 1])
        #expect(columns == full)
    }

    @Test func collapsingAndExpandingAFolder() async throws {
        let client = try Service.client()
        let id = try await client.create(Self.tree(collapsed: [])).summary.id
        let rect = CGRect(x: 0, y: 0, width: 320, height: 480)
        let collapsed = try await client.outline(layoutID: id, collapse: [[0, 3]], rect: rect)
        #expect(collapsed.summary.id == (try await client.create(Self.tree(collapsed: [3]))).summary.id)
        let hidden = collapsed.animations.first { $0.0.item == 4 }
        #expect(hidden?.0.alpha == 1 && hidden?.1.alpha == 0)
        let expanded = try await client.outline(layoutID: collapsed.summary.id, expand: [[0, 3]], rect: rect)
        #expect(expanded.summary.id == id)
        let shown = expanded.animations.first { $0.1.item == 4 }
        #expect(shown?.0.alpha == 0 && shown?.1.alpha == 1 && shown?.1.level == 2)
    }
}
