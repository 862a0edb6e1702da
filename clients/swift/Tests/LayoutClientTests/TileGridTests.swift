import Foundation
import Testing

@testable import LayoutClient

/// The tiles a rect needs, against a scan of every tile's closed band.
@Suite struct TileGridTests {
    @Test(arguments: [ScrollAxis.vertical, .horizontal])
    func tilesTouchingARectMatchAScan(axis: ScrollAxis) {
        let grid = TileGrid(axis: axis, length: 100, contentSize: CGSize(width: 1050, height: 1050))
        #expect(grid.count == 11)
        var generator = SplitMix(seed: 13)
        for _ in 0..<2_000 {
            let lo = Double(generator.next() % 1300) - 100 + (generator.next() % 2 == 0 ? 0 : 0.5)
            let length = Double(generator.next() % 400) * (generator.next() % 3 == 0 ? 0.5 : 1)
            let rect = axis == .vertical
                ? CGRect(x: 7, y: lo, width: 10, height: length) : CGRect(x: lo, y: 7, width: length, height: 10)
            // A tile is needed when its closed band [k·100, (k+1)·100] meets the rect's closed span.
            let scanned = (0..<grid.count).filter { k in Double(k) * 100 <= lo + length && lo <= Double(k + 1) * 100 }
            let needed = grid.tiles(touching: rect).map(Array.init) ?? []
            // Every tile the scan finds is needed, except one whose band only touches the rect at its end while
            // the tile before it holds that edge too (an element there touches both).
            #expect(Set(needed).isSubset(of: Set(scanned)), "\(rect)")
            for k in scanned where !needed.contains(k) {
                let touchesOnlyAtAnEnd = Double(k) * 100 == lo + length || Double(k + 1) * 100 == lo
                #expect(touchesOnlyAtAnEnd && (needed.contains(k - 1) || needed.contains(k + 1)), "\(rect) \(k)")
            }
            #expect(needed.isEmpty == scanned.isEmpty, "\(rect)")
        }
    }

    /// The service's grid has the summary's count: tiles past it are never asked for.
    @Test func theServicesCountBoundsTheTiles() {
        let grid = TileGrid(axis: .vertical, length: 844, contentSize: CGSize(width: 390, height: 1266), serviceCount: 2)
        #expect(grid.count == 2)
        #expect(grid.tiles(touching: CGRect(x: 0, y: 900, width: 390, height: 5000)) == 1...1)
        #expect(grid.tiles(touching: CGRect(x: 0, y: -50, width: 390, height: 1000)) == 0...1)
        #expect(grid.tiles(touching: CGRect(x: 0, y: 3000, width: 390, height: 10)) == nil)
    }

    @Test func tileRectsSpanTheCrossAxis() {
        let grid = TileGrid(axis: .vertical, length: 844, contentSize: CGSize(width: 390, height: 36_666_730))
        #expect(grid.count == 43_444)
        let r = grid.rect(of: 2)
        #expect(r.minY == 1688 && r.height == 844)
        #expect(r.minX <= -1e9 && r.maxX >= 390 + 1e9)
    }
}

/// A seeded generator (SplitMix64), so that the scan covers the same rects every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
