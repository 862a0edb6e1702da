extension LayoutSpec {
    /// The spec after a batch: sections and items rearranged by `plan`, each keeping its size (or taking its new
    /// one), new items taking the size given or their section's item size. A section whose items all have its item
    /// size stays a count.
    /// - Complexity: O(items) for the copied size lists (a copy, run by run); O(sections + runs) for the rest.
    /// A frames layout takes its new cells' fields from `frames` (without them, nothing can be inserted); a
    /// waterfall its inserted items' spans and columns from `placements` (other kinds take none).
    public func applying(_ plan: UpdatePlan, frames: FrameUpdates? = nil, placements: ItemPlacements = ItemPlacements())
        throws(BatchError) -> LayoutSpec
    {
        let isWaterfall: Bool = if case .waterfall = self { true } else { false }
        guard placements.isEmpty || isWaterfall else {
            throw BatchError(operation: 0, reason: ItemPlacements.onlyWaterfalls)
        }
        switch self {
        case .flow(let flow): return .flow(try flow.applying(plan))
        case .waterfall(let waterfall): return .waterfall(try waterfall.applying(plan, placements: placements))
        case .compositional(let c): return .compositional(c.applying(plan))
        case .circle(var circle):
            circle.items = try Self.singleSection(plan)
            return .circle(circle)
        case .wheel(var wheel):
            wheel.items = try Self.singleSection(plan)
            return .wheel(wheel)
        case .grid:
            throw BatchError(operation: 0, reason: Self.gridUpdatesRefused)
        case .frames(let f):
            guard let frames else { throw BatchError(operation: 0, reason: FramesLayoutSpec.sizeReportsRefused) }
            return .frames(try f.applying(plan, frames: frames))
        }
    }

    /// Circles and wheels keep exactly one section.
    static func singleSection(_ plan: UpdatePlan) throws(BatchError) -> Int {
        guard plan.sections.count == 1, plan.sections[0].oldSection == 0 else {
            throw BatchError(operation: 0, reason: "this layout has exactly one section: only items can change")
        }
        return plan.sections[0].count
    }

    /// Why a grid takes no items and sections in a batch, nor size reports: its batches change rows and columns.
    public static let gridUpdatesRefused = "a grid changes by rows and columns (insertRows, deleteRows, moveRow, "
        + "resizeRows and the same for columns), not by items and sections, and takes no size reports"

    /// The number of items in each section (a grid: none listed, its batches are `GridUpdate`s).
    public var sectionCounts: [Int] {
        switch self {
        case .flow(let f): f.sections.map(\.items.count)
        case .waterfall(let w): w.sections.map(\.items.count)
        case .compositional(let c): c.sections.map(\.items.count)
        case .circle(let c): [c.items]
        case .wheel(let w): [w.items]
        case .grid: []
        case .frames(let f): f.cellCounts
        }
    }
}

extension FlowLayoutSpec {
    func applying(_ plan: UpdatePlan) throws(BatchError) -> FlowLayoutSpec {
        var out = self
        var sections: [FlowSectionSpec] = []
        sections.reserveCapacity(plan.sections.count)
        for (index, p) in plan.sections.enumerated() {
            if case .flow(let given)? = p.content {
                sections.append(given)
                continue
            }
            var section = p.oldSection.map { self.sections[$0] } ?? FlowSectionSpec(items: .count(0))
            let sizing = self.sizing(of: section)
            // A section whose items all have its item size is a count: known from the runs without a list, except
            // for runs out of size lists (one look each).
            func uniform(_ run: ItemRun) -> Bool {
                switch run {
                case .old(let s, let r), .reloaded(let s, let r, nil):
                    switch self.sections[s].items {
                    case .count: return self.sizing(of: self.sections[s]) == sizing
                    case .sizes(let list): return list[r].allSatisfy { .fixed($0) == sizing }
                    }
                case .reloaded(_, _, let size?), .inserted(_, let size?): return .fixed(size) == sizing
                case .inserted(_, nil): return true
                }
            }
            if p.runs.allSatisfy(uniform) {
                section.items = .count(p.count)
                sections.append(section)
                continue
            }
            // Items of an adaptive size have no size of their own to give a list, nor can a list join them.
            let adaptiveSources = p.runs.contains { run in
                switch run {
                case .old(let s, _), .reloaded(let s, _, nil):
                    if case .count = self.sections[s].items, case .adaptive = self.sizing(of: self.sections[s]) {
                        return true
                    }
                    return false
                default: return false
                }
            }
            guard !adaptiveSources else {
                throw BatchError(operation: 0, reason: "items of an adaptive itemSize (minimumWidth) take no sizes of "
                                 + "their own, nor join a list of sizes (section \(index))")
            }
            let itemSize: LayoutSize
            switch sizing {
            case .fixed(let size): itemSize = size
            case .adaptive:
                // A list of sizes in a section of an adaptive size: a new item needs its size.
                for case .inserted(_, nil) in p.runs {
                    throw BatchError(operation: 0, reason: "section \(index) gives its items' sizes: an item "
                                     + "inserted there needs its size (its itemSize is adaptive)")
                }
                itemSize = .zero
            }
            section.items = .sizes(p.gather(inserted: itemSize, given: { $0 }) { s, r, into in
                switch self.sections[s].items {
                case .sizes(let list): into.append(contentsOf: list[r])
                case .count:
                    into.append(contentsOf: repeatElement(self.sections[s].itemSize ?? defaultItemSize, count: r.count))
                }
            })
            sections.append(section)
        }
        out.sections = sections
        return out
    }
}

extension WaterfallLayoutSpec {
    func applying(_ plan: UpdatePlan, placements: ItemPlacements) throws(BatchError) -> WaterfallLayoutSpec {
        let vertical = scrollDirection == .vertical
        // A length cannot become a size (its width is unknown) nor a size a length (it depends on the column).
        func givesLengths(_ items: WaterfallItems) -> Bool { if case .lengths = items { true } else { false } }
        for p in plan.sections where p.content == nil {
            guard let own = p.oldSection else { continue }
            for case .old(let s, let r) in p.runs where givesLengths(sections[s].items) != givesLengths(sections[own].items) {
                throw BatchError(operation: 0, reason: "item \(s)/\(r.lowerBound) moves between a section of "
                                 + "itemHeights and one of itemSizes")
            }
        }
        var out = self
        out.sections = plan.sections.map { p in
            if case .waterfall(let given)? = p.content { return given }
            var section = p.oldSection.map { sections[$0] } ?? WaterfallSectionSpec(items: .lengths([]))
            // Sizes given with an update are [width, height]: a section of lengths takes the length along the
            // scroll direction; a section of sizes keeps them (inserted items without a size: a square).
            switch section.items {
            case .lengths:
                section.items = .lengths(p.gather(inserted: 0, given: { vertical ? $0.height : $0.width }) { s, r, into in
                    guard case .lengths(let l) = sections[s].items else {
                        preconditionFailure("checked above: items stay with their kind of section")
                    }
                    into.append(contentsOf: l[r])
                })
            case .sizes:
                section.items = .sizes(p.gather(inserted: LayoutSize(width: 1, height: 1), given: { $0 }) { s, r, into in
                    guard case .sizes(let z) = sections[s].items else {
                        preconditionFailure("checked above: items stay with their kind of section")
                    }
                    into.append(contentsOf: z[r])
                })
            }
            return section
        }
        try out.placeItems(plan, from: self, given: placements)
        return out
    }
}

extension SectionPlan {
    /// The section's per-item values, run by run: old and reloaded items without a new size from `old` (which
    /// appends the values of an old section's items), given sizes through `given`, new items without one as
    /// `inserted`.
    /// - Complexity: O(items), as copies of whole runs.
    func gather<T>(inserted: T, given: (LayoutSize) -> T, old: (Int, Range<Int>, inout [T]) -> Void) -> [T] {
        var values: [T] = []
        values.reserveCapacity(count)
        for run in runs {
            switch run {
            case .old(let s, let r), .reloaded(let s, let r, nil): old(s, r, &values)
            case .reloaded(_, _, let size?): values.append(given(size))
            case .inserted(let n, let size): values.append(contentsOf: repeatElement(size.map(given) ?? inserted, count: n))
            }
        }
        return values
    }
}
