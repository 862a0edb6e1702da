import LayoutEngine
import TestSupport
import Testing

/// A grid's tiles (`tileElements`) against brute force on random small grids: each tile is the cells that scroll
/// meeting it where they lie, plus the frozen cells whose places over every offset meet it; the frozen cells
/// placed by their pins give the rect query at any offset. Also hit and scroll-to over every cell.
@Suite struct GridTileTests {
    /// Where an element lies unpinned (the grid with nothing frozen), and the hull of its places over every offset:
    /// a frozen cell moves monotonically with the offset, so its places run from where it is at the least offset
    /// to where it is at the greatest.
    struct Reach {
        let unpinned: LayoutAttributes
        let hull: LayoutRect
    }

    static func reaches(_ spec: GridLayoutSpec) -> [LayoutIndexPath: Reach] {
        var free = spec
        free.frozen = GridFrozen()
        let unpinned = Dictionary(uniqueKeysWithValues: ReferenceGridLayout(free).all(offset: .zero).map { ($0.indexPath, $0) })
        let reference = ReferenceGridLayout(spec)
        let far = 1e7
        let low = reference.all(offset: LayoutPoint(x: -far, y: -far))
        let high = Dictionary(uniqueKeysWithValues: reference.all(offset: LayoutPoint(x: far, y: far)).map { ($0.indexPath, $0) })
        var out: [LayoutIndexPath: Reach] = [:]
        for a in low {
            let b = high[a.indexPath]!.frame
            let (minX, minY) = (min(a.frame.minX, b.minX), min(a.frame.minY, b.minY))
            let hull = LayoutRect(x: minX, y: minY, width: max(a.frame.maxX, b.maxX) - minX,
                                  height: max(a.frame.maxY, b.maxY) - minY)
            var u = unpinned[a.indexPath]!
            u.zIndex = a.zIndex
            out[a.indexPath] = Reach(unpinned: u, hull: hull)
        }
        return out
    }

    /// The tile rects of a grid: about one view each (the view's size rounded up), covering the content.
    static func tiles(_ layout: PreparedGridLayout) -> [LayoutRect] {
        let w = max(1, layout.viewSize.width.rounded(.up))
        let h = max(1, layout.viewSize.height.rounded(.up))
        let columns = max(1, Int((layout.contentSize.width / w).rounded(.up)))
        let rows = max(1, Int((layout.contentSize.height / h).rounded(.up)))
        return (0..<rows).flatMap { r in
            (0..<columns).map { c in LayoutRect(x: Double(c) * w, y: Double(r) * h, width: w, height: h) }
        }
    }

    /// An element of a tile placed by its pins for the visible bounds at `offset`.
    static func placed(_ a: LayoutAttributes, _ pins: AxisPins?, offset: LayoutPoint, view: LayoutSize)
        -> LayoutAttributes
    {
        var p = a
        if let x = pins?.x {
            p.frame.x = x.coordinate(leading: offset.x, length: view.width, elementLength: a.frame.width)
        }
        if let y = pins?.y {
            p.frame.y = y.coordinate(leading: offset.y, length: view.height, elementLength: a.frame.height)
        }
        return p
    }

    @Test(arguments: 0..<8)
    func tilesHoldWhatTheirRectMeetsAndPinsPlaceFrozenCells(batch: Int) throws {
        var rng = SeededRandom(seed: 0x7115_0000 + UInt64(batch))
        var pinned = 0
        for _ in 0..<40 {
            let spec = RandomSpecs.grid(&rng)
            try spec.validate(limits: SpecLimits())
            let layout = PreparedGridLayout(spec)
            let reference = ReferenceGridLayout(spec)
            let reaches = Self.reaches(spec)
            let frozen = spec.frozen
            // Tiles, and rects around and past the content.
            var rects = Self.tiles(layout)
            for _ in 0..<4 {
                rects.append(LayoutRect(x: Double.random(in: -30...(reference.width + 30), using: &rng).rounded(),
                                        y: Double.random(in: -30...(reference.height + 30), using: &rng).rounded(),
                                        width: Double.random(in: 0...150, using: &rng).rounded(),
                                        height: Double.random(in: 0...150, using: &rng).rounded()))
            }
            var tiles: [(rect: LayoutRect, tile: GridTileElements)] = []
            for rect in rects {
                let tile = try #require(layout.tileElements(in: rect, limit: 10_000))
                #expect(tile.pins.count == tile.elements.count)
                let expected = reaches.values.filter { $0.hull.intersects(rect) }.map(\.unpinned)
                #expect(GridLayoutTests.sorted(tile.elements) == GridLayoutTests.sorted(expected),
                        "\(spec) rect \(rect)")
                #expect(tile.elements.map(\.zIndex) == tile.elements.map(\.zIndex).sorted())
                // Pins on exactly the axes a cell is frozen on.
                for (a, p) in zip(tile.elements, tile.pins) {
                    let (r, c) = (a.indexPath.section, a.indexPath.item)
                    let rowFrozen = r < frozen.top || r >= spec.rows.count - frozen.bottom
                    let columnFrozen = c < frozen.leading || c >= spec.columns.count - frozen.trailing
                    #expect((p?.y != nil) == rowFrozen && (p?.x != nil) == columnFrozen, "\(spec) \(a.indexPath)")
                    if p != nil { pinned += 1 }
                }
                tiles.append((rect, tile))
            }
            // At many offsets (and past the scroll range), the pins place every frozen cell of every tile where the
            // reference puts it; the tiles a rect touches, placed, give that rect's query.
            let range = layout.scrollRange
            for _ in 0..<8 {
                let offset = LayoutPoint(x: Double.random(in: (range.min.x - 40)...(range.max.x + 40), using: &rng).rounded(),
                                         y: Double.random(in: (range.min.y - 40)...(range.max.y + 40), using: &rng).rounded())
                let all = Dictionary(uniqueKeysWithValues: reference.all(offset: offset).map { ($0.indexPath, $0) })
                for (_, tile) in tiles {
                    for (a, p) in zip(tile.elements, tile.pins) {
                        #expect(Self.placed(a, p, offset: offset, view: spec.collectionView) == all[a.indexPath],
                                "\(spec) \(a.indexPath) at \(offset)")
                    }
                }
                let view = LayoutRect(x: offset.x, y: offset.y, width: spec.collectionView.width,
                                      height: spec.collectionView.height)
                var seen = Set<LayoutIndexPath>()
                var fromTiles: [LayoutAttributes] = []
                for (rect, tile) in tiles.prefix(Self.tiles(layout).count) where rect.intersects(view) {
                    for (a, p) in zip(tile.elements, tile.pins) {
                        let e = Self.placed(a, p, offset: offset, view: spec.collectionView)
                        if e.frame.intersects(view), seen.insert(e.indexPath).inserted { fromTiles.append(e) }
                    }
                }
                // Tiles cover the content: a view partly outside it finds there what the content holds.
                let query = GridLayoutTests.query(layout, view, offset)
                #expect(GridLayoutTests.sorted(fromTiles) == GridLayoutTests.sorted(query), "\(spec) at \(offset)")
            }
        }
        #expect(pinned > 100)
    }

    @Test func literalPinsOfAFrozenBandOfTwoRowsInsideTheInset() throws {
        // 10 rows of 20, two frozen at the top and one at the bottom; 6 columns of 50, one frozen at the trailing
        // edge of a right-to-left grid (the left); a 100 x 100 view with insets top 10, bottom 5, left 3.
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: 100, height: 100),
                                  rows: GridAxisSpec(count: 10, size: 20), columns: GridAxisSpec(count: 6, size: 50))
        spec.frozen = GridFrozen(top: 2, bottom: 1, trailing: 1)
        spec.layoutDirection = .rightToLeft
        spec.contentInset = LayoutEdgeInsets(top: 10, left: 3, bottom: 5, right: 0)
        let layout = PreparedGridLayout(spec)
        let tile = try #require(layout.tileElements(in: LayoutRect(x: 0, y: 0, width: 100, height: 100), limit: 1_000))
        func pins(_ r: Int, _ c: Int) -> AxisPins? {
            tile.pins[try! #require(tile.elements.firstIndex { $0.indexPath == LayoutIndexPath(section: r, item: c) })]
        }
        // Row 1 lies at 20 and sticks 20 below the inset's top (10): y = clamp(offset.y + 30, 20, 20 + 160).
        #expect(pins(1, 4)?.y == StickyRange(edge: .leading, min: 20, max: 180, inset: 30))
        // Row 9 lies at 180 and sticks on the bottom inset: y = clamp(offset.y + 100 - 5 - 20, 180 - 180, 180).
        #expect(pins(9, 4)?.y == StickyRange(edge: .trailing, min: 0, max: 180, inset: 5))
        // Column 5, mirrored, lies at x 0 and sticks inside the left inset: x = clamp(offset.x + 3, 0, 250).
        #expect(pins(9, 5) == AxisPins(x: StickyRange(edge: .leading, min: 0, max: 250, inset: 3),
                                       y: StickyRange(edge: .trailing, min: 0, max: 180, inset: 5)))
        #expect(pins(5, 4) == nil)
    }

    /// Hit and scroll-to over every cell of small grids: a point inside a cell hits the topmost cell there
    /// (frozen ones over those scrolled under them), and every cell that scrolls comes to rest clear of the
    /// frozen cells pinned at the new offset.
    @Test(arguments: 0..<4)
    func hitAndScrollToOverEveryCell(batch: Int) throws {
        var rng = SeededRandom(seed: 0x7115_1000 + UInt64(batch))
        var checkedHits = 0
        var checkedScrolls = 0
        for _ in 0..<30 {
            let spec = RandomSpecs.grid(&rng)
            try spec.validate(limits: SpecLimits())
            let layout = PreparedGridLayout(spec)
            let reference = ReferenceGridLayout(spec)
            let range = layout.scrollRange
            let inset = spec.contentInset
            let view = spec.collectionView
            for _ in 0..<3 {
                let offset = LayoutPoint(x: Double.random(in: range.min.x...range.max.x, using: &rng).rounded(),
                                         y: Double.random(in: range.min.y...range.max.y, using: &rng).rounded())
                let all = reference.all(offset: offset)
                for a in all where a.frame.width > 0 && a.frame.height > 0 {
                    let p = LayoutPoint(x: a.frame.x + a.frame.width / 2, y: a.frame.y + a.frame.height / 2)
                    let holding = all.filter { $0.frame.contains(p) }
                    let top = holding.map(\.zIndex).max()!
                    let best = holding.filter { $0.zIndex == top }
                    guard best.count == 1 else { continue }
                    #expect(layout.itemIndexPath(at: p, offset: offset) == best[0].indexPath, "\(spec) \(p) \(offset)")
                    checkedHits += 1
                }
            }
            // Every cell that scrolls both ways, from the content's start: at rest, no frozen cell pinned over it,
            // unless the scroll range stops it short or it is larger than the room the frozen bands leave.
            let f = spec.frozen
            let (R, C) = (spec.rows.count, spec.columns.count)
            guard f.top + f.bottom < R, f.leading + f.trailing < C else { continue }  // no cell scrolls both ways
            let coverY = (f.top > 0 ? reference.rowStarts[f.top] : 0)
                + (f.bottom > 0 ? reference.height - reference.rowStarts[R - f.bottom] + spec.rowSpacing : 0)
            let coverX = (f.leading > 0 ? reference.columnStarts[f.leading] : 0)
                + (f.trailing > 0 ? reference.width - reference.columnStarts[C - f.trailing] + spec.columnSpacing : 0)
            let room = (view.width - inset.left - inset.right - coverX, view.height - inset.top - inset.bottom - coverY)
            for a in reference.all(offset: range.min) where a.zIndex == 0 {
                let to = try #require(layout.scrollOffset(toItem: a.indexPath, at: .nearest, from: range.min))
                let there = reference.all(offset: to)
                let cell = there.first { $0.indexPath == a.indexPath }!
                let covered = there.contains { o in
                    o.zIndex > 0 && o.frame.width > 0 && o.frame.height > 0 && cell.frame.width > 0
                        && cell.frame.height > 0 && o.frame.minX < cell.frame.maxX && cell.frame.minX < o.frame.maxX
                        && o.frame.minY < cell.frame.maxY && cell.frame.minY < o.frame.maxY
                }
                let atEdge = to.x == range.min.x || to.x == range.max.x || to.y == range.min.y || to.y == range.max.y
                let large = cell.frame.width > room.0 || cell.frame.height > room.1
                #expect(!covered || atEdge || large, "\(spec) \(a.indexPath) to \(to)")
                // Inside the visible area (less the insets) on each axis it fits in.
                if !atEdge, !large {
                    #expect(cell.frame.minX >= to.x + inset.left && cell.frame.maxX <= to.x + view.width - inset.right)
                    #expect(cell.frame.minY >= to.y + inset.top && cell.frame.maxY <= to.y + view.height - inset.bottom)
                }
                checkedScrolls += 1
            }
        }
        #expect(checkedHits > 500 && checkedScrolls > 150, "\(checkedHits) \(checkedScrolls)")
    }
}
