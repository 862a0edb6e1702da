extension GridLayoutSpec {
    /// Plans a batch of `operations` on this grid (`GridUpdate.make`) and applies it: the plan, and the grid after
    /// the batch.
    public func applying(_ operations: [GridBatchOperation]) throws(BatchError)
        -> (update: GridUpdate, spec: GridLayoutSpec)
    {
        let update = try GridUpdate.make(rows: rows.count, columns: columns.count, operations: operations)
        return (update, try applying(update))
    }

    /// The grid after a batch. Sizes, frozen bands and merged ranges move with their rows and columns:
    /// - a row (column) keeps its size wherever it goes, or takes the one it is resized to; a new one takes the size
    ///   given or the axis's size;
    /// - a frozen band keeps its rows: deleting one shrinks it; a row inserted before the last row of the top band
    ///   (after the first of the bottom band) joins it, one inserted where a band meets the rows that scroll joins
    ///   those (appending a row above the total row does not freeze it); a move out of its band is refused;
    /// - a merged range keeps its rows: deleting some shrinks it, deleting all of them (or all but one cell) drops
    ///   it; rows inserted between two of its rows widen it, so the range stays one block; a move that would leave
    ///   a row of the range apart from the others, or put another row among them, is refused.
    /// - Complexity: an axis the batch leaves alone is kept as it is. A changed axis costs O(runs + sizes given
    ///   that move): a list of sizes (`sizes`) is copied once, run by run (its positions shift), overrides are
    ///   moved one by one. Merged ranges cost O(m log runs) for m ranges.
    public func applying(_ update: GridUpdate) throws(BatchError) -> GridLayoutSpec {
        var out = self
        if !update.rows.isIdentity {
            out.rows = rows.applying(update.rows)
            (out.frozen.top, out.frozen.bottom) = try update.rows.frozen(.rows, before: frozen.top, after: frozen.bottom)
        }
        if !update.columns.isIdentity {
            out.columns = columns.applying(update.columns)
            (out.frozen.leading, out.frozen.trailing) = try update.columns.frozen(.columns, before: frozen.leading,
                                                                                  after: frozen.trailing)
        }
        if update.rows.isIdentity && update.columns.isIdentity { return out }
        var merged: [GridMerge] = []
        merged.reserveCapacity(self.merged.count)
        for m in self.merged {
            guard let r = try update.rows.span(.rows, of: m.row..<(m.row + m.rows)),
                  let c = try update.columns.span(.columns, of: m.column..<(m.column + m.columns)),
                  r.count > 1 || c.count > 1 else { continue }
            merged.append(GridMerge(row: r.lowerBound, column: c.lowerBound, rows: r.count, columns: c.count))
        }
        out.merged = merged
        return out
    }
}

extension GridAxisSpec {
    /// The axis after `plan`: counts and sizes, in normalized form.
    func applying(_ plan: RunPlan<Double>) -> GridAxisSpec {
        // The sizes that differ from the default, in new index order: run by run, then the resized ones merged in.
        let old = exceptions()
        var moved: [GridSizeOverride] = []
        for (start, run) in plan.placedRuns {
            switch run {
            case .old(let r, _):
                var lo = old.partitionPoint { $0.index < r.lowerBound }
                while lo < old.count, old[lo].index < r.upperBound {
                    moved.append(GridSizeOverride(index: start + old[lo].index - r.lowerBound, size: old[lo].size))
                    lo += 1
                }
            case .inserted(let n, let s?) where s != size:
                for k in 0..<n { moved.append(GridSizeOverride(index: start + k, size: s)) }
            case .inserted, .arrived:
                break
            }
        }
        let resized = plan.reloaded.map { GridSizeOverride(index: plan.newIndex(ofOld: $0.index)!, size: $0.value!) }
            .sorted { $0.index < $1.index }
        var merged: [GridSizeOverride] = []
        merged.reserveCapacity(moved.count + resized.count)
        var k = 0
        for o in moved {
            while k < resized.count, resized[k].index < o.index {
                merged.append(resized[k])
                k += 1
            }
            if k < resized.count, resized[k].index == o.index {
                merged.append(resized[k])
                k += 1
            } else {
                merged.append(o)
            }
        }
        merged += resized[k...]
        return GridAxisSpec(count: plan.count, size: size, sizes: .overrides(merged)).normalized()
    }
}

extension RunPlan<Double> {
    /// The frozen counts after the batch, at the start and the end, of an axis with `before` and `after` frozen:
    /// the new indices up to the last old one of the start's band, and from the first old one of the end's band.
    /// A move that takes one out of its band (or puts one into another band) is refused. O(runs).
    func frozen(_ axis: GridAxis, before: Int, after: Int) throws(BatchError) -> (Int, Int) {
        let bodyEnd = oldCount - after
        var top = 0
        var bottom: Int?
        var highest = (band: 0, move: Int?.none)  // the highest band seen, and the move that put it there
        for (start, run) in placedRuns {
            guard case .old(let r, let move) = run else { continue }
            for (band, cut) in [(0, 0..<before), (1, before..<bodyEnd), (2, bodyEnd..<oldCount)] {
                let (a, b) = (max(r.lowerBound, cut.lowerBound), min(r.upperBound, cut.upperBound))
                guard a < b else { continue }
                let piece = a..<b
                if band < highest.band {
                    let op = move ?? highest.move ?? 0
                    let which = moves.first { $0.op == op }.map { "\(axis.noun) \($0.from) moves" } ?? "a move goes"
                    throw BatchError(operation: op, reason: "\(which) across the edge of the frozen \(axis.noun)s "
                                     + "(frozen \(axis.noun)s and the others stay apart)")
                }
                if band > highest.band { highest = (band, move) }
                let at = start + piece.lowerBound - r.lowerBound
                if band == 0 { top = at + piece.count }
                if band == 2, bottom == nil { bottom = count - at }
            }
        }
        return (top, bottom ?? 0)
    }

    /// The new indices of a merged range's old indices `range`: from the first to the last that survive, which
    /// must hold nothing but them and inserted ones. Nil when none survives.
    /// - Complexity: O(log runs + pieces of the range), plus the moves when the range is split.
    func span(_ axis: GridAxis, of range: Range<Int>) throws(BatchError) -> Range<Int>? {
        var lo = Int.max
        var hi = Int.min
        var survivors = 0
        forEachSurvivor(of: range) { piece, start in
            lo = min(lo, start)
            hi = max(hi, start + piece.count)
            survivors += piece.count
        }
        guard survivors > 0 else { return nil }
        if hi - lo == survivors + inserted(before: hi) - inserted(before: lo) { return lo..<hi }
        // Split: blame the first move out of the range or into its new span.
        let move = moves.first { range.contains($0.from) || (lo..<hi).contains($0.to) }
        let which = move.map { "\(axis.noun) \($0.from) moves" } ?? "a move goes"
        throw BatchError(operation: move?.op ?? 0, reason: "\(which) into or out of the merged range of "
                         + "\(axis.noun)s \(range.lowerBound) to \(range.upperBound - 1) (a merged range stays one block)")
    }
}
