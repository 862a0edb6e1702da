extension FlowLayoutSpec {
    /// Checks ranges (finite, non-negative lengths within `limits.maxLength`, positive view size) and counts.
    /// - Complexity: O(items given as sizes + sections); sizes before `unchangedBefore` (a part that matches an
    /// accepted spec) are not scanned.
    public func validate(limits: SpecLimits, unchangedBefore: (section: Int, item: Int)? = nil) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.contentInset(contentInset)
        try collapsingHeader?.validate(vertical: scrollDirection == .vertical, check: check)
        if let a = adaptiveItemSize {
            try check.adaptive(a, scrollDirection, at: [.key("itemSize")])
            if estimatedItemSize != nil {
                throw .invalidValue(path: [.key("estimatedItemSize")],
                                    reason: "cannot be given with an adaptive itemSize (minimumWidth)")
            }
        } else {
            try check.nonNegative(itemSize, at: [.key("itemSize")])
        }
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
            if let v = section.adaptiveItemSize {
                if section.itemSize != nil {
                    throw .invalidValue(path: at + [.key("itemSize")], reason: "give a size or an adaptive size, not both")
                }
                try check.adaptive(v, scrollDirection, at: at + [.key("itemSize")])
            }
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

extension RangeCheck {
    /// Rule 7's item size: a vertical flow's, `minimumWidth` more than 0, `height` 0 or more, `aspectRatio` within
    /// `AdaptiveItemSize.aspectRatios`.
    func adaptive(_ a: AdaptiveItemSize, _ direction: ScrollDirection, at path: [SpecPathComponent])
        throws(LayoutError)
    {
        guard direction == .vertical else {
            throw .invalidValue(path: path + [.key("minimumWidth")],
                                reason: "is for vertical flows only (a horizontal flow's items take a width and height)")
        }
        try positive(a.minimumWidth, at: path + [.key("minimumWidth")])
        switch a.height {
        case .fixed(let h): try nonNegative(h, at: path + [.key("height")])
        case .aspectRatio(let r):
            let range = AdaptiveItemSize.aspectRatios
            guard range.contains(r) else {
                throw .invalidValue(path: path + [.key("aspectRatio")],
                                    reason: "must be from \(range.lowerBound) to \(Int(range.upperBound))")
            }
        }
    }
}

extension FlowItems {
    var isCount: Bool { if case .count = self { true } else { false } }
}
