/// Rule 5 of waterfalls: spans and columns move with their items in a batch, and `keepColumns` writes every old
/// item's placed column into the new spec's `itemColumns`.
extension ItemPlacements {
    /// Why a layout other than a waterfall takes no spans and columns.
    public static let onlyWaterfalls = "spans and columns are given to the items of waterfall layouts only"
}

extension WaterfallLayoutSpec {
    /// Each section's `itemSpans` and `itemColumns` after `plan` (sections given whole with the batch keep what they
    /// were given): old and reloaded items take theirs from `old`, inserted ones those given in `placements`, else
    /// 1 and -1. A list of defaults only is nil, as the canonical form writes it.
    /// - Complexity: O(items) of the sections that had or are given spans (columns), nothing for the others.
    mutating func placeItems(_ plan: UpdatePlan, from old: WaterfallLayoutSpec, given placements: ItemPlacements)
        throws(BatchError)
    {
        let named = placements.sections
        var used = 0
        for (k, p) in plan.sections.enumerated() where p.content == nil {
            func gather(_ list: (WaterfallSectionSpec) -> [Int]?, _ given: [LayoutIndexPath: Int], default d: Int) -> [Int]? {
                let carries = p.runs.contains { run in
                    switch run {
                    case .old(let s, _), .reloaded(let s, _, _): list(old.sections[s]) != nil
                    case .inserted: false
                    }
                }
                guard carries || named.contains(k) else { return nil }
                var values: [Int] = []
                values.reserveCapacity(p.count)
                for run in p.runs {
                    switch run {
                    case .old(let s, let r), .reloaded(let s, let r, _):
                        if let l = list(old.sections[s]) {
                            values.append(contentsOf: l[r])
                        } else {
                            values.append(contentsOf: repeatElement(d, count: r.count))
                        }
                    case .inserted(let n, _):
                        for j in values.count..<(values.count + n) {
                            if let v = given[LayoutIndexPath(section: k, item: j)] {
                                values.append(v)
                                used += 1
                            } else {
                                values.append(d)
                            }
                        }
                    }
                }
                return values.contains { $0 != d } ? values : nil
            }
            sections[k].itemSpans = gather(\.itemSpans, placements.spans, default: 1)
            sections[k].itemColumns = gather(\.itemColumns, placements.columns, default: -1)
        }
        guard used == placements.spans.count + placements.columns.count else {
            throw BatchError(operation: 0, reason: "spans or columns are given for items that are not inserted")
        }
    }

    /// `keepColumns`: this spec (the result of `plan` on the layout `placed` describes) with every item that existed
    /// before the batch in the first column it had there (`placed`, by its old index path), written into
    /// `itemColumns`. Inserted items keep the column given to them (-1 when none); the other items of reloaded
    /// sections take -1, and sections given whole what they were given.
    /// - Complexity: O(items) of the sections the batch keeps, one `placed` each.
    public func keepingColumns(_ plan: UpdatePlan, placed: (LayoutIndexPath) -> Int?) -> WaterfallLayoutSpec {
        var out = self
        for (k, p) in plan.sections.enumerated() where p.content == nil {
            let given = sections[k].itemColumns
            var columns: [Int] = []
            columns.reserveCapacity(p.count)
            for run in p.runs {
                switch run {
                case .old(_, let r) where p.reloaded, .reloaded(_, let r, _) where p.reloaded:
                    columns.append(contentsOf: repeatElement(-1, count: r.count))
                case .old(let s, let r), .reloaded(let s, let r, _):
                    for i in r { columns.append(placed(LayoutIndexPath(section: s, item: i)) ?? -1) }
                case .inserted(let n, _):
                    let start = columns.count
                    if let given {
                        columns.append(contentsOf: given[start..<(start + n)])
                    } else {
                        columns.append(contentsOf: repeatElement(-1, count: n))
                    }
                }
            }
            out.sections[k].itemColumns = columns.contains { $0 != -1 } ? columns : nil
        }
        return out
    }

    /// The first section whose `itemColumns` differ from `old`'s (nil and all -1 are the same), or nil.
    /// - Complexity: O(items).
    public func firstColumnsChange(from old: WaterfallLayoutSpec) -> Int? {
        func same(_ a: [Int]?, _ b: [Int]?) -> Bool {
            switch (a, b) {
            case (nil, nil): true
            case (let a?, nil), (nil, let a?): a.allSatisfy { $0 == -1 }
            case (let a?, let b?): a == b
            }
        }
        for k in sections.indices {
            guard k < old.sections.count else { return k }
            if !same(sections[k].itemColumns, old.sections[k].itemColumns) { return k }
        }
        return nil
    }
}

extension WaterfallLayoutSpec {
    /// After a bounds change from `before`: each section whose column count changed (an adaptive count) places its
    /// items by its rule again, its `itemColumns` reset to -1 (columns of another count say nothing of these).
    /// - Complexity: O(sections).
    mutating func resetColumns(whereCountsChangeFrom before: WaterfallLayoutSpec) {
        for s in sections.indices where sections[s].itemColumns != nil && columnCount(ofSection: s) != before.columnCount(ofSection: s) {
            sections[s].itemColumns = nil
        }
    }

    /// Section `s`'s column count at this spec's view size (across it, less the section's insets).
    func columnCount(ofSection s: Int) -> Int {
        let inset = sections[s].sectionInset ?? sectionInset
        let across = scrollDirection == .vertical
            ? collectionView.width - inset.left - inset.right : collectionView.height - inset.top - inset.bottom
        return columns(ofSection: s, available: across)
    }
}

extension LayoutSpec {
    /// `keepColumns` (`WaterfallLayoutSpec.keepingColumns`) on the result of `plan` on `old`, and the first section
    /// whose columns it changed; nil for a layout that is not a waterfall (it has no columns to keep).
    public func keepingColumns(of old: any PreparedLayout, plan: UpdatePlan) -> (spec: LayoutSpec, firstChange: Int?)? {
        guard case .waterfall(let spec) = self, let old = old as? PreparedWaterfallLayout,
              case .waterfall(let before) = old.spec
        else { return nil }
        let kept = spec.keepingColumns(plan, placed: old.placedColumn(at:))
        return (.waterfall(kept), kept.firstColumnsChange(from: before))
    }
}
