/// The updated layout's sections and items, each traced to where it comes from (UIKit's rules).
public struct UpdatePlan: Sendable, Hashable {
    public var sections: [SectionPlan]

    /// Applies `operations` to a layout whose sections hold `oldCounts` items, or says which operation breaks
    /// UIKit's rules: an index out of range, the same thing named twice, an item deleted and moved, items
    /// changed inside a deleted or inserted section, or counts that do not add up. One `RunPlan` plans the
    /// sections, one each section whose items change.
    /// - Complexity: O(operations · log operations + sections): items are traced in runs, not one by one.
    public static func make(oldCounts: [Int], operations: [BatchOperation]) throws(BatchError) -> UpdatePlan {
        typealias Items = RunPlan<LayoutSize>
        var sections = RunPlan<SectionContent>.Batch(oldCount: oldCounts.count, names: .init(noun: "section"))
        var sources: [Int: Items.Batch] = [:]  // by old section
        var destinations: [Int: Items.Batch] = [:]  // by new section
        var movedFrom: [Int: LayoutIndexPath] = [:]  // item moves, by operation
        func items(old s: Int, _ op: Int) throws(BatchError) -> Int {
            try sections.old(s, op)
            if sources[s] == nil { sources[s] = Items.Batch(oldCount: oldCounts[s], names: .init(noun: "item", section: s)) }
            return s
        }
        func items(new s: Int) -> Int {
            if destinations[s] == nil { destinations[s] = Items.Batch(oldCount: 0, names: .init(noun: "item", section: s)) }
            return s
        }

        for (op, operation) in operations.enumerated() {
            switch operation {
            case .deleteSections(let list):
                for s in list { try sections.delete(s, op: op) }
            case .reloadSections(let list, let content):
                try Items.Batch.check(content, for: list, "contents", "sections", op: op)
                for (k, s) in list.enumerated() { try sections.reload(s, value: content?[k], op: op) }
            case .moveSection(let from, let to):
                try sections.move(from, to: to, op: op)
            case .insertSections(let list, let content):
                try Items.Batch.check(content, for: list, "contents", "sections", op: op)
                for (k, s) in list.enumerated() { try sections.insert(at: s, value: content?[k], op: op) }
            case .deleteItems(let paths):
                for p in paths { try sources[items(old: p.section, op)]!.delete(p.item, op: op) }
            case .reloadItems(let paths, let sizes):
                try Items.Batch.check(sizes, for: paths, "sizes", "items", op: op)
                for (k, p) in paths.enumerated() {
                    try sources[items(old: p.section, op)]!.reload(p.item, value: sizes?[k], op: op)
                }
            case .moveItem(let from, let to):
                try sources[items(old: from.section, op)]!.move(from.item, to: nil, op: op)
                movedFrom[op] = from
                destinations[items(new: to.section)]!.arrive(at: to.item, op: op)
            case .insertItems(let paths, let sizes):
                try Items.Batch.check(sizes, for: paths, "sizes", "items", op: op)
                for (k, p) in paths.enumerated() {
                    try destinations[items(new: p.section)]!.insert(at: p.item, value: sizes?[k], op: op)
                }
            }
        }
        // Items of deleted or reloaded sections cannot be changed one by one. (Dictionaries iterate in a
        // per-process order: every check that reports an operation goes through its entries in operation order,
        // so the same batch always blames the same operation, the later one.)
        let changedInGoneSections = sources.filter { sections.isDeletedOrReloaded($0.key) }
            .flatMap { s, batch in
                batch.sources.map { ($0.op, LayoutIndexPath(section: s, item: $0.index), $0.move ? "moves out of" : "is in") }
            }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        if let (op, p, what) = changedInGoneSections.first {
            throw BatchError(operation: op, reason: "item \(p.section)/\(p.item) \(what) a section that is deleted or reloaded")
        }

        // Sections: where each comes from.
        let sectionRuns = try sections.plan()
        var reloadedSections: [Int: SectionContent?] = [:]
        for r in sectionRuns.reloaded { reloadedSections[r.index] = r.value }
        var plans: [SectionPlan] = []
        plans.reserveCapacity(sectionRuns.count)
        for run in sectionRuns.runs {
            switch run {
            case .old(let r, _):
                for s in r {
                    let reload = reloadedSections[s]
                    plans.append(SectionPlan(oldSection: s, content: reload ?? nil, reloaded: reload != nil))
                }
            case .inserted(let n, let content):
                for _ in 0..<n { plans.append(SectionPlan(oldSection: nil, content: content, reloaded: false)) }
            case .arrived:
                preconditionFailure("sections arrive from no other axis")
            }
        }

        // Items: per new section, the old section's sources and the destinations recorded for its new index.
        for (index, plan) in plans.enumerated() {
            let incoming = destinations.removeValue(forKey: index)
            guard let old = plan.oldSection, plan.content == nil else {
                // An inserted section, or a reloaded one with new content: its content is its items.
                if let op = incoming?.destinationOps.first {
                    throw BatchError(operation: op, reason: "section \(index) is inserted or reloaded with its own content")
                }
                plans[index].append(.inserted(count: plan.content?.count ?? 0, size: nil))
                continue
            }
            guard var batch = sources[old] ?? incoming.map({ _ in
                Items.Batch(oldCount: oldCounts[old], names: .init(noun: "item", section: old))
            }) else {
                plans[index].append(plan.reloaded ? .reloaded(section: old, items: 0..<oldCounts[old], size: nil)
                                                  : .old(section: old, items: 0..<oldCounts[old]))
                continue
            }
            batch = batch.joined(with: incoming ?? Items.Batch(oldCount: 0, names: .init(noun: "item", section: index))) {
                op in movedFrom[op].flatMap { $0.section == old ? $0.item : nil }
            }
            plans[index].append(runs: try batch.plan(), of: old, movedFrom: movedFrom)
        }
        if let (section, batch) = destinations.min(by: { $0.value.destinationOps[0] < $1.value.destinationOps[0] }) {
            throw BatchError(operation: batch.destinationOps[0], reason: "section \(section) is out of range after the batch")
        }
        return UpdatePlan(sections: plans)
    }

    /// The first place where the updated layout may differ from the old one: every section before `section` is
    /// the old one unchanged, and so are this section's own keys and its items before `item` (when it continues
    /// the old section of the same index). Nil when nothing changes.
    /// - Complexity: O(sections).
    public func firstChange(oldCounts: [Int]) -> (section: Int, item: Int)? {
        for (k, p) in sections.enumerated() {
            guard k < oldCounts.count, p.oldSection == k, p.content == nil, !p.reloaded else { return (k, 0) }
            var same = 0
            if case .old(k, let r)? = p.runs.first, r.lowerBound == 0 { same = r.count }
            if same == oldCounts[k], p.count == oldCounts[k] { continue }
            return (k, same)
        }
        return sections.count == oldCounts.count ? nil : (sections.count, 0)
    }

    /// Where old items went: the new index path of an old item that exists before and after (kept or moved; not
    /// reloaded). O(runs) to build, O(log runs) per look-up.
    public struct OldItemIndex: Sendable {
        /// Per old section: its items' runs, by first old item, with where each starts in the new layout.
        var runs: [Int: [(items: Range<Int>, newSection: Int, newStart: Int)]] = [:]

        public func newPath(ofOld path: LayoutIndexPath) -> LayoutIndexPath? {
            guard let list = runs[path.section] else { return nil }
            var lo = 0
            var hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if list[mid].items.upperBound <= path.item { lo = mid + 1 } else { hi = mid }
            }
            guard lo < list.count, list[lo].items.contains(path.item) else { return nil }
            return LayoutIndexPath(section: list[lo].newSection, item: list[lo].newStart + path.item - list[lo].items.lowerBound)
        }
    }

    public var oldItemIndex: OldItemIndex {
        var index = OldItemIndex()
        for (s, section) in sections.enumerated() {
            var start = 0
            for run in section.runs {
                if case .old(let o, let r) = run { index.runs[o, default: []].append((r, s, start)) }
                start += run.count
            }
        }
        for key in index.runs.keys { index.runs[key]!.sort { $0.items.lowerBound < $1.items.lowerBound } }
        return index
    }

    /// The old index path of a new item that existed before (kept or moved; not reloaded or inserted), or nil.
    /// - Complexity: O(log runs).
    public func oldPath(ofNew path: LayoutIndexPath) -> LayoutIndexPath? {
        guard sections.indices.contains(path.section), path.item >= 0, path.item < sections[path.section].count,
              case .old(let p) = sections[path.section].source(of: path.item) else { return nil }
        return p
    }
}

extension SectionPlan {
    /// Appends the items of old section `old` as `items` places them: kept ones (reloaded ones, every one for a
    /// reloaded section, as reloaded runs), moved ones from where `movedFrom` says, and new ones.
    /// - Complexity: O(runs + reloaded items).
    mutating func append(runs items: RunPlan<LayoutSize>, of old: Int, movedFrom: [Int: LayoutIndexPath]) {
        let reloads = items.reloaded
        var k = 0  // the next reloaded item: kept runs come in old order
        for run in items.runs {
            switch run {
            case .old(let r, nil) where reloaded:
                append(.reloaded(section: old, items: r, size: nil))
            case .old(let r, nil):
                var lo = r.lowerBound
                while k < reloads.count, reloads[k].index < r.upperBound {
                    let i = reloads[k].index
                    append(.old(section: old, items: lo..<i))
                    append(.reloaded(section: old, items: i..<(i + 1), size: reloads[k].value))
                    lo = i + 1
                    k += 1
                }
                append(.old(section: old, items: lo..<r.upperBound))
            case .old(let r, _?):
                append(.old(section: old, items: r))
            case .inserted(let n, let size):
                append(.inserted(count: n, size: size))
            case .arrived(let op):
                let from = movedFrom[op]!
                append(.old(section: from.section, items: from.item..<(from.item + 1)))
            }
        }
    }
}

extension SectionContent {
    /// The number of items it holds.
    public var count: Int {
        switch self {
        case .flow(let s): s.items.count
        case .waterfall(let s): s.items.count
        case .compositional(let s): s.items.count
        }
    }
}
