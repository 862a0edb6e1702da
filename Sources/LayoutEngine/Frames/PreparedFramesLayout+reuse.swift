extension PreparedFramesLayout {
    /// The layout after a batch is prepared afresh when the frames outside the first part and the dead ones
    /// together pass n / `rebuildFraction`.
    static let rebuildFraction = 8

    /// The layout after a batch (`spec` is `old`'s spec with `plan` and `frames` applied, normalized), its index
    /// made of `old`'s: the same answers as `init(spec)`.
    ///
    /// The old parts are kept; `UpdatePlan.cellPositions` says where the old cells the batch keeps went, and the cells it
    /// inserts, reloads or moves with new fields go into a new part, packed over just those. Parts other than the
    /// first are merged (packed again over their live frames) while the one before the last holds at most twice as
    /// many frames as the last. So those parts at least halve from one to the next (O(log n) of them), and a merge
    /// puts the frames of the older part into one at least 1.5 times its size (frames removed meanwhile aside) and
    /// the new frames into O(log n) parts: each frame is packed O(log n) times (Bentley and Saxe's logarithmic
    /// method). When the frames outside the first part and the dead ones (deleted or changed since their part was
    /// built) pass n / `rebuildFraction`, the layout is prepared afresh; a batch that inserts, deletes, moves or
    /// reloads m cells adds at most 2m to those, so that costs O(n log n) once per Ω(n) cells changed.
    ///
    /// - Complexity: O(m log² n) amortized for the index, plus O(R log r) to carry the parts' R runs through the
    ///   batch's r runs (R grows by O(m) a batch and falls back to 1 with a fresh index), plus O(n) passes over the
    ///   new spec (content size, section counts), as applying the batch and validating the spec are. A rect query
    ///   searches every part: O(log n) each, plus O(log R) per frame found, dead ones included.
    ///   A layout with views other than cells, whose positions a batch interleaves anew, is prepared afresh.
    ///
    /// Apps reach it through `LayoutSpec.prepare(reusing:unchangedBefore:item:plan:frames:)`.
    package init(_ spec: FramesLayoutSpec, reusing old: PreparedFramesLayout, plan: UpdatePlan, frames: FrameUpdates) {
        let n = spec.elements.count
        guard spec.elements.category == nil, old.framesSpec.elements.category == nil,
              spec.scrollDirection == old.framesSpec.scrollDirection,
              let (kept, changed) = plan.cellPositions(frames: frames, oldCellCounts: old.cellCounts),
              kept.count + changed.count == n
        else {
            self.init(spec)
            return
        }
        var parts: [FramePart] = []
        for part in old.parts {
            let runs = part.runs.then(kept)
            if runs.count > 0 { parts.append(FramePart(part.index, runs: runs)) }
        }
        if !changed.isEmpty { parts.append(FramePart(spec, positions: changed)) }
        while parts.count > 2, parts[parts.count - 2].size <= 2 * parts[parts.count - 1].size {
            var positions: [Int32] = []
            for part in parts.suffix(2) { part.runs.forEachPosition { positions.append(Int32($0)) } }
            positions.sort()
            parts.removeLast(2)
            parts.append(FramePart(spec, positions: positions))
        }
        let outside = parts.dropFirst().reduce(0) { $0 + $1.live }
        let dead = parts.reduce(0) { $0 + $1.size - $1.live }
        guard (outside + dead) * Self.rebuildFraction <= n else {
            self.init(spec)
            return
        }
        self.init(spec, parts: parts)
    }
}
