import LayoutEngine
import TestSupport
import Testing

@Suite struct GridLayoutTests {
    static func sorted(_ list: [LayoutAttributes]) -> [LayoutAttributes] {
        list.sorted { ($0.indexPath, $0.zIndex) < ($1.indexPath, $1.zIndex) }
    }

    static func query(_ layout: any PreparedLayout, _ rect: LayoutRect, _ offset: LayoutPoint) -> [LayoutAttributes] {
        var out: [LayoutAttributes] = []
        #expect(layout.elements(in: rect, offset: offset, limit: .max - 1, into: &out))
        return out
    }

    @Test func literalFramesFrozenAndMerged() {
        // 4 rows of 20 (row 0: 30), 3 columns of 50 (column 1: 70), spacing 2 and 4; the top row and the leading
        // column frozen; rows 1-2 of column 1 merged.
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: 100, height: 50),
                                  rows: GridAxisSpec(count: 4, size: 20, sizes: .overrides([GridSizeOverride(index: 0, size: 30)])),
                                  columns: GridAxisSpec(count: 3, size: 50, sizes: .list([50, 70])))
        spec.rowSpacing = 2
        spec.columnSpacing = 4
        spec.frozen = GridFrozen(top: 1, leading: 1)
        spec.merged = [GridMerge(row: 1, column: 1, rows: 2, columns: 1)]
        let layout = PreparedGridLayout(spec)
        // Rows start at 0, 32, 54, 76 (ends 96); columns at 0, 54, 128 (ends 178).
        #expect(layout.contentSize == LayoutSize(width: 178, height: 96))
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 3, item: 2), offset: .zero)?.frame
            == LayoutRect(x: 128, y: 76, width: 50, height: 20))
        let merged = layout.attributesForItem(at: LayoutIndexPath(section: 1, item: 1), offset: .zero)!
        #expect(merged.frame == LayoutRect(x: 54, y: 32, width: 70, height: 42))
        #expect((merged.rowSpan, merged.columnSpan, merged.zIndex) == (2, 1, 0))
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 2, item: 1), offset: .zero) == nil)
        // Scrolled to (60, 40): the top row sticks at y 40, the leading column at x 60, the corner at both.
        let at = LayoutPoint(x: 60, y: 40)
        let corner = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 0), offset: at)!
        #expect(corner.frame == LayoutRect(x: 60, y: 40, width: 50, height: 30))
        #expect(corner.zIndex == 2)
        let header = layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 2), offset: at)!
        #expect((header.frame, header.zIndex) == (LayoutRect(x: 128, y: 40, width: 50, height: 30), 1))
        // Past the content's end the top row stays inside it: at most 96 - 30 = 66.
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 0, item: 2), offset: LayoutPoint(x: 0, y: 500))?.frame.y == 66)
        // A point on the corner hits it, not the cells under it.
        #expect(layout.itemIndexPath(at: LayoutPoint(x: 65, y: 45), offset: at) == LayoutIndexPath(section: 0, item: 0))
        // The rect answer: body first, then the frozen row, the frozen column, the corner.
        let answer = Self.query(layout, LayoutRect(x: 60, y: 40, width: 100, height: 50), at)
        #expect(answer.map(\.zIndex) == answer.map(\.zIndex).sorted())
        #expect(Self.sorted(answer) == Self.sorted(ReferenceGridLayout(spec).elements(in: LayoutRect(x: 60, y: 40, width: 100, height: 50), offset: at)))
    }

    @Test func bottomRowsOfAShortGridStayWhereTheyLie() {
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: 300, height: 400),
                                  rows: GridAxisSpec(count: 3, size: 20), columns: GridAxisSpec(count: 2, size: 50))
        spec.frozen = GridFrozen(bottom: 1)
        let layout = PreparedGridLayout(spec)
        #expect(layout.attributesForItem(at: LayoutIndexPath(section: 2, item: 0), offset: .zero)?.frame.y == 40)
        // Taller: 30 rows of 20 in a 400 view: the last row pins at the view's bottom, 380.
        spec.rows.count = 30
        #expect(PreparedGridLayout(spec).attributesForItem(at: LayoutIndexPath(section: 29, item: 0), offset: .zero)?.frame.y
            == 380)
    }

    @Test(arguments: 0..<8)
    func randomGridsAgainstBruteForce(batch: Int) throws {
        var rng = SeededRandom(seed: 0x6121_0000 + UInt64(batch))
        for _ in 0..<40 {
            let spec = RandomSpecs.grid(&rng)
            try spec.validate(limits: SpecLimits())
            let layout = LayoutSpec.grid(spec).normalized().prepare()
            let reference = ReferenceGridLayout(spec)
            #expect(layout.contentSize == LayoutSize(width: reference.width, height: reference.height))
            let range = layout.scrollRange
            for _ in 0..<6 {
                // Offsets across the scroll range and beyond it (overscroll), rects inside and around the content.
                let offset = LayoutPoint(x: Double.random(in: (range.min.x - 30)...(range.max.x + 30), using: &rng).rounded(),
                                   y: Double.random(in: (range.min.y - 30)...(range.max.y + 30), using: &rng).rounded())
                let all = reference.all(offset: offset)
                for a in all {
                    #expect(layout.attributesForItem(at: a.indexPath, offset: offset) == a, "\(spec) \(offset)")
                }
                for _ in 0..<4 {
                    let rect = LayoutRect(x: Double.random(in: -20...(reference.width + 20), using: &rng).rounded(),
                                    y: Double.random(in: -20...(reference.height + 20), using: &rng).rounded(),
                                    width: Double.random(in: 0...200, using: &rng).rounded(),
                                    height: Double.random(in: 0...200, using: &rng).rounded())
                    let got = Self.query(layout, rect, offset)
                    #expect(Self.sorted(got) == Self.sorted(all.filter { $0.frame.intersects(rect) }),
                            "\(spec) rect \(rect) offset \(offset)")
                    #expect(Set(got.map(\.indexPath)).count == got.count)
                    // Drawn in z order.
                    #expect(got.map(\.zIndex) == got.map(\.zIndex).sorted())
                }
                // Hit: the topmost cell holding a point (skipped where two of one z hold it: an edge, or frozen
                // bands meeting in a small view).
                for _ in 0..<8 {
                    let p = LayoutPoint(x: offset.x + Double.random(in: 0...spec.collectionView.width, using: &rng),
                                  y: offset.y + Double.random(in: 0...spec.collectionView.height, using: &rng))
                    let holding = all.filter { $0.frame.contains(p) }
                    let top = holding.map(\.zIndex).max()
                    let best = holding.filter { $0.zIndex == top }
                    guard best.count <= 1 else { continue }
                    #expect(layout.itemIndexPath(at: p, offset: offset) == best.first?.indexPath, "\(spec) \(p)")
                }
                // Scroll-to: the cell comes to rest clear of every frozen cell pinned at the new offset (unless the
                // scroll range stops it short, or it is larger than the visible area left).
                for a in all.filter({ $0.zIndex == 0 }).prefix(6) {
                    guard let to = layout.scrollOffset(toItem: a.indexPath, at: .nearest, from: offset) else {
                        Issue.record("no offset for \(a.indexPath)")
                        continue
                    }
                    let there = reference.all(offset: to)
                    let cell = there.first { $0.indexPath == a.indexPath }!
                    let covered = there.contains { f in
                        f.zIndex > 0 && f.frame.width > 0 && f.frame.height > 0 && cell.frame.width > 0
                            && cell.frame.height > 0
                            && f.frame.minX < cell.frame.maxX && cell.frame.minX < f.frame.maxX
                            && f.frame.minY < cell.frame.maxY && cell.frame.minY < f.frame.maxY
                    }
                    let atEdge = to.x == range.min.x || to.x == range.max.x || to.y == range.min.y || to.y == range.max.y
                    let inset = spec.contentInset
                    let room = (spec.collectionView.width - inset.left - inset.right,
                                spec.collectionView.height - inset.top - inset.bottom)
                    // What the frozen rows and columns cover when pinned.
                    let (R, C) = (spec.rows.count, spec.columns.count)
                    let f = spec.frozen
                    let coverY = (f.top > 0 ? reference.rowStarts[f.top] : 0)
                        + (f.bottom > 0 ? reference.height - reference.rowStarts[R - f.bottom] + spec.rowSpacing : 0)
                    let coverX = (f.leading > 0 ? reference.columnStarts[f.leading] : 0)
                        + (f.trailing > 0 ? reference.width - reference.columnStarts[C - f.trailing] + spec.columnSpacing : 0)
                    let large = cell.frame.width > room.0 - coverX || cell.frame.height > room.1 - coverY
                    #expect(!covered || atEdge || large, "\(spec) \(a.indexPath) from \(offset) to \(to)")
                }
                // Target offsets: in the scroll range; a row start at the visible start below the frozen rows,
                // unless clamped.
                let target = layout.targetContentOffset(proposed: offset, velocity: LayoutPoint(x: 0, y: 1))
                #expect(range.clamp(target) == target)
                let body = spec.frozen.top..<(spec.rows.count - spec.frozen.bottom)
                if !body.isEmpty, target.y != range.min.y, target.y != range.max.y {
                    let edge = target.y + spec.contentInset.top + (spec.frozen.top > 0 ? reference.rowStarts[spec.frozen.top] : 0)
                    #expect(body.contains { reference.rowStarts[$0] == edge }, "\(spec) \(offset) \(target)")
                }
            }
        }
    }

    @Test func manyMergedRangesAgainstBruteForce() throws {
        var rng = SeededRandom(seed: 0x6121_1000)
        // A 60 x 40 grid tiled with small merged ranges (2 x 2 blocks, some dropped), random rects.
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: 200, height: 150),
                                  rows: GridAxisSpec(count: 60, size: 10), columns: GridAxisSpec(count: 40, size: 15))
        for r in stride(from: 0, to: 60, by: 2) {
            for c in stride(from: 0, to: 40, by: 2) where Int.random(in: 0..<3, using: &rng) > 0 {
                spec.merged.append(GridMerge(row: r, column: c, rows: 2, columns: Int.random(in: 1...2, using: &rng)))
            }
        }
        spec.merged.append(contentsOf: [])
        spec.merged.shuffle(using: &rng)
        try spec.validate(limits: SpecLimits())
        let layout = PreparedGridLayout(spec)
        let reference = ReferenceGridLayout(spec)
        for _ in 0..<200 {
            let rect = LayoutRect(x: Double.random(in: -10...610, using: &rng), y: Double.random(in: -10...610, using: &rng),
                            width: Double.random(in: 0...300, using: &rng), height: Double.random(in: 0...300, using: &rng))
            #expect(Self.sorted(Self.query(layout, rect, .zero)) == Self.sorted(reference.elements(in: rect, offset: .zero)))
        }
    }

    @Test func aLargeMergeIsOneElementAndItsRowsCostNothing() {
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: 400, height: 400),
                                  rows: GridAxisSpec(count: 1_000_000_000, size: 1), columns: GridAxisSpec(count: 4, size: 10))
        spec.merged = [GridMerge(row: 0, column: 0, rows: 999_999_999, columns: 4)]
        let layout = PreparedGridLayout(spec)
        let all = Self.query(layout, LayoutRect(x: 0, y: 0, width: 40, height: 1e9), .zero)
        // The range, then the last row's 4 cells.
        #expect(all.count == 5)
        #expect(all.first?.frame == LayoutRect(x: 0, y: 0, width: 40, height: 999_999_999))
    }

    /// A rect in the gap between two columns, down a billion rows, meets no cell: the query does not walk the rows
    /// (it would take minutes in a debug build), with merged ranges elsewhere in the grid or not; one across the gap
    /// is found.
    @Test(.timeLimit(.minutes(1))) func aRectInAColumnGapWalksNoRows() {
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: 400, height: 400),
                                  rows: GridAxisSpec(count: 1_000_000_000, size: 1),
                                  columns: GridAxisSpec(count: 4, size: 100))
        spec.columnSpacing = 10
        let gap = LayoutRect(x: 101, y: 0, width: 4, height: 1e9)
        #expect(Self.query(PreparedGridLayout(spec), gap, .zero).isEmpty)
        spec.merged = [GridMerge(row: 10, column: 2, rows: 5, columns: 2),
                       GridMerge(row: 500_000_000, column: 0, rows: 2, columns: 2)]
        let got = Self.query(PreparedGridLayout(spec), gap, .zero)
        #expect(got.map(\.indexPath) == [LayoutIndexPath(section: 500_000_000, item: 0)])
        #expect(got.first?.columnSpan == 2)
    }

    @Test func aBillionCellsAnswerAViewport() {
        let spec = GridLayoutSpec(collectionView: LayoutSize(width: 1280, height: 800),
                                  rows: GridAxisSpec(count: 1_000_000, size: 28), columns: GridAxisSpec(count: 10_000, size: 100))
        let layout = PreparedGridLayout(spec)
        #expect(layout.numberOfItems == 10_000_000_000)
        #expect(layout.byteCount < 1024)
        // Columns 5,000 to 5,012 (x 500,000 to 501,300), rows 500,000 to 500,028 (y 14,000,000 to 14,000,812).
        let got = Self.query(layout, LayoutRect(x: 500_010, y: 14_000_010, width: 1280, height: 800), LayoutPoint(x: 500_010, y: 14_000_010))
        #expect(got.count == 13 * 29)
        #expect(got.first?.indexPath == LayoutIndexPath(section: 500_000, item: 5_000))
    }

    @Test func limitsStopTheQuery() {
        let spec = GridLayoutSpec(collectionView: LayoutSize(width: 100, height: 100),
                                  rows: GridAxisSpec(count: 100, size: 10), columns: GridAxisSpec(count: 100, size: 10))
        var list = ElementList()
        #expect(!PreparedGridLayout(spec).elements(in: LayoutRect(x: 0, y: 0, width: 1000, height: 1000), offset: .zero,
                                                   limit: 50, into: &list))
        #expect(list.elements.count == 51)
    }

    @Test func equalGridsNormalizeEqual() {
        let a = GridAxisSpec(count: 10, size: 20, sizes: .list([20, 40, 20]))
        let b = GridAxisSpec(count: 10, size: 20, sizes: .overrides([GridSizeOverride(index: 1, size: 40)]))
        #expect(a.normalized() == b.normalized())
        let c = GridAxisSpec(count: 10, size: 20, sizes: .list([30, 40, 20]))
        let d = GridAxisSpec(count: 10, size: 20, sizes: .overrides([GridSizeOverride(index: 1, size: 40),
                                                                     GridSizeOverride(index: 0, size: 30)]))
        #expect(c.normalized() == d.normalized())
        #expect(GridAxisSpec(count: 10, size: 20, sizes: .list([20, 20])).normalized() == GridAxisSpec(count: 10, size: 20))
    }

    @Test func validationNamesTheField() {
        func error(_ change: (inout GridLayoutSpec) -> Void) -> String? {
            var spec = GridLayoutSpec(collectionView: LayoutSize(width: 100, height: 100),
                                      rows: GridAxisSpec(count: 10, size: 20), columns: GridAxisSpec(count: 5, size: 30))
            change(&spec)
            do {
                try spec.validate(limits: SpecLimits(maxItems: 100))
                return nil
            } catch {
                return error.path.map { switch $0 { case .key(let k): "/\(k)"; case .index(let i): "/\(i)" } }.joined()
            }
        }
        #expect(error { _ in } == nil)
        #expect(error { $0.rows.size = -1 } == "/rows/size")
        #expect(error { $0.columns.size = .infinity } == "/columns/size")
        #expect(error { $0.rows.sizes = .list([1, .nan]) } == "/rows/sizes/1")
        #expect(error { $0.rows.sizes = .list(Array(repeating: 1, count: 11)) } == "/rows/sizes")
        #expect(error { $0.rows.sizes = .overrides([GridSizeOverride(index: 10, size: 1)]) } == "/rows/overrides/10")
        #expect(error { $0.columns.sizes = .overrides([GridSizeOverride(index: 2, size: -3)]) } == "/columns/overrides/2")
        #expect(error { $0.rows.count = 2_000_000_000 } == "/rows/count")
        #expect(error { $0.rows.count = 100_000_000; $0.rows.size = 100 } == "/rows/count")
        #expect(error { $0.rows.sizes = .list(Array(repeating: 1, count: 10)); $0.columns.sizes = .list(Array(repeating: 1, count: 5)); $0.merged = Array(repeating: GridMerge(row: 0, column: 0, rows: 1, columns: 2), count: 90) } == "/merged")
        #expect(error { $0.rowSpacing = -1 } == "/rowSpacing")
        #expect(error { $0.frozen.top = 11 } == "/frozen/top")
        #expect(error { $0.frozen = GridFrozen(top: 6, bottom: 5) } == "/frozen/bottom")
        #expect(error { $0.frozen = GridFrozen(leading: 3, trailing: 3) } == "/frozen/trailing")
        #expect(error { $0.merged = [GridMerge(row: 9, column: 0, rows: 2, columns: 1)] } == "/merged/0/rows")
        #expect(error { $0.merged = [GridMerge(row: 0, column: 5, rows: 2, columns: 1)] } == "/merged/0/column")
        #expect(error { $0.merged = [GridMerge(row: 0, column: 0, rows: 1, columns: 1)] } == "/merged/0")
        #expect(error { $0.merged = [GridMerge(row: 0, column: 0, rows: 0, columns: 2)] } == "/merged/0/rows")
        #expect(error { $0.frozen.top = 1; $0.merged = [GridMerge(row: 0, column: 0, rows: 2, columns: 1)] }
            == "/merged/0/rows")
        #expect(error { $0.frozen.trailing = 1; $0.merged = [GridMerge(row: 0, column: 3, rows: 1, columns: 2)] }
            == "/merged/0/columns")
        #expect(error {
            $0.merged = [GridMerge(row: 0, column: 0, rows: 3, columns: 3), GridMerge(row: 5, column: 0, rows: 2, columns: 2),
                         GridMerge(row: 2, column: 2, rows: 2, columns: 2)]
        } == "/merged/2")
        #expect(error {
            $0.merged = [GridMerge(row: 0, column: 0, rows: 8, columns: 1), GridMerge(row: 3, column: 0, rows: 1, columns: 2)]
        } == "/merged/1")
    }

    @Test func overlapsFoundAmongManyRanges() {
        var rng = SeededRandom(seed: 0x6121_2000)
        for _ in 0..<200 {
            let merges = (0..<Int.random(in: 2...12, using: &rng)).map { _ in
                GridMerge(row: Int.random(in: 0..<20, using: &rng), column: Int.random(in: 0..<8, using: &rng),
                          rows: Int.random(in: 1...5, using: &rng), columns: Int.random(in: 1...3, using: &rng))
            }.filter { $0.rows * $0.columns > 1 }
            var spec = GridLayoutSpec(collectionView: LayoutSize(width: 100, height: 100),
                                      rows: GridAxisSpec(count: 30, size: 10), columns: GridAxisSpec(count: 12, size: 10))
            spec.merged = merges
            var overlap = false
            for i in merges.indices {
                for j in merges.indices where j > i {
                    let (a, b) = (merges[i], merges[j])
                    if a.row <= b.lastRow, b.row <= a.lastRow, a.column <= b.lastColumn, b.column <= a.lastColumn { overlap = true }
                }
            }
            #expect(((try? spec.validate(limits: SpecLimits())) == nil) == overlap, "\(merges)")
        }
    }
}
