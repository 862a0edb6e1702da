import Foundation
import LayoutClient
import Testing

/// The generated client against the running service: every kind of answer decodes into typed values, compared
/// with frames worked out by hand from the flow rules (UIKit's justified rows).
@Suite struct DecodingTests {
    @Test func summaryOfAFlowSpecSentTyped() async throws {
        let client = try Service.client()
        let (summary, _) = try await client.create(Service.smallFlow)
        #expect(summary.id.count == 64)
        #expect(summary.layout == .flow)
        #expect(summary.sections == 2)
        #expect(summary.items == 33)
        #expect(summary.boundsDependent == false)
        // Section 0: header 40 + 10 rows of 100 + 9 gaps of 10; section 1: header 40 + insets 8 + one 80-point line + 8.
        #expect(summary.contentSize.width == 390)
        #expect(summary.contentSize.height == 40 + 1000 + 90 + 40 + 8 + 80 + 8)
        // The same spec again: the same id, 200.
        let again = try await client.create(Service.smallFlow)
        #expect(again.created == false)
        #expect(again.summary.id == summary.id)
        // GET /v1/layouts/{id}: the summary and the canonical spec, a flow spec with its sections' fields.
        let layout = try await client.layout(id: summary.id)
        #expect(layout.summary == summary)
        guard case .flow(let flow) = layout.spec else {
            Issue.record("expected a flow spec, got \(layout.spec)")
            return
        }
        #expect(flow.sections.count == 2)
        #expect(flow.sections[0].items == 30)
        #expect(flow.sections[1].itemSizes == [[50, 80], [120, 80], [70, 40]])
        #expect(layout.axis == .vertical)
    }

    @Test func rectAnswerWithoutTransform() async throws {
        let client = try Service.client()
        let id = try await client.create(Service.smallFlow).summary.id
        let page = try await client.elements(layoutID: id, in: CGRect(x: 0, y: 0, width: 390, height: 150))
        #expect(page.contentSize == CGSize(width: 390, height: 1266))
        #expect(page.next == nil)
        // The header, then rows at y 40 and 150 (the second touches the rect's bottom edge: closed), justified:
        // three 100-point items across 390 points, 45 apart.
        var expected: [(ElementKey, CGRect)] = [
            (ElementKey(category: .supplementary, kind: "header", section: 0, item: 0), CGRect(x: 0, y: 0, width: 390, height: 40))
        ]
        for i in 0..<6 {
            let x = Double(i % 3) * 145
            let y = 40 + Double(i / 3) * 110
            expected.append((ElementKey(category: .cell, section: 0, item: i), CGRect(x: x, y: y, width: 100, height: 100)))
        }
        #expect(page.elements.map(\.key) == expected.map(\.0))
        #expect(page.elements.map(\.frame) == expected.map(\.1))
        #expect(page.elements.allSatisfy { $0.transform3D == nil && $0.alpha == 1 && !$0.isHidden })
        let one = try await client.item(layoutID: id, section: 0, item: 4)
        #expect(one.frame == CGRect(x: 145, y: 150, width: 100, height: 100))
    }

    @Test func rectAnswerWithTransform3D() async throws {
        let client = try Service.client()
        let wheel = Components.Schemas.LayoutSpec.wheel(
            .init(layout: .wheel, collectionView: .init(width: 300, height: 220), sections: [.init(items: 12)]))
        let (summary, _) = try await client.create(wheel)
        #expect(summary.boundsDependent)
        let page = try await client.elements(
            layoutID: summary.id, in: CGRect(x: 0, y: 0, width: 300, height: 220), offset: .zero)
        #expect(page.elements.count == 12)
        #expect(page.elements.allSatisfy { $0.transform3D?.count == 16 })
        // Item 0 at angle 0: T(0, 0, r) · P with r = (44/2) / tan(π/12) and P's m34 the default -1/900 (row-major:
        // m34 is element 11, the translation's z element 14, m44 = 1 + r·m34).
        let t = try #require(page.elements.first { $0.item == 0 }?.transform3D)
        let r = 22 / tan(Double.pi / 12)
        #expect(abs(t[11] - (-1.0 / 900)) < 1e-12)
        #expect(abs(t[14] - r) < 1e-9)
        #expect(abs(t[15] - (1 - r / 900)) < 1e-12)
        #expect(page.elements.first?.frame == CGRect(x: 50, y: 88, width: 200, height: 44))
    }

    @Test func pagingCursorsPartitionTheAnswer() async throws {
        let client = try Service.client()
        let id = try await client.create(Service.smallFlow).summary.id
        let rect = CGRect(x: 0, y: 0, width: 390, height: 1266)
        let whole = try await client.elements(layoutID: id, in: rect).elements
        #expect(whole.count == 2 + 33)
        var pages: [[ElementAttributes]] = []
        var cursor: String?
        repeat {
            let page = try await client.elements(layoutID: id, in: rect, limit: 7, cursor: cursor)
            pages.append(page.elements)
            cursor = page.next
        } while cursor != nil && pages.count < 100
        #expect(pages.count == 5)
        #expect(pages.dropLast().allSatisfy { $0.count == 7 })
        #expect(Array(pages.joined()) == whole)
        #expect(try await client.allElements(layoutID: id, in: rect, pageLimit: 4) == whole)
    }

    @Test func batchAnimations() async throws {
        let client = try Service.client()
        let id = try await client.create(Service.smallFlow).summary.id
        let result = try await client.batchUpdates(
            layoutID: id,
            [
                .deleteItems(.init(op: .deleteItems, indexPaths: [[0, 0]])),
                .insertItems(.init(op: .insertItems, indexPaths: [[1, 3]], sizes: [[60, 80]])),
            ],
            rect: CGRect(x: 0, y: 0, width: 390, height: 844))
        #expect(result.summary.id != id)
        #expect(result.summary.items == 33)
        // Item 0 disappears: from its old frame to alpha 0; item 1 moves into item 0's place.
        let gone = try #require(result.animations.first { $0.before.key == ElementKey(category: .cell, section: 0, item: 0) && $0.after.alpha == 0 })
        #expect(gone.before.frame == CGRect(x: 0, y: 40, width: 100, height: 100))
        #expect(gone.before.alpha == 1)
        let moved = try #require(result.animations.first { $0.before.key == ElementKey(category: .cell, section: 0, item: 1) })
        #expect(moved.before.frame == CGRect(x: 145, y: 40, width: 100, height: 100))
        #expect(moved.after.key == ElementKey(category: .cell, section: 0, item: 0))
        #expect(moved.after.frame == CGRect(x: 0, y: 40, width: 100, height: 100))
    }

    /// A list (stored as the compositional layout it stands for) with a reported size and a null beside it: the
    /// `[[Double]?]` that openapi.yaml's `type: [array, "null"]` gives. Frames from docs/compositional.md's
    /// insetGrouped example: 20-point side insets, 38-point headers, estimated 44-point rows.
    @Test func listWithNullSizes() async throws {
        let client = try Service.client()
        let spec = Components.Schemas.LayoutSpec.list(
            .init(
                layout: .list, collectionView: .init(width: 390, height: 844), appearance: .insetGrouped,
                headerMode: .supplementary, sections: [.init(items: 2), .init(itemSizes: [nil, [390, 60]])]))
        let (summary, _) = try await client.create(spec)
        #expect(summary.items == 4)
        let layout = try await client.layout(id: summary.id)
        guard case .compositional = layout.spec else {
            Issue.record("a list is shown as its compositional spec, got \(layout.spec)")
            return
        }
        let rows = try await client.elements(layoutID: summary.id, in: CGRect(x: 0, y: 0, width: 390, height: 844))
            .elements.filter { $0.category == .cell }
        #expect(rows.prefix(2).map(\.frame) == [CGRect(x: 20, y: 38, width: 350, height: 44), CGRect(x: 20, y: 82, width: 350, height: 44)])
        #expect(rows.count == 4)
        #expect(rows.last?.frame.height == 60)
    }

    /// The README's call of an operation through the generated client directly.
    @Test func generatedClientDirectly() async throws {
        let service = try Service.client()
        let id = try await service.create(Service.smallFlow).summary.id
        switch try await service.client.targetOffset(path: .init(id: id), query: .init(proposed: "0,1234", velocity: "0,2.5")) {
        case .ok(let ok):
            // 1266 points of content in an 844-point view: offsets stop at 422 (`scrollTargetBehavior` none).
            #expect(try ok.body.json.y == 422)
            #expect(try ok.body.json.x == 0)
        default: Issue.record("expected 200")
        }
    }

    @Test func problemDocuments() async throws {
        let client = try Service.client()
        // Both items and itemSizes: the schema no longer says so (generators), the service still refuses it.
        var both = Components.Schemas.FlowLayoutSpec(
            layout: .flow, collectionView: .init(width: 390, height: 844), sections: [.init(items: 3, itemSizes: [[1, 1]])])
        await expectProblem(status: 422, pointer: "/sections/0/itemSizes") { _ = try await client.create(.flow(both)) }
        both.sections = [.init()]
        await expectProblem(status: 422, pointer: "/sections/0/items") { _ = try await client.create(.flow(both)) }
        both.sections = [.init(items: 3)]
        both.collectionView.width = 0
        await expectProblem(status: 422, pointer: "/collectionView/width") { _ = try await client.create(.flow(both)) }
        await expectProblem(status: 404, type: "urn:layout-service:problem:unknown-layout") {
            _ = try await client.layout(id: String(repeating: "0", count: 64))
        }
        let id = try await client.create(Service.smallFlow).summary.id
        await expectProblem(status: 400, parameter: "cursor") {
            _ = try await client.elements(layoutID: id, in: CGRect(x: 0, y: 0, width: 1, height: 1), cursor: "1.0000000000000000")
        }
        await expectProblem(status: 404) { _ = try await client.item(layoutID: id, section: 0, item: 30) }
    }

    private func expectProblem(
        status: Int, pointer: String? = nil, parameter: String? = nil, type: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
    ) async {
        do {
            try await body()
            Issue.record("expected HTTP \(status)", sourceLocation: sourceLocation)
        } catch let error as LayoutProblem {
            #expect(error.status == status, sourceLocation: sourceLocation)
            let problem = error.problem
            #expect(problem?.status == status, sourceLocation: sourceLocation)
            #expect(problem?.title.isEmpty == false, sourceLocation: sourceLocation)
            if let pointer { #expect(problem?.pointer == pointer, "\(error)", sourceLocation: sourceLocation) }
            if let parameter { #expect(problem?.parameter == parameter, "\(error)", sourceLocation: sourceLocation) }
            if let type { #expect(problem?._type == type, sourceLocation: sourceLocation) }
        } catch {
            Issue.record("expected a LayoutProblem, got \(error)", sourceLocation: sourceLocation)
        }
    }
}
