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

/// A grid's tiles in two dimensions, against a scan of every tile's closed rect.
@Suite struct TilePlaneTests {
    @Test func tilesTouchingARectMatchAScan() {
        let plane = TilePlane(width: 100, height: 60, columns: 7, rows: 9)
        let grid = TileGrid(
            axis: .vertical, length: 60, contentSize: CGSize(width: 650, height: 530), serviceCount: 63, plane: plane)
        #expect(grid.count == 63 && grid.rowCount == 9 && grid.columnCount == 7)
        #expect(grid.rect(of: grid.key(row: 2, column: 3)) == CGRect(x: 300, y: 120, width: 100, height: 60))
        var generator = SplitMix(seed: 31)
        for _ in 0..<2_000 {
            let x = Double(generator.next() % 900) - 100, y = Double(generator.next() % 700) - 100
            let rect = CGRect(
                x: x, y: y, width: Double(generator.next() % 300) * 0.5, height: Double(generator.next() % 200) * 0.5)
            let keys = grid.keys(touching: rect)
            #expect(Set(keys).count == keys.count)
            // Every element inside the content that touches the rect touches one of those tiles' rects.
            for _ in 0..<4 {
                let px = Double(rect.minX) + Double(generator.next() % 101) / 100 * Double(rect.width)
                let py = Double(rect.minY) + Double(generator.next() % 101) / 100 * Double(rect.height)
                guard px >= 0, px <= 700, py >= 0, py <= 540 else { continue }
                let point = CGRect(x: px, y: py, width: 0, height: 0)
                #expect(keys.contains { grid.rect(of: $0).touches(point) }, "\(rect) \(px),\(py)")
            }
            // No tile that the rect does not touch.
            for k in keys { #expect(grid.rect(of: k).touches(rect), "\(rect) \(k)") }
        }
    }
}
