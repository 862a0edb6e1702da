extension FlowLayoutSpec {
    /// Checks ranges (finite, non-negative lengths within `limits.maxLength`, positive view size) and counts.
    /// - Complexity: O(items given as sizes + sections).
    public func validate(limits: SpecLimits) throws(LayoutError) {
        let check = RangeCheck(maxLength: limits.maxLength)
        try check.positive(collectionView, at: [.key("collectionView")])
        try check.nonNegative(itemSize, at: [.key("itemSize")])
        try check.nonNegative(minimumLineSpacing, at: [.key("minimumLineSpacing")])
        try check.nonNegative(minimumInteritemSpacing, at: [.key("minimumInteritemSpacing")])
        try check.finite(sectionInset, at: [.key("sectionInset")])
        try check.nonNegative(headerReferenceSize, at: [.key("headerReferenceSize")])
        try check.nonNegative(footerReferenceSize, at: [.key("footerReferenceSize")])
        if sections.count > limits.maxSections {
            throw .limitExceeded(
                path: [.key("sections")],
                reason: "\(sections.count) sections exceed the limit of \(limits.maxSections)")
        }
        var total = 0
        for (i, section) in sections.enumerated() {
            let at: [SpecPathComponent] = [.key("sections"), .index(i)]
            switch section.items {
            case .count(let n):
                if n < 0 { throw .invalidValue(path: at + [.key("items")], reason: "must be 0 or more") }
            case .sizes(let sizes):
                // One tight scan; the path is built only for the first bad size.
                if let j = sizes.firstIndex(where: { !check.isNonNegative($0.width) || !check.isNonNegative($0.height) }) {
                    try check.nonNegativeSizePair(sizes[j], at: at + [.key("itemSizes"), .index(j)])
                }
            }
            total += section.items.count
            if total > limits.maxItems {
                throw .limitExceeded(
                    path: at + [.key(section.items.isCount ? "items" : "itemSizes")],
                    reason: "the layout's items exceed the limit of \(limits.maxItems)")
            }
            if let v = section.itemSize { try check.nonNegative(v, at: at + [.key("itemSize")]) }
            if let v = section.minimumLineSpacing { try check.nonNegative(v, at: at + [.key("minimumLineSpacing")]) }
            if let v = section.minimumInteritemSpacing {
                try check.nonNegative(v, at: at + [.key("minimumInteritemSpacing")])
            }
            if let v = section.sectionInset { try check.finite(v, at: at + [.key("sectionInset")]) }
            if let v = section.headerReferenceSize { try check.nonNegative(v, at: at + [.key("headerReferenceSize")]) }
            if let v = section.footerReferenceSize { try check.nonNegative(v, at: at + [.key("footerReferenceSize")]) }
        }
    }
}

extension FlowItems {
    var isCount: Bool { if case .count = self { true } else { false } }
}

/// Range checks shared by every layout's validation.
struct RangeCheck {
    let maxLength: Double

    func finite(_ v: Double, at path: [SpecPathComponent]) throws(LayoutError) {
        guard v.isFinite else { throw .invalidValue(path: path, reason: "must be a finite number") }
        guard abs(v) <= maxLength else {
            throw .invalidValue(path: path, reason: "must be at most \(Int(maxLength)) in magnitude")
        }
    }

    /// Whether `nonNegative` accepts `v`.
    @inline(__always)
    func isNonNegative(_ v: Double) -> Bool { v >= 0 && v <= maxLength }

    func nonNegative(_ v: Double, at path: [SpecPathComponent]) throws(LayoutError) {
        try finite(v, at: path)
        guard v >= 0 else { throw .invalidValue(path: path, reason: "must be 0 or more") }
    }

    func nonNegative(_ s: Size, at path: [SpecPathComponent]) throws(LayoutError) {
        try nonNegative(s.width, at: path + [.key("width")])
        try nonNegative(s.height, at: path + [.key("height")])
    }

    /// For sizes written as `[width, height]`.
    func nonNegativeSizePair(_ s: Size, at path: [SpecPathComponent]) throws(LayoutError) {
        try nonNegative(s.width, at: path + [.index(0)])
        try nonNegative(s.height, at: path + [.index(1)])
    }

    func positive(_ s: Size, at path: [SpecPathComponent]) throws(LayoutError) {
        try nonNegative(s, at: path)
        if s.width == 0 { throw .invalidValue(path: path + [.key("width")], reason: "must be more than 0") }
        if s.height == 0 { throw .invalidValue(path: path + [.key("height")], reason: "must be more than 0") }
    }

    func finite(_ e: EdgeInsets, at path: [SpecPathComponent]) throws(LayoutError) {
        try finite(e.top, at: path + [.key("top")])
        try finite(e.left, at: path + [.key("left")])
        try finite(e.bottom, at: path + [.key("bottom")])
        try finite(e.right, at: path + [.key("right")])
    }
}
