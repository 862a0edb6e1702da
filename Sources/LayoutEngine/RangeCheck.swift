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

    func nonNegative(_ s: LayoutSize, at path: [SpecPathComponent]) throws(LayoutError) {
        try nonNegative(s.width, at: path + [.key("width")])
        try nonNegative(s.height, at: path + [.key("height")])
    }

    /// For sizes written as `[width, height]`.
    func nonNegativeSizePair(_ s: LayoutSize, at path: [SpecPathComponent]) throws(LayoutError) {
        try nonNegative(s.width, at: path + [.index(0)])
        try nonNegative(s.height, at: path + [.index(1)])
    }

    func positive(_ v: Double, at path: [SpecPathComponent]) throws(LayoutError) {
        try finite(v, at: path)
        guard v > 0 else { throw .invalidValue(path: path, reason: "must be more than 0") }
    }

    func positive(_ s: LayoutSize, at path: [SpecPathComponent]) throws(LayoutError) {
        try positive(s.width, at: path + [.key("width")])
        try positive(s.height, at: path + [.key("height")])
    }

    func columnCount(_ n: Int, at path: [SpecPathComponent]) throws(LayoutError) {
        guard n >= 1, n <= WaterfallLayoutSpec.maxColumns else {
            throw .invalidValue(path: path, reason: "must be a whole number from 1 to \(WaterfallLayoutSpec.maxColumns)")
        }
    }

    func columnCount(_ count: ColumnCount, at path: [SpecPathComponent]) throws(LayoutError) {
        switch count {
        case .fixed(let n): try columnCount(n, at: path)
        case .adaptive(let w, let maximum):
            try positive(w, at: path + [.key("minimumWidth")])
            try columnCount(maximum, at: path + [.key("maximum")])
        }
    }

    func sectionCount(_ n: Int, limits: SpecLimits) throws(LayoutError) {
        if n > limits.maxSections {
            throw .limitExceeded(path: [.key("sections")],
                                 reason: "\(n) sections exceed the limit of \(limits.maxSections)")
        }
    }

    func itemTotal(_ total: Int, limits: SpecLimits, at path: [SpecPathComponent]) throws(LayoutError) {
        if total > limits.maxItems {
            throw .limitExceeded(path: path, reason: "the layout's items exceed the limit of \(limits.maxItems)")
        }
    }

    /// For sizes written as `[width, height]` that must both be more than 0.
    func positivePair(_ s: LayoutSize, at path: [SpecPathComponent]) throws(LayoutError) {
        try positive(s.width, at: path + [.index(0)])
        try positive(s.height, at: path + [.index(1)])
    }

    /// Kinds are non-empty and distinct; insets are 0 or more (a decoration stays within its section).
    func decorations(_ list: [DecorationSpec], at path: [SpecPathComponent]) throws(LayoutError) {
        var kinds: Set<String> = []
        for (i, d) in list.enumerated() {
            let at = path + [.index(i)]
            guard !d.kind.isEmpty else { throw .invalidValue(path: at + [.key("kind")], reason: "must not be empty") }
            try CollapsingHeader.checkNotReserved(d.kind, at: at + [.key("kind")])
            guard kinds.insert(d.kind).inserted else {
                throw .invalidValue(path: at + [.key("kind")], reason: "\"\(d.kind)\" is already used in this list")
            }
            try nonNegative(d.inset, at: at + [.key("inset")])
        }
    }

    /// Insets of a section: finite; along the scroll direction 0 or more, so that sections and their content
    /// stack in order (the rect index relies on it). Across lines they may be negative.
    func sectionInsets(_ e: LayoutEdgeInsets, _ direction: ScrollDirection, at path: [SpecPathComponent]) throws(LayoutError) {
        try finite(e, at: path)
        let (before, after) = direction == .vertical ? (("top", e.top), ("bottom", e.bottom))
            : (("left", e.left), ("right", e.right))
        for (name, value) in [before, after] where value < 0 {
            throw .invalidValue(path: path + [.key(name)],
                                reason: "must be 0 or more (insets along the scroll direction cannot be negative)")
        }
    }

    func finite(_ e: LayoutEdgeInsets, at path: [SpecPathComponent]) throws(LayoutError) {
        try finite(e.top, at: path + [.key("top")])
        try finite(e.left, at: path + [.key("left")])
        try finite(e.bottom, at: path + [.key("bottom")])
        try finite(e.right, at: path + [.key("right")])
    }

    /// Each side finite, 0 or more (top, left, bottom, right).
    func nonNegative(_ e: LayoutEdgeInsets, at path: [SpecPathComponent]) throws(LayoutError) {
        try nonNegative(e.top, at: path + [.key("top")])
        try nonNegative(e.left, at: path + [.key("left")])
        try nonNegative(e.bottom, at: path + [.key("bottom")])
        try nonNegative(e.right, at: path + [.key("right")])
    }

    /// `collectionView.contentInset`: each side finite, 0 or more.
    func contentInset(_ e: LayoutEdgeInsets) throws(LayoutError) {
        try nonNegative(e, at: [.key("collectionView"), .key("contentInset")])
    }
}
