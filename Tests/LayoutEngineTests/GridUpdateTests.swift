import LayoutEngine
import TestSupport
import Testing

/// A grid's batch applied the plain way: each axis an array of where each row (column) came from, built as UIKit
/// describes a batch (deleted and moved ones taken out, then destinations put in at their new indices in order);
/// sizes, frozen bands and merged ranges looked at one row at a time.
struct ReferenceGridBatch {
    /// Per new row (column): the old index, or nil for an inserted one; and its size.
    struct Axis {
        var from: [Int?]
        var sizes: [Double]
        var before: Int
        var after: Int
    }

    /// The axis after `ops`, or nil when the batch breaks a rule.
    static func apply(_ sizes: [Double], size: Double, before: Int, after: Int,
                      _ ops: [GridAxisOperation]) -> Axis? {
        let n = sizes.count
        var leaving = Set<Int>()
        var deleted = Set<Int>()
        var resized: [Int: Double] = [:]
        var destinations: [(to: Int, from: Int?, size: Double?)] = []
        for op in ops {
            switch op {
            case .delete(let list):
                for i in list {
                    guard (0..<n).contains(i), leaving.insert(i).inserted, resized[i] == nil else { return nil }
                    deleted.insert(i)
                }
            case .move(let from, let to):
                guard (0..<n).contains(from), leaving.insert(from).inserted else { return nil }
                destinations.append((to, from, nil))
            case .insert(let list, let s):
                guard s == nil || s!.count == list.count else { return nil }
                for (k, i) in list.enumerated() { destinations.append((i, nil, s?[k])) }
            case .resize(let list, let s):
                guard s.count == list.count else { return nil }
                for (k, i) in list.enumerated() {
                    guard (0..<n).contains(i), resized[i] == nil, !deleted.contains(i) else { return nil }
                    resized[i] = s[k]
                }
            }
        }
        let count = n - leaving.count + destinations.count
        guard Set(destinations.map(\.to)).count == destinations.count,
              destinations.allSatisfy({ (0..<count).contains($0.to) }) else { return nil }
        var from: [Int?] = (0..<n).filter { !leaving.contains($0) }
        var inserted: [Int: Double?] = [:]
        for d in destinations.sorted(by: { $0.to < $1.to }) {
            from.insert(d.from, at: d.to)
            if d.from == nil { inserted[d.to] = d.size }
        }
        let newSizes = from.enumerated().map { j, o in o.map { resized[$0] ?? sizes[$0] } ?? (inserted[j]! ?? size) }
        // Bands of the survivors, in order, must not go back; new ones between bands scroll.
        func band(_ i: Int) -> Int { i < before ? 0 : i < n - after ? 1 : 2 }
        let bands = from.compactMap { $0.map(band) }
        guard bands == bands.sorted() else { return nil }
        let top = (from.lastIndex { $0.map(band) == 0 }).map { $0 + 1 } ?? 0
        let bottom = (from.firstIndex { $0.map(band) == 2 }).map { count - $0 } ?? 0
        return Axis(from: from, sizes: newSizes, before: top, after: bottom)
    }

    /// A merged range's new indices on one axis: nil when none survives; a split (a row of another kind among
    /// them) is `.none` in the outer optional.
    static func span(_ range: Range<Int>, _ axis: Axis) -> Range<Int>?? {
        let at = axis.from.indices.filter { axis.from[$0].map(range.contains) == true }
        guard let lo = at.first, let hi = at.last else { return .some(nil) }
        for j in lo...hi where axis.from[j] != nil && !range.contains(axis.from[j]!) { return nil }
        return .some(lo..<(hi + 1))
    }

    /// The grid after `operations`, or nil when the batch breaks a rule.
    static func apply(_ spec: GridLayoutSpec, _ operations: [GridBatchOperation]) -> (GridLayoutSpec, Axis, Axis)? {
        let reference = ReferenceGridLayout(spec)
        guard let rows = apply(reference.rowSizes, size: spec.rows.size, before: spec.frozen.top,
                               after: spec.frozen.bottom, operations.filter { $0.axis == .rows }.map(\.change)),
              let columns = apply(reference.columnSizes, size: spec.columns.size, before: spec.frozen.leading,
                                  after: spec.frozen.trailing, operations.filter { $0.axis == .columns }.map(\.change))
        else { return nil }
        var out = spec
        out.rows = GridAxisSpec(count: rows.sizes.count, size: spec.rows.size, sizes: .list(rows.sizes))
        out.columns = GridAxisSpec(count: columns.sizes.count, size: spec.columns.size, sizes: .list(columns.sizes))
        out.frozen = GridFrozen(top: rows.before, bottom: rows.after, leading: columns.before, trailing: columns.after)
        out.merged = []
        for m in spec.merged {
            guard let r = span(m.row..<(m.row + m.rows), rows), let c = span(m.column..<(m.column + m.columns), columns)
            else { return nil }
            guard let r, let c, r.count * c.count > 1 else { continue }
            out.merged.append(GridMerge(row: r.lowerBound, column: c.lowerBound, rows: r.count, columns: c.count))
        }
        return (out, rows, columns)
    }
}

@Suite struct GridUpdateTests {
    static func randomBatch(_ spec: GridLayoutSpec, _ rng: inout SeededRandom) -> [GridBatchOperation] {
        func size() -> Double { (Double.random(in: 0...80, using: &rng) * 4).rounded() / 4 }
        return (0..<Int.random(in: 1...3, using: &rng)).map { _ in
            let axis: GridAxis = Bool.random(using: &rng) ? .rows : .columns
            let n = axis == .rows ? spec.rows.count : spec.columns.count
            // Indices inside the grid mostly, past it now and then.
            func index() -> Int {
                Int.random(in: 0..<10, using: &rng) == 0 ? n + 1 : Int.random(in: 0...max(n - 1, 0), using: &rng)
            }
            func some() -> [Int] { (0..<Int.random(in: 1...2, using: &rng)).map { _ in index() } }
            switch Int.random(in: 0..<4, using: &rng) {
            case 0:
                let at = some()
                return GridBatchOperation(axis, .insert(at, sizes: Bool.random(using: &rng) ? at.map { _ in size() } : nil))
            case 1: return GridBatchOperation(axis, .delete(some()))
            case 2:
                return GridBatchOperation(axis, .move(from: index(), to: index()))
            default:
                let at = some()
                return GridBatchOperation(axis, .resize(at, sizes: at.map { _ in size() }))
            }
        }
    }

    static func byKey(_ list: [LayoutAttributes]) -> [LayoutIndexPath: LayoutAttributes] {
        Dictionary(list.map { ($0.indexPath, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// Random small grids and batches: the engine refuses exactly the batches the reference refuses; otherwise
    /// the updated spec is the reference's (every row's and column's size, frozen counts, merged ranges), its
    /// layout (prepared from the old one) places every cell as the reference grid does at several offsets, and the
    /// animations pair, fade in and fade out the same cells as a diff of every cell of both grids.
    @Test(arguments: 0..<8)
    func randomBatchesAgainstTheReference(batch: Int) throws {
        var rng = SeededRandom(seed: 0x6121_3000 + UInt64(batch))
        var applied = 0
        var refused = 0
        for _ in 0..<200 {
            let spec = LayoutSpec.grid(RandomSpecs.grid(&rng)).normalized()
            guard case .grid(let grid) = spec else { return }
            let ops = Self.randomBatch(grid, &rng)
            let expected = ReferenceGridBatch.apply(grid, ops)
            let result: GridLayoutSpec
            let update: GridUpdate
            do {
                update = try GridUpdate.make(rows: grid.rows.count, columns: grid.columns.count, operations: ops)
                result = try grid.applying(update)
            } catch {
                #expect(expected == nil, "refused \(ops) on \(grid): \(error)")
                #expect(error.operation >= 0 && error.operation < ops.count)
                refused += 1
                continue
            }
            guard let (reference, rowMap, columnMap) = expected else {
                Issue.record("accepted \(ops) on \(grid), which the reference refuses")
                continue
            }
            applied += 1
            try result.validate(limits: SpecLimits())
            #expect(LayoutSpec.grid(result).normalized() == LayoutSpec.grid(reference).normalized(), "\(ops) on \(grid)")
            let normalized = LayoutSpec.grid(result).normalized()
            let old = try #require(spec.prepare() as? PreparedGridLayout)
            let new = try #require(normalized.prepare(reusing: old, unchangedBefore: 0, item: 0) as? PreparedGridLayout)
            let brute = ReferenceGridLayout(reference)
            let oldBrute = ReferenceGridLayout(grid)
            let range = new.scrollRange
            for _ in 0..<3 {
                let offset = LayoutPoint(x: Double.random(in: range.min.x...range.max.x, using: &rng).rounded(),
                                         y: Double.random(in: range.min.y...range.max.y, using: &rng).rounded())
                let whole = LayoutRect(x: -1e4, y: -1e4, width: 1e5, height: 1e5)
                var cells: [LayoutAttributes] = []
                _ = new.elements(in: whole, offset: offset, limit: .max - 1, into: &cells)
                let all = brute.all(offset: offset)
                #expect(Self.byKey(cells) == Self.byKey(all))
                // Animations for a rect: a diff of every cell of both grids by where rows and columns came from.
                let rect = LayoutRect(x: offset.x, y: offset.y, width: grid.collectionView.width,
                                      height: grid.collectionView.height)
                let animations = try #require(UpdateAnimations.make(old: old, new: new, update: update, rect: rect,
                                                                    offset: offset, limit: .max - 1))
                let oldAll = Self.byKey(oldBrute.all(offset: offset))
                let newAll = Self.byKey(all)
                var expected: [LayoutIndexPath: (LayoutAttributes, LayoutAttributes)] = [:]
                func faded(_ a: LayoutAttributes) -> LayoutAttributes {
                    var f = a
                    f.alpha = 0
                    return f
                }
                for a in oldBrute.elements(in: rect, offset: offset) {
                    let r = rowMap.from.firstIndex(of: a.indexPath.section)
                    let c = columnMap.from.firstIndex(of: a.indexPath.item)
                    let b = r.flatMap { r in c.flatMap { newAll[LayoutIndexPath(section: r, item: $0)] } }
                    expected[b?.indexPath ?? LayoutIndexPath(section: -1 - a.indexPath.section, item: a.indexPath.item)] =
                        (a, b ?? faded(a))
                }
                for b in brute.elements(in: rect, offset: offset) where expected[b.indexPath] == nil {
                    let a = rowMap.from[b.indexPath.section].flatMap { r in
                        columnMap.from[b.indexPath.item].flatMap { oldAll[LayoutIndexPath(section: r, item: $0)] }
                    }
                    expected[b.indexPath] = (a ?? faded(b), b)
                }
                #expect(animations.animations.count == expected.count)
                for pair in animations.animations {
                    let key = pair.after.alpha == 0 && pair.before.alpha != 0
                        ? LayoutIndexPath(section: -1 - pair.before.indexPath.section, item: pair.before.indexPath.item)
                        : pair.after.indexPath
                    #expect(expected[key]?.0 == pair.before && expected[key]?.1 == pair.after, "\(key) in \(ops)")
                }
            }
        }
        #expect(applied > 50)
        #expect(refused > 10)
    }

    static let sheet: GridLayoutSpec = {
        var g = GridLayoutSpec(collectionView: LayoutSize(width: 200, height: 100),
                               rows: GridAxisSpec(count: 100, size: 10), columns: GridAxisSpec(count: 50, size: 20))
        g.frozen = GridFrozen(top: 1, bottom: 1, leading: 1, trailing: 0)
        g.merged = [GridMerge(row: 40, column: 2, rows: 3, columns: 2)]
        return g
    }()

    func apply(_ ops: [GridBatchOperation], to spec: GridLayoutSpec = sheet) throws(BatchError) -> GridLayoutSpec {
        try spec.applying(try GridUpdate.make(rows: spec.rows.count, columns: spec.columns.count, operations: ops))
    }

    func refusal(_ ops: [GridBatchOperation], to spec: GridLayoutSpec = sheet) -> BatchError? {
        do {
            _ = try apply(ops, to: spec)
            return nil
        } catch { return error }
    }

    @Test func mergedRangesAndFrozenBandsMoveWithTheirRows() throws {
        // Rows 40-42 merged: deleting 41 shrinks it, inserting inside widens it, inserting at its edge does not.
        #expect(try apply([GridBatchOperation(.rows, .delete([41]))]).merged == [GridMerge(row: 40, column: 2, rows: 2, columns: 2)])
        #expect(try apply([GridBatchOperation(.rows, .insert([41, 42], sizes: nil))]).merged
            == [GridMerge(row: 40, column: 2, rows: 5, columns: 2)])
        #expect(try apply([GridBatchOperation(.rows, .insert([40, 44], sizes: nil))]).merged
            == [GridMerge(row: 41, column: 2, rows: 3, columns: 2)])
        // All its rows deleted, or all but one cell left: gone.
        #expect(try apply([GridBatchOperation(.rows, .delete([40, 41, 42]))]).merged.isEmpty)
        #expect(try apply([GridBatchOperation(.rows, .delete([41, 42])), GridBatchOperation(.columns, .delete([3]))]).merged.isEmpty)
        // A move inside it keeps it; one out of it, or into it, splits it: refused, naming the operation.
        #expect(try apply([GridBatchOperation(.rows, .move(from: 40, to: 42))]).merged == Self.sheet.merged)
        #expect(refusal([GridBatchOperation(.rows, .delete([0])), GridBatchOperation(.rows, .move(from: 42, to: 60))])?.operation == 1)
        #expect(refusal([GridBatchOperation(.columns, .move(from: 10, to: 3))])?.reason.contains("merged range") == true)
        // Frozen: a header row deleted unfreezes nothing else; a row inserted above the total row scrolls; one
        // inserted at the very top joins the frozen rows; a move across the frozen edge is refused.
        #expect(try apply([GridBatchOperation(.rows, .insert([99], sizes: nil))]).frozen.bottom == 1)
        #expect(try apply([GridBatchOperation(.rows, .insert([100], sizes: nil))]).frozen.bottom == 2)
        #expect(try apply([GridBatchOperation(.rows, .insert([0], sizes: [40]))]).frozen.top == 2)
        #expect(try apply([GridBatchOperation(.rows, .insert([1], sizes: nil))]).frozen.top == 1)
        #expect(try apply([GridBatchOperation(.rows, .delete([0]))]).frozen.top == 0)
        let crossing = refusal([GridBatchOperation(.columns, .insert([5], sizes: nil)), GridBatchOperation(.rows, .move(from: 5, to: 0))])
        #expect(crossing?.operation == 1)
        #expect(crossing?.reason.contains("frozen rows") == true)
        #expect(refusal([GridBatchOperation(.rows, .move(from: 99, to: 50))])?.operation == 0)
        // Index rules.
        #expect(refusal([GridBatchOperation(.rows, .delete([100]))])?.reason == "row 100 does not exist before the batch (100 rows)")
        #expect(refusal([GridBatchOperation(.columns, .insert([52], sizes: nil))])?.reason
            == "column 52 is out of range after the batch (51 columns)")
        #expect(refusal([GridBatchOperation(.rows, .delete([3])), GridBatchOperation(.rows, .resize([3], sizes: [5]))])?.operation == 1)
        #expect(refusal([GridBatchOperation(.rows, .delete([3])), GridBatchOperation(.rows, .move(from: 3, to: 4))])?.operation == 1)
    }

    @Test func sizesMoveWithTheirRowsAndColumns() throws {
        var spec = Self.sheet
        spec.columns.sizes = .overrides([GridSizeOverride(index: 0, size: 64), GridSizeOverride(index: 7, size: 220)])
        let out = try apply([GridBatchOperation(.columns, .move(from: 7, to: 1)),
                             GridBatchOperation(.columns, .resize([2], sizes: [30])),
                             GridBatchOperation(.columns, .insert([3], sizes: [20]))], to: spec)
        // Old column 7 (220) at 1, old 1 at 2, the new one at 3, old 2 (resized to 30) at 4.
        let widths = ReferenceGridLayout(out).columnSizes
        #expect(Array(widths[0..<6]) == [64, 220, 20, 20, 30, 20])
        #expect(widths.count == 51)
        #expect(out.columns.normalized() == out.columns)
    }

    @Test func aBillionRowsAndOneInsertCostRuns() throws {
        var spec = GridLayoutSpec(collectionView: LayoutSize(width: 1280, height: 800),
                                  rows: GridAxisSpec(count: GridLayoutSpec.maxCount - 1, size: 28),
                                  columns: GridAxisSpec(count: 10_000, size: 100))
        spec.frozen = GridFrozen(top: 1, bottom: 1)
        let update = try GridUpdate.make(rows: spec.rows.count, columns: spec.columns.count,
                                         operations: [GridBatchOperation(.rows, .insert([500_000_000], sizes: [40]))])
        #expect(update.rows.runs.count == 3)
        let out = try spec.applying(update)
        #expect(out.rows == GridAxisSpec(count: GridLayoutSpec.maxCount, size: 28,
                                         sizes: .overrides([GridSizeOverride(index: 500_000_000, size: 40)])))
        #expect(out.frozen == GridFrozen(top: 1, bottom: 1))
        #expect(update.rows.newIndex(ofOld: 600_000_000) == 600_000_001)
        #expect(update.rows.oldIndex(ofNew: 500_000_000) == nil)
    }

    @Test func theUsersPlaceIsKeptOnBothAxes() throws {
        let old = PreparedGridLayout(Self.sheet)
        let offset = LayoutPoint(x: 200, y: 300)  // row 31 under the frozen row (10 tall), column 11 beside column 0
        func moved(_ ops: [GridBatchOperation], anchor: ScrollAnchor = .firstVisible) throws -> LayoutPoint {
            let update = try GridUpdate.make(rows: 100, columns: 50, operations: ops)
            let new = PreparedGridLayout(try Self.sheet.applying(update))
            return new.contentOffset(keeping: anchor, at: offset, from: old, update: update)
        }
        // Rows inserted above and a column widened to the left move the offset by what they add.
        #expect(try moved([GridBatchOperation(.rows, .insert([5, 6, 7], sizes: nil))]) == LayoutPoint(x: 200, y: 330))
        #expect(try moved([GridBatchOperation(.columns, .resize([3], sizes: [70]))]) == LayoutPoint(x: 250, y: 300))
        #expect(try moved([GridBatchOperation(.columns, .insert([2], sizes: [15]))]) == LayoutPoint(x: 215, y: 300))
        // Below and to the right: nothing moves.
        #expect(try moved([GridBatchOperation(.rows, .insert([60], sizes: nil)), GridBatchOperation(.columns, .delete([40]))])
            == offset)
        // The anchor row itself taller: it keeps its place (it starts at the edge).
        #expect(try moved([GridBatchOperation(.rows, .resize([31], sizes: [50]))]) == offset)
        // Scrolled halfway into row 31: the fraction is kept.
        let half = LayoutPoint(x: 200, y: 305)
        let update = try GridUpdate.make(rows: 100, columns: 50, operations: [GridBatchOperation(.rows, .resize([31], sizes: [50]))])
        let new = PreparedGridLayout(try Self.sheet.applying(update))
        #expect(new.contentOffset(keeping: .firstVisible, at: half, from: old, update: update) == LayoutPoint(x: 200, y: 325))
        // A deleted anchor row: the next one stands in at its own distance.
        #expect(try moved([GridBatchOperation(.rows, .delete([31, 3]))]) == LayoutPoint(x: 200, y: 280))
        // A named cell: its row and column keep their distances.
        #expect(try moved([GridBatchOperation(.rows, .insert([35], sizes: nil))],
                           anchor: .item(LayoutIndexPath(section: 36, item: 12))) == LayoutPoint(x: 200, y: 310))
        #expect(try moved([GridBatchOperation(.rows, .move(from: 36, to: 20))],
                           anchor: .item(LayoutIndexPath(section: 36, item: 12))) == LayoutPoint(x: 200, y: 140))
        // Right to left: a column inserted on the leading (right) side moves the visible ones left in the
        // content, as much as the content grows: the offset from the left stays; one inserted past them moves it.
        var mirrored = Self.sheet
        mirrored.layoutDirection = .rightToLeft
        let rtl = PreparedGridLayout(mirrored)
        for (at, x) in [(2, 600.0), (45, 615.0)] {
            let insert = try GridUpdate.make(rows: 100, columns: 50, operations: [GridBatchOperation(.columns, .insert([at], sizes: [15]))])
            let after = PreparedGridLayout(try mirrored.applying(insert))
            #expect(after.contentOffset(keeping: .firstVisible, at: LayoutPoint(x: 600, y: 0), from: rtl, update: insert)
                == LayoutPoint(x: x, y: 0))
        }
        // The end: the content's bottom keeps its distance to the viewport's.
        #expect(try moved([GridBatchOperation(.rows, .insert([99, 100], sizes: nil))], anchor: .end) == LayoutPoint(x: 200, y: 320))
    }
}
