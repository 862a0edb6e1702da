extension UpdatePlan {
    /// Where this batch, on a layout of cells (one element per cell, in section and item order), takes the old
    /// cells whose frames it keeps, read off its runs: old positions to new ones, and the new positions of the
    /// cells it inserts, reloads, or moves with new fields (`changed`, in increasing order). Nil when the plan
    /// changes sections' content.
    /// - Complexity: O(sections + runs · log runs + m log m) for m cells given in `frames`.
    func cellPositions(frames: FrameUpdates, oldCellCounts: [Int])
        -> (kept: PositionRuns, changed: [Int32])?
    {
        var oldStarts: [Int] = []
        var total = 0
        for c in oldCellCounts {
            oldStarts.append(total)
            total += c
        }
        var newStarts: [Int] = []
        total = 0
        for p in sections {
            newStarts.append(total)
            total += p.count
        }
        // Moved cells given new fields, by new position (inserted ones fall in inserted runs).
        var placed = frames.placed.keys.compactMap { path -> Int? in
            sections.indices.contains(path.section) ? newStarts[path.section] + path.item : nil
        }
        placed.sort()
        var next = 0
        var kept: [(old: Int, length: Int, new: Int)] = []
        var changed: [Int32] = []
        for (s, p) in sections.enumerated() {
            guard p.content == nil, !p.reloaded else { return nil }
            var at = newStarts[s]
            for run in p.runs {
                defer { at += run.count }
                guard case .old(let o, let r) = run, oldStarts.indices.contains(o) else {
                    changed.append(contentsOf: (at..<(at + run.count)).lazy.map { Int32($0) })
                    continue
                }
                // The run, less the cells given new fields.
                while next < placed.count, placed[next] < at { next += 1 }
                var start = 0
                while next < placed.count, placed[next] < at + run.count {
                    let cut = placed[next] - at
                    kept.append((oldStarts[o] + r.lowerBound + start, cut - start, at + start))
                    changed.append(Int32(placed[next]))
                    start = cut + 1
                    next += 1
                }
                kept.append((oldStarts[o] + r.lowerBound + start, run.count - start, at + start))
            }
        }
        kept.sort { $0.old < $1.old }
        var runs = PositionRuns()
        for k in kept { runs.append(first: k.old, length: k.length, position: k.new) }
        return (runs, changed)
    }
}
