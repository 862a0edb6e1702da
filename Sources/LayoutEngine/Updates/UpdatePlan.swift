/// The updated layout's sections and items, each traced to where it comes from (UIKit's rules).
public struct UpdatePlan: Sendable, Hashable {
    public var sections: [SectionPlan]

    /// Applies `operations` to a layout whose sections hold `oldCounts` items, or says which operation breaks
    /// UIKit's rules: an index out of range, the same thing named twice, an item deleted and moved, items
    /// changed inside a deleted or inserted section, or counts that do not add up.
    /// - Complexity: O(operations · log operations + sections): items are traced in runs, not one by one.
    public static func make(oldCounts: [Int], operations: [BatchOperation]) throws(BatchError) -> UpdatePlan {
        var deletedSections: [Int: Int] = [:]  // old section -> operation
        var reloadedSections: [Int: (op: Int, content: SectionContent?)] = [:]
        var movedSections: [Int: (op: Int, to: Int)] = [:]
        var insertedSections: [Int: (op: Int, content: SectionContent?)] = [:]
        var deletedItems: [LayoutIndexPath: Int] = [:]
        var reloadedItems: [LayoutIndexPath: (op: Int, size: LayoutSize?)] = [:]
        var movedItems: [LayoutIndexPath: (op: Int, to: LayoutIndexPath)] = [:]
        var insertedItems: [LayoutIndexPath: (op: Int, size: LayoutSize?)] = [:]
        var touchedOld = Set<LayoutIndexPath>()  // items named by a delete, reload or move source

        func oldSection(_ s: Int, _ op: Int) throws(BatchError) {
            guard s >= 0, s < oldCounts.count else {
                throw BatchError(operation: op, reason: "section \(s) does not exist before the batch (\(oldCounts.count) sections)")
            }
        }
        func oldItem(_ p: LayoutIndexPath, _ op: Int) throws(BatchError) {
            try oldSection(p.section, op)
            guard p.item >= 0, p.item < oldCounts[p.section] else {
                throw BatchError(operation: op, reason: "item \(p.section)/\(p.item) does not exist before the batch")
            }
            guard touchedOld.insert(p).inserted else {
                throw BatchError(operation: op, reason: "item \(p.section)/\(p.item) is already deleted, reloaded or moved")
            }
        }
        func sizes(_ s: [LayoutSize]?, count: Int, _ op: Int) throws(BatchError) {
            if let s, s.count != count {
                throw BatchError(operation: op, reason: "\(s.count) sizes for \(count) items")
            }
        }

        for (op, operation) in operations.enumerated() {
            switch operation {
            case .deleteSections(let list):
                for s in list {
                    try oldSection(s, op)
                    guard deletedSections[s] == nil, reloadedSections[s] == nil, movedSections[s] == nil else {
                        throw BatchError(operation: op, reason: "section \(s) is already deleted, reloaded or moved")
                    }
                    deletedSections[s] = op
                }
            case .reloadSections(let list, let content):
                if let content, content.count != list.count {
                    throw BatchError(operation: op, reason: "\(content.count) contents for \(list.count) sections")
                }
                for (k, s) in list.enumerated() {
                    try oldSection(s, op)
                    guard deletedSections[s] == nil, reloadedSections[s] == nil, movedSections[s] == nil else {
                        throw BatchError(operation: op, reason: "section \(s) is already deleted, reloaded or moved")
                    }
                    reloadedSections[s] = (op, content?[k])
                }
            case .moveSection(let from, let to):
                try oldSection(from, op)
                guard deletedSections[from] == nil, reloadedSections[from] == nil, movedSections[from] == nil else {
                    throw BatchError(operation: op, reason: "section \(from) is already deleted, reloaded or moved")
                }
                movedSections[from] = (op, to)
            case .insertSections(let list, let content):
                if let content, content.count != list.count {
                    throw BatchError(operation: op, reason: "\(content.count) contents for \(list.count) sections")
                }
                for (k, s) in list.enumerated() {
                    guard insertedSections[s] == nil else {
                        throw BatchError(operation: op, reason: "section \(s) is inserted twice")
                    }
                    insertedSections[s] = (op, content?[k])
                }
            case .deleteItems(let paths):
                for p in paths {
                    try oldItem(p, op)
                    deletedItems[p] = op
                }
            case .reloadItems(let paths, let s):
                try sizes(s, count: paths.count, op)
                for (k, p) in paths.enumerated() {
                    try oldItem(p, op)
                    reloadedItems[p] = (op, s?[k])
                }
            case .moveItem(let from, let to):
                try oldItem(from, op)
                movedItems[from] = (op, to)
            case .insertItems(let paths, let s):
                try sizes(s, count: paths.count, op)
                for (k, p) in paths.enumerated() {
                    guard insertedItems[p] == nil else {
                        throw BatchError(operation: op, reason: "item \(p.section)/\(p.item) is inserted twice")
                    }
                    insertedItems[p] = (op, s?[k])
                }
            }
        }
        // Items of deleted or reloaded sections cannot be changed one by one. (Dictionaries iterate in a
        // per-process order: every check that reports an operation goes through its entries in operation order,
        // so the same batch always blames the same operation, the later one.)
        func gone(_ p: LayoutIndexPath) -> Bool { deletedSections[p.section] != nil || reloadedSections[p.section] != nil }
        let changedInGoneSections = (deletedItems.map { ($0.value, $0.key, "is in") }
            + reloadedItems.map { ($0.value.op, $0.key, "is in") }
            + movedItems.map { ($0.value.op, $0.key, "moves out of") })
            .filter { gone($0.1) }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        if let (op, p, what) = changedInGoneSections.first {
            throw BatchError(operation: op, reason: "item \(p.section)/\(p.item) \(what) a section that is deleted or reloaded")
        }

        // Sections: destinations (inserts, moves) take their places first, the rest keep their order.
        let sectionCount = oldCounts.count - deletedSections.count + insertedSections.count
        var placed = [SectionPlan?](repeating: nil, count: max(sectionCount, 0))
        func place(_ index: Int, _ plan: SectionPlan, _ op: Int) throws(BatchError) {
            guard index >= 0, index < sectionCount else {
                throw BatchError(operation: op, reason: "section \(index) is out of range after the batch (\(sectionCount) sections)")
            }
            guard placed[index] == nil else {
                throw BatchError(operation: op, reason: "two sections go to index \(index)")
            }
            placed[index] = plan
        }
        let destinationsInOrder = (insertedSections.map { (op: $0.value.op, to: $0.key, from: Int?.none, content: $0.value.content) }
            + movedSections.map { (op: $0.value.op, to: $0.value.to, from: Optional($0.key), content: SectionContent?.none) })
            .sorted { ($0.op, $0.to) < ($1.op, $1.to) }
        for d in destinationsInOrder {
            try place(d.to, SectionPlan(oldSection: d.from, content: d.content, reloaded: false), d.op)
        }
        var next = 0
        for s in 0..<oldCounts.count where deletedSections[s] == nil && movedSections[s] == nil {
            while next < placed.count, placed[next] != nil { next += 1 }
            let reload = reloadedSections[s]
            placed[next] = SectionPlan(oldSection: s, content: reload?.content, reloaded: reload != nil)
        }
        var sections = placed.map { $0! }

        // Items: per new section, destinations first, then the old section's remaining items in order, as runs.
        var destinations: [Int: [(item: Int, source: ItemRun, op: Int)]] = [:]
        for (p, entry) in insertedItems {
            destinations[p.section, default: []].append((p.item, .inserted(count: 1, size: entry.size), entry.op))
        }
        for (from, entry) in movedItems {
            destinations[entry.to.section, default: []]
                .append((entry.to.item, .old(section: from.section, items: from.item..<(from.item + 1)), entry.op))
        }
        // Old items leaving their place (deleted or moved out), and reloaded ones, by old section, in order.
        var leaving: [Int: [Int]] = [:]
        for p in deletedItems.keys { leaving[p.section, default: []].append(p.item) }
        for p in movedItems.keys { leaving[p.section, default: []].append(p.item) }
        var reloading: [Int: [(item: Int, size: LayoutSize?)]] = [:]
        for (p, entry) in reloadedItems { reloading[p.section, default: []].append((p.item, entry.size)) }
        for (index, plan) in sections.enumerated() {
            let incoming = (destinations.removeValue(forKey: index) ?? []).sorted { ($0.op, $0.item) < ($1.op, $1.item) }
            if plan.oldSection == nil || plan.content != nil {
                // An inserted section, or a reloaded one with new content: its content is its items.
                if let op = incoming.first?.op {
                    throw BatchError(operation: op, reason: "section \(index) is inserted or reloaded with its own content")
                }
                if let old = plan.oldSection, plan.content == nil {
                    sections[index].append(.reloaded(section: old, items: 0..<oldCounts[old], size: nil))
                } else {
                    sections[index].append(.inserted(count: plan.content?.count ?? 0, size: nil))
                }
                continue
            }
            let old = plan.oldSection!
            let gone = (leaving[old] ?? []).sorted()
            let count = oldCounts[old] - gone.count + incoming.count
            var taken = Set<Int>()
            for d in incoming {
                guard d.item >= 0, d.item < count else {
                    throw BatchError(operation: d.op, reason: "item \(index)/\(d.item) is out of range after the batch (\(count) items)")
                }
                guard taken.insert(d.item).inserted else {
                    throw BatchError(operation: d.op, reason: "two items go to \(index)/\(d.item)")
                }
            }
            var kept = KeptItems(section: old, count: oldCounts[old], gone: gone,
                                 reloaded: plan.reloaded ? nil : (reloading[old] ?? []).sorted { $0.item < $1.item })
            var position = 0
            for d in incoming.sorted(by: { $0.item < $1.item }) {
                kept.take(d.item - position, into: &sections[index])
                sections[index].append(d.source)
                position = d.item + 1
            }
            kept.take(count - position, into: &sections[index])
        }
        if let (section, list) = destinations.min(by: { $0.value.map(\.op).min()! < $1.value.map(\.op).min()! }) {
            throw BatchError(operation: list.map(\.op).min()!, reason: "section \(section) is out of range after the batch")
        }
        return UpdatePlan(sections: sections)
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

/// The items an old section keeps in its place, in order, taken run by run: all but those leaving (deleted or
/// moved out); reloaded ones (every one, for a reloaded section: `reloaded` nil) as reloaded runs.
private struct KeptItems {
    let section: Int
    let count: Int
    let gone: [Int]
    let reloaded: [(item: Int, size: LayoutSize?)]?
    var next = 0  // the next old item to look at
    var goneIndex = 0
    var reloadedIndex = 0

    init(section: Int, count: Int, gone: [Int], reloaded: [(item: Int, size: LayoutSize?)]?) {
        self.section = section
        self.count = count
        self.gone = gone
        self.reloaded = reloaded
    }

    /// Appends the next `n` kept items to `plan`.
    mutating func take(_ n: Int, into plan: inout SectionPlan) {
        var n = n
        while n > 0 {
            while goneIndex < gone.count, gone[goneIndex] == next {
                next += 1
                goneIndex += 1
            }
            guard let reloaded else {
                // A reloaded section: every item is reloaded; stop at the next leaving item.
                let end = min(next + n, goneIndex < gone.count ? gone[goneIndex] : count)
                plan.append(.reloaded(section: section, items: next..<end, size: nil))
                n -= end - next
                next = end
                continue
            }
            if reloadedIndex < reloaded.count, reloaded[reloadedIndex].item == next {
                plan.append(.reloaded(section: section, items: next..<(next + 1), size: reloaded[reloadedIndex].size))
                reloadedIndex += 1
                next += 1
                n -= 1
                continue
            }
            var end = min(next + n, count)
            if goneIndex < gone.count { end = min(end, gone[goneIndex]) }
            if reloadedIndex < reloaded.count { end = min(end, reloaded[reloadedIndex].item) }
            plan.append(.old(section: section, items: next..<end))
            n -= end - next
            next = end
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
