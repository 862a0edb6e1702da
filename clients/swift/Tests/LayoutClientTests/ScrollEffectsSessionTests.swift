import Foundation
import LayoutClient
import Testing

/// Scroll effects in a ScrollSession: from the service's tiles (which carry none) and the summary's
/// `scrollEffects`, each cell's scale and alpha for the visible bounds equal the service's rect answer at that
/// offset; and literal values.
@Suite struct ScrollEffectsSessionTests {
    /// docs/scroll-effects.md's flow: 100 × 100 cells three to a row, 110 apart; a = 0.5, b = 0.6, D = 200.
    static let flow = Components.Schemas.LayoutSpec.flow(
        .init(
            layout: .flow, collectionView: .init(width: 300, height: 400), itemSize: .init(width: 100, height: 100),
            minimumLineSpacing: 10, minimumInteritemSpacing: 0,
            scrollEffects: .init(scale: .init(minimum: 0.5), alpha: .init(minimum: 0.6), distance: 200),
            sections: [.init(items: 30), .init(items: 7)]))

    @Test func literalValues() {
        let effects = ScrollEffects(runs: [
            .init(sections: 0...0, alongY: true, center: 200, distance: 200, scale: 0.5, alpha: 0.6)
        ])
        let offset = CGPoint(x: 0, y: 100)
        let near = effects.factors(section: 0, frame: CGRect(x: 0, y: 220, width: 100, height: 100), offset: offset)
        #expect(near.map { [$0.scale, $0.alpha] } == [0.925, 0.94])
        let below = effects.factors(section: 0, frame: CGRect(x: 0, y: 330, width: 100, height: 100), offset: offset)
        #expect(below.map { [$0.scale, $0.alpha] } == [0.8, 0.84])
        #expect(effects.factors(section: 1, frame: CGRect(x: 0, y: 0, width: 100, height: 100), offset: offset) == nil)
    }

    @Test func cellsAreTheServicesAtTheVisibleBounds() async throws {
        let client = try Service.client()
        let (summary, _) = try await client.create(Self.flow)
        let session = try await ScrollSession(client: client, layoutID: summary.id)
        #expect(await session.usesServiceTiles && session.boundsDependent)
        #expect(session.scrollEffects?.runs.map(\.sections) == [0...1])
        var compared = 0
        for y in [0.0, 100, 333.5, 1234.25, 3000] {
            let bounds = CGRect(x: 0, y: y, width: 300, height: 400)
            await session.scroll(to: bounds)
            await session.settle()
            let (elements, complete) = session.cachedElements(in: bounds)
            #expect(complete)
            let answer = try await client.elements(layoutID: summary.id, in: bounds, offset: bounds.origin).elements
            #expect(elements.count == answer.count)
            for (a, b) in zip(elements, answer) {
                #expect(a.key == b.key && a.frame == b.frame, "\(y)")
                #expect(abs(a.alpha - b.alpha) < 1e-9 && (a.transform3D == nil) == (b.transform3D == nil), "\(y) \(a.key)")
                #expect(abs((a.transform3D?[0] ?? 1) - (b.transform3D?[0] ?? 1)) < 1e-9, "\(y) \(a.key)")
                compared += 1
            }
            // By index path: a cell the bounds show, as the service answers it.
            if let cell = answer.first(where: { $0.category == .cell }) {
                #expect(session.layoutAttributesForItem(at: IndexPath(indexes: [cell.section, cell.item])) == cell)
            }
        }
        #expect(compared > 40)
    }
}
