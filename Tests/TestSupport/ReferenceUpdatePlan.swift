public import LayoutEngine

/// The batch-update plan as first written: every item of the new layout traced one by one (O(items), with
/// dictionaries). Kept as the reference that the run-based `UpdatePlan` must match, item for item and error for
/// error, on random batches.
public struct ReferenceSectionPlan: Sendable, Hashable {
    public var oldSection: Int?
    public var content: SectionContent?
    public var reloaded: Bool
    public var items: [ItemSource]
}

public struct ReferenceUpdatePlan: Sendable, Hashable {
    public var sections: [ReferenceSectionPlan]

    public static func make(oldCounts: [Int], operations: [BatchOperation]) throws(BatchError) -> ReferenceUpdatePlan {
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
        var placed = [ReferenceSectionPlan?](repeating: nil, count: max(sectionCount, 0))
        func place(_ index: Int, _ plan: ReferenceSectionPlan, _ op: Int) throws(BatchError) {
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
            try place(d.to, ReferenceSectionPlan(oldSection: d.from, content: d.content, reloaded: false, items: []), d.op)
        }
        var next = 0
        for s in 0..<oldCounts.count where deletedSections[s] == nil && movedSections[s] == nil {
            while next < placed.count, placed[next] != nil { next += 1 }
            let reload = reloadedSections[s]
            placed[next] = ReferenceSectionPlan(oldSection: s, content: reload?.content, reloaded: reload != nil, items: [])
        }
        var sections = placed.map { $0! }

        // Items: per new section, destinations first, then the old section's remaining items in order.
        var destinations: [Int: [(item: Int, source: ItemSource, op: Int)]] = [:]
        for (p, entry) in insertedItems {
            destinations[p.section, default: []].append((p.item, .inserted(size: entry.size), entry.op))
        }
        for (from, entry) in movedItems {
            destinations[entry.to.section, default: []].append((entry.to.item, .old(from), entry.op))
        }
        for (index, plan) in sections.enumerated() {
            let incoming = (destinations.removeValue(forKey: index) ?? []).sorted { ($0.op, $0.item) < ($1.op, $1.item) }
            if plan.oldSection == nil || plan.content != nil {
                // An inserted section, or a reloaded one with new content: its content is its items.
                if let op = incoming.first?.op {
                    throw BatchError(operation: op, reason: "section \(index) is inserted or reloaded with its own content")
                }
                let count = plan.content?.count ?? 0
                if let old = plan.oldSection, plan.content == nil {
                    sections[index].items = (0..<oldCounts[old]).map { .reloaded(LayoutIndexPath(section: old, item: $0), size: nil) }
                } else {
                    sections[index].items = (0..<count).map { _ in .inserted(size: nil) }
                }
                continue
            }
            let old = plan.oldSection!
            let kept = (0..<oldCounts[old]).compactMap { item -> ItemSource? in
                let p = LayoutIndexPath(section: old, item: item)
                if deletedItems[p] != nil || movedItems[p] != nil { return nil }
                if plan.reloaded { return .reloaded(p, size: nil) }
                if let r = reloadedItems[p] { return .reloaded(p, size: r.size) }
                return .old(p)
            }
            let count = kept.count + incoming.count
            var items = [ItemSource?](repeating: nil, count: count)
            for d in incoming {
                guard d.item >= 0, d.item < count else {
                    throw BatchError(operation: d.op, reason: "item \(index)/\(d.item) is out of range after the batch (\(count) items)")
                }
                guard items[d.item] == nil else {
                    throw BatchError(operation: d.op, reason: "two items go to \(index)/\(d.item)")
                }
                items[d.item] = d.source
            }
            var k = 0
            for i in items.indices where items[i] == nil {
                items[i] = kept[k]
                k += 1
            }
            sections[index].items = items.map { $0! }
        }
        if let (section, list) = destinations.min(by: { $0.value.map(\.op).min()! < $1.value.map(\.op).min()! }) {
            throw BatchError(operation: list.map(\.op).min()!, reason: "section \(section) is out of range after the batch")
        }
        return ReferenceUpdatePlan(sections: sections)
    }

}
