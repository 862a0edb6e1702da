extension CompositionalLayoutSpec {
    /// The largest fraction accepted (a fraction of a length, so lengths stay within the limits).
    public static let maxFraction = 10_000.0

    public func validate(limits: SpecLimits) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.contentInset(contentInset)
        try collapsingHeader?.validate(vertical: scrollDirection == .vertical, check: check)
        try check.nonNegative(interSectionSpacing, at: [.key("interSectionSpacing")])
        try check.sectionCount(sections.count, limits: limits)
        try scrollEffects?.validate(at: [.key("scrollEffects")])
        try defaultSection?.scrollEffects?.validate(at: [.key("defaultSection"), .key("scrollEffects")])
        let v = CompositionalValidation(check: check, view: collectionView, direction: scrollDirection)
        // Each distinct section layout places its group once (its template): their items together stay within
        // the item limit, so that many sections of huge groups cannot exhaust memory.
        var slots = 0
        func count(_ s: CompositionalSection, at path: [SpecPathComponent],
                   naming: [SpecPathComponent]? = nil) throws(LayoutError) {
            slots += try v.section(s, at: path)
            if slots > limits.maxItems {
                throw .limitExceeded(path: naming ?? path + [.key("group")],
                                     reason: "the sections' groups hold more than \(limits.maxItems) items in all")
            }
        }
        if let d = defaultSection { try count(d, at: [.key("defaultSection")]) }
        // A section given sizes or content whose group has estimated sizes places its groups one by one, each as
        // many slots as the group holds whatever the items left: its group counts again for each such section.
        let placesDefault = defaultSection.map { CompiledGroup($0.group).hasEstimated } ?? false
        var total = 0
        for (i, s) in sections.enumerated() {
            let at: [SpecPathComponent] = [.key("sections"), .index(i)]
            switch s.items {
            case .count(let n):
                total += n
                try check.itemTotal(total, limits: limits, at: at + [.key("items")])
            case .sizes(let sizes):
                total += sizes.count
                try check.itemTotal(total, limits: limits, at: at + [.key("itemSizes")])
                for (j, z) in sizes.enumerated() where z != CompositionalItems.unreported {
                    try check.nonNegativeSizePair(z, at: at + [.key("itemSizes"), .index(j)])
                }
            }
            if let outline = s.outline { try outline.validate(itemCount: s.items.count, at: at + [.key("outline")]) }
            if let own = s.section {
                try own.scrollEffects?.validate(at: at + [.key("section"), .key("scrollEffects")])
                try count(own, at: at + [.key("section")])
            } else if let d = defaultSection, placesDefault, s.items.count > 0,
                      s.contents != nil || s.items != .count(s.items.count) {
                try count(d, at: [.key("defaultSection")],
                          naming: at + [.key(s.contents != nil ? "contents" : "itemSizes")])
            } else if defaultSection == nil {
                throw .invalidValue(path: at + [.key("section")], reason: "is required when there is no defaultSection")
            }
        }
    }
}

/// The checks of one compositional layout's sections and groups (the view's size resolves fractions).
struct CompositionalValidation {
    let check: RangeCheck
    let view: LayoutSize
    let direction: ScrollDirection

    /// Checks a section and returns how many items its group can hold when placed (at most
    /// `CompositionalGroup.maxItemsPerGroup`; that many when nested estimated groups may shrink and repeat more).
    @discardableResult
    func section(_ s: CompositionalSection, at path: [SpecPathComponent]) throws(LayoutError) -> Int {
        try check.nonNegative(s.interGroupSpacing, at: path + [.key("interGroupSpacing")])
        try insets(s.contentInsets, at: path + [.key("contentInsets")])
        let container = LayoutSize(width: view.width - s.contentInsets.leading - s.contentInsets.trailing,
                             height: view.height - s.contentInsets.top - s.contentInsets.bottom)
        guard container.width >= 0, container.height >= 0 else {
            throw .invalidValue(path: path + [.key("contentInsets")], reason: "the insets are larger than the view")
        }
        let held = try group(s.group, container: container, depth: 1, at: path + [.key("group")]).items
        for (i, b) in s.boundarySupplementaryItems.enumerated() {
            let at = path + [.key("boundarySupplementaryItems"), .index(i)]
            try CollapsingHeader.checkNotReserved(b.kind, at: at + [.key("kind")])
            try size(b.size, at: at + [.key("size")])
            let fits = direction == .vertical
                ? (b.alignment == .top || b.alignment == .bottom) : (b.alignment == .leading || b.alignment == .trailing)
            if !fits {
                throw .invalidValue(path: at + [.key("alignment")], reason: direction == .vertical
                    ? "must be \"top\" or \"bottom\" in a vertical layout"
                    : "must be \"leading\" or \"trailing\" in a horizontal layout")
            }
        }
        for (i, d) in s.decorationItems.enumerated() {
            let at = path + [.key("decorationItems"), .index(i)]
            try insets(d.contentInsets, at: at + [.key("contentInsets")])
            try CollapsingHeader.checkNotReserved(d.kind, at: at + [.key("kind")])
            if s.decorationItems[..<i].contains(where: { $0.kind == d.kind }) {
                throw .invalidValue(path: at + [.key("kind")], reason: "\"\(d.kind)\" is the kind of an earlier decoration item")
            }
        }
        // A supplementary view is named by its kind and index path: kinds are unique in a section's boundary items,
        // and a badge's differs from them and from its item's other badges.
        var boundaryKinds = Set<String>()
        for (i, b) in s.boundarySupplementaryItems.enumerated() where !boundaryKinds.insert(b.kind).inserted {
            throw .invalidValue(path: path + [.key("boundarySupplementaryItems"), .index(i), .key("kind")],
                                reason: "\"\(b.kind)\" is the kind of an earlier boundary item")
        }
        try badgeKinds(s.group, reserved: boundaryKinds, at: path + [.key("group")])
        return CompiledGroup(s.group).hasEstimatedGroup ? CompositionalGroup.maxItemsPerGroup : held
    }

    func badgeKinds(_ g: CompositionalGroup, reserved: Set<String>, at path: [SpecPathComponent]) throws(LayoutError) {
        for (i, sub) in g.subitems.enumerated() {
            switch sub {
            case .group(let inner): try badgeKinds(inner, reserved: reserved, at: path + [.key("subitems"), .index(i), .key("group")])
            case .item(let item):
                var seen = reserved
                for (j, b) in item.supplementaryItems.enumerated() {
                    try CollapsingHeader.checkNotReserved(b.kind, at: path + [.key("subitems"), .index(i), .key("item"),
                                                                              .key("supplementaryItems"), .index(j), .key("kind")])
                }
                for (j, b) in item.supplementaryItems.enumerated() where !seen.insert(b.kind).inserted {
                    throw .invalidValue(path: path + [.key("subitems"), .index(i), .key("item"), .key("supplementaryItems"),
                                                      .index(j), .key("kind")],
                                        reason: "\"\(b.kind)\" is already the kind of a boundary item or of another badge of this item")
                }
            }
        }
    }

    func insets(_ e: DirectionalInsets, at path: [SpecPathComponent]) throws(LayoutError) {
        try check.nonNegative(e.top, at: path + [.key("top")])
        try check.nonNegative(e.leading, at: path + [.key("leading")])
        try check.nonNegative(e.bottom, at: path + [.key("bottom")])
        try check.nonNegative(e.trailing, at: path + [.key("trailing")])
    }

    func dimension(_ d: CompositionalDimension, at path: [SpecPathComponent]) throws(LayoutError) {
        switch d {
        case .absolute(let v): try check.nonNegative(v, at: path + [.key("absolute")])
        case .estimated(let v): try check.nonNegative(v, at: path + [.key("estimated")])
        case .fractionalWidth(let f), .fractionalHeight(let f):
            let key = if case .fractionalWidth = d { "fractionalWidth" } else { "fractionalHeight" }
            guard f.isFinite, f > 0 else { throw .invalidValue(path: path + [.key(key)], reason: "must be a finite number more than 0") }
            guard f <= CompositionalLayoutSpec.maxFraction else {
                throw .invalidValue(path: path + [.key(key)], reason: "must be at most \(Int(CompositionalLayoutSpec.maxFraction))")
            }
        }
    }

    func size(_ s: CompositionalSize, at path: [SpecPathComponent]) throws(LayoutError) {
        try dimension(s.width, at: path + [.key("width")])
        try dimension(s.height, at: path + [.key("height")])
    }

    func item(_ item: CompositionalItem, container: LayoutSize, inCustom: Bool, at path: [SpecPathComponent])
        throws(LayoutError) -> LayoutSize
    {
        try insets(item.contentInsets, at: path + [.key("contentInsets")])
        for (i, b) in item.supplementaryItems.enumerated() {
            let at = path + [.key("supplementaryItems"), .index(i)]
            try size(b.size, at: at + [.key("size")])
            try check.finite(b.fractionalOffset.x, at: at + [.key("anchor"), .key("fractionalOffset"), .key("x")])
            try check.finite(b.fractionalOffset.y, at: at + [.key("anchor"), .key("fractionalOffset"), .key("y")])
            try check.finite(b.absoluteOffset.x, at: at + [.key("anchor"), .key("absoluteOffset"), .key("x")])
            try check.finite(b.absoluteOffset.y, at: at + [.key("anchor"), .key("absoluteOffset"), .key("y")])
        }
        if let f = item.frame {
            guard inCustom else { throw .invalidValue(path: path + [.key("frame")], reason: "only items of a custom group have a frame") }
            try check.finite(f.x, at: path + [.key("frame"), .key("x")])
            try check.finite(f.y, at: path + [.key("frame"), .key("y")])
            try check.nonNegative(f.width, at: path + [.key("frame"), .key("width")])
            try check.nonNegative(f.height, at: path + [.key("frame"), .key("height")])
            return f.size
        }
        guard !inCustom else { throw .invalidValue(path: path + [.key("frame")], reason: "is required in a custom group") }
        try size(item.size, at: path + [.key("size")])
        return item.size.resolve(in: container)
    }

    /// Checks a group and returns its provisional size and how many items it holds.
    @discardableResult
    func group(_ g: CompositionalGroup, container: LayoutSize, depth: Int, at path: [SpecPathComponent]) throws(LayoutError)
        -> (size: LayoutSize, items: Int)
    {
        guard depth <= CompositionalGroup.maxDepth else {
            throw .invalidValue(path: path, reason: "groups nest at most \(CompositionalGroup.maxDepth) deep (the top group counts as one)")
        }
        try size(g.size, at: path + [.key("size")])
        let s = g.size.resolve(in: container)
        try check.finite(s.width, at: path + [.key("size"), .key("width")])
        try check.finite(s.height, at: path + [.key("size"), .key("height")])
        try check.nonNegative(g.interItemSpacing.minimum, at: path + [.key("interItemSpacing"),
                                                                      .key({ if case .fixed = g.interItemSpacing { "fixed" } else { "flexible" } }())])
        guard !g.subitems.isEmpty else {
            throw .invalidValue(path: path + [.key("subitems")], reason: "must hold at least one subitem: a group that consumes no item")
        }
        if let n = g.count {
            guard n >= 1 else { throw .invalidValue(path: path + [.key("count")], reason: "must be 1 or more") }
            guard g.subitems.count == 1 else {
                throw .invalidValue(path: path + [.key("subitems")], reason: "a group with a count has exactly one subitem")
            }
            guard g.axis != .custom else { throw .invalidValue(path: path + [.key("count")], reason: "a custom group has no count") }
        }
        var sizes: [LayoutSize] = []
        var counts: [Int] = []
        for (i, sub) in g.subitems.enumerated() {
            let at = path + [.key("subitems"), .index(i)]
            switch sub {
            case .item(let item):
                sizes.append(try self.item(item, container: s, inCustom: g.axis == .custom, at: at + [.key("item")]))
                counts.append(1)
            case .group(let inner):
                guard g.axis != .custom else { throw .invalidValue(path: at, reason: "a custom group holds items with frames") }
                let r = try group(inner, container: s, depth: depth + 1, at: at + [.key("group")])
                sizes.append(r.size)
                counts.append(r.items)
            }
        }
        let limit = CompositionalGroup.maxItemsPerGroup
        func tooMany() -> LayoutError {
            .limitExceeded(path: path, reason: "the group holds more than \(limit) items")
        }
        if g.axis == .custom { return (s, g.subitems.count) }
        let vertical = g.axis == .vertical
        let length = vertical ? s.height : s.width
        if let n = g.count {
            let total = n.multipliedReportingOverflow(by: counts[0])
            guard !total.overflow, total.partialValue <= limit else { throw tooMany() }
            return (s, total.partialValue)
        }
        let first = vertical ? sizes[0].height : sizes[0].width
        if first > length + 1e-9 * max(1, abs(length)) {
            throw .invalidValue(path: path + [.key("subitems"), .index(0)],
                                reason: "does not fit in the group's length (\(first) > \(length))")
        }
        // The list repeats while the next subitem fits whole (as placement does, without reported sizes).
        var position = 0.0
        var items = 0
        var k = 0
        var placed = 0
        while true {
            let l = vertical ? sizes[k].height : sizes[k].width
            if placed > 0, position + l > length + 1e-9 * max(1, abs(length)) { break }
            items += counts[k]
            guard items <= limit else { throw tooMany() }
            position += l + g.interItemSpacing.minimum
            placed += 1
            k = (k + 1) % sizes.count
        }
        return (s, items)
    }
}
