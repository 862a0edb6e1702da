extension LayoutSpec {
    /// The spec after a batch: sections and items rearranged by `plan`, each keeping its size (or taking its new
    /// one), new items taking the size given or their section's item size. A section whose items all have its item
    /// size stays a count.
    /// - Complexity: O(items).
    public func applying(_ plan: UpdatePlan, operation: Int = 0) throws(BatchError) -> LayoutSpec {
        switch self {
        case .flow(let flow): return .flow(try flow.applying(plan))
        case .waterfall(let waterfall): return .waterfall(try waterfall.applying(plan))
        case .circle(var circle):
            circle.items = try Self.singleSection(plan)
            return .circle(circle)
        case .wheel(var wheel):
            wheel.items = try Self.singleSection(plan)
            return .wheel(wheel)
        }
    }

    /// Circles and wheels keep exactly one section.
    static func singleSection(_ plan: UpdatePlan) throws(BatchError) -> Int {
        guard plan.sections.count == 1, plan.sections[0].oldSection == 0 else {
            throw BatchError(operation: 0, reason: "this layout has exactly one section: only items can change")
        }
        return plan.sections[0].items.count
    }

    /// The number of items in each section.
    public var sectionCounts: [Int] {
        switch self {
        case .flow(let f): f.sections.map(\.items.count)
        case .waterfall(let w): w.sections.map(\.items.count)
        case .circle(let c): [c.items]
        case .wheel(let w): [w.items]
        }
    }
}

extension FlowLayoutSpec {
    func applying(_ plan: UpdatePlan) throws(BatchError) -> FlowLayoutSpec {
        var out = self
        out.sections = plan.sections.map { p in
            if case .flow(let given)? = p.content { return given }
            var section = p.oldSection.map { sections[$0] } ?? FlowSectionSpec(items: .count(0))
            let itemSize = section.itemSize ?? defaultItemSize
            func oldSize(_ path: IndexPath) -> Size {
                if case .sizes(let list) = sections[path.section].items { return list[path.item] }
                return sections[path.section].itemSize ?? defaultItemSize
            }
            let sizes = p.items.map { source -> Size in
                switch source {
                case .old(let path): oldSize(path)
                case .reloaded(let path, let size): size ?? oldSize(path)
                case .inserted(let size): size ?? itemSize
                }
            }
            section.items = sizes.allSatisfy { $0 == itemSize } ? .count(sizes.count) : .sizes(sizes)
            return section
        }
        return out
    }
}

extension WaterfallLayoutSpec {
    func applying(_ plan: UpdatePlan) throws(BatchError) -> WaterfallLayoutSpec {
        let vertical = scrollDirection == .vertical
        // A length cannot become a size (its width is unknown) nor a size a length (it depends on the column).
        func givesLengths(_ items: WaterfallItems) -> Bool { if case .lengths = items { true } else { false } }
        for p in plan.sections where p.content == nil {
            guard let own = p.oldSection else { continue }
            for case .old(let path) in p.items where givesLengths(sections[path.section].items) != givesLengths(sections[own].items) {
                throw BatchError(operation: 0, reason: "item \(path.section)/\(path.item) moves between a section of "
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
                func old(_ path: IndexPath) -> Double {
                    switch sections[path.section].items {
                    case .lengths(let l): return l[path.item]
                    case .sizes: preconditionFailure("checked above: items stay with their kind of section")
                    }
                }
                section.items = .lengths(p.items.map { source in
                    switch source {
                    case .old(let path): old(path)
                    case .reloaded(let path, let size): size.map { vertical ? $0.height : $0.width } ?? old(path)
                    case .inserted(let size): size.map { vertical ? $0.height : $0.width } ?? 0
                    }
                })
            case .sizes:
                func old(_ path: IndexPath) -> Size {
                    switch sections[path.section].items {
                    case .sizes(let z): return z[path.item]
                    case .lengths: preconditionFailure("checked above: items stay with their kind of section")
                    }
                }
                section.items = .sizes(p.items.map { source in
                    switch source {
                    case .old(let path): old(path)
                    case .reloaded(let path, let size): size ?? old(path)
                    case .inserted(let size): size ?? Size(width: 1, height: 1)
                    }
                })
            }
            return section
        }
        return out
    }
}
