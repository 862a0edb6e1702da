extension FlowLayoutSpec {
    /// Checks ranges (finite, non-negative lengths within `limits.maxLength`, positive view size) and counts.
    /// - Complexity: O(items given as sizes + sections); sizes before `unchangedBefore` (a part that matches an
    /// accepted spec) are not scanned.
    public func validate(limits: SpecLimits, unchangedBefore: (section: Int, item: Int)? = nil) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.contentInset(contentInset)
        try check.nonNegative(itemSize, at: [.key("itemSize")])
        if let e = estimatedItemSize { try check.nonNegative(e, at: [.key("estimatedItemSize")]) }
        try check.nonNegative(minimumLineSpacing, at: [.key("minimumLineSpacing")])
        try check.nonNegative(minimumInteritemSpacing, at: [.key("minimumInteritemSpacing")])
        try check.sectionInsets(sectionInset, scrollDirection, at: [.key("sectionInset")])
        try check.nonNegative(headerReferenceSize, at: [.key("headerReferenceSize")])
        try check.nonNegative(footerReferenceSize, at: [.key("footerReferenceSize")])
        try check.decorations(chrome.decorations, at: [.key("decorations")])
        try scrollEffects?.validate(at: [.key("scrollEffects")])
        try check.sectionCount(sections.count, limits: limits)
        var total = 0
        for (i, section) in sections.enumerated() {
            let at: [SpecPathComponent] = [.key("sections"), .index(i)]
            switch section.items {
            case .count(let n):
                if n < 0 { throw .invalidValue(path: at + [.key("items")], reason: "must be 0 or more") }
            case .sizes(let sizes):
                // One tight scan; the path is built only for the first bad size.
                let from = unchangedBefore.map { i < $0.section ? sizes.count : i == $0.section ? min($0.item, sizes.count) : 0 } ?? 0
                if let j = sizes[from...].firstIndex(where: { !check.isNonNegative($0.width) || !check.isNonNegative($0.height) }) {
                    try check.nonNegativeSizePair(sizes[j], at: at + [.key("itemSizes"), .index(j)])
                }
            }
            total += section.items.count
            try check.itemTotal(total, limits: limits, at: at + [.key(section.items.isCount ? "items" : "itemSizes")])
            if let v = section.itemSize { try check.nonNegative(v, at: at + [.key("itemSize")]) }
            if let v = section.minimumLineSpacing { try check.nonNegative(v, at: at + [.key("minimumLineSpacing")]) }
            if let v = section.minimumInteritemSpacing {
                try check.nonNegative(v, at: at + [.key("minimumInteritemSpacing")])
            }
            if let v = section.sectionInset { try check.sectionInsets(v, scrollDirection, at: at + [.key("sectionInset")]) }
            if let v = section.headerReferenceSize { try check.nonNegative(v, at: at + [.key("headerReferenceSize")]) }
            if let v = section.footerReferenceSize { try check.nonNegative(v, at: at + [.key("footerReferenceSize")]) }
            if let v = section.decorations { try check.decorations(v, at: at + [.key("decorations")]) }
        }
    }
}

extension FlowItems {
    var isCount: Bool { if case .count = self { true } else { false } }
}
