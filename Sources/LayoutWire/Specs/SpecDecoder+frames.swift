import LayoutEngine

extension SpecDecoder {
    static let framesKeys = [
        "layout", "collectionView", "scrollDirection", "scrollTargetBehavior", "contentSize", "elements",
    ]
    static let frameElementKeys = ["x", "y", "width", "height", "section", "item", "category", "kind", "zIndex", "sticky"]

    /// `{"layout": "frames", "collectionView", "elements": {"x": [...], "y", "width", "height", ...}}`: the
    /// arrays of `format=columns` (docs/specs.md). Ranges and index paths are checked by `validate`.
    static func decodeFrames(_ root: SpecReader) throws(SpecError) -> FramesLayoutSpec {
        let m = try root.object(allowed: framesKeys, required: ["collectionView", "elements"])
        let viewport = try m["collectionView"]!.viewport()
        let e = try m["elements"]!.object(allowed: frameElementKeys, required: ["x", "y", "width", "height"])
        var elements = FrameElements(x: try e["x"]!.numbers(), y: try e["y"]!.numbers(),
                                     width: try e["width"]!.numbers(), height: try e["height"]!.numbers())
        if let r = e["section"] { elements.section = try r.wholeNumbers(in: 0...Int(Int32.max)) }
        if let r = e["item"] { elements.item = try r.wholeNumbers(in: 0...Int(Int32.max)) }
        if let r = e["zIndex"] { elements.zIndex = try r.wholeNumbers(in: -1_000_000_000...1_000_000_000) }
        if let r = e["category"] {
            elements.category = try r.wholeNumbers(in: 0...2).map { ElementCategory(rawValue: UInt8($0))! }
        }
        if let r = e["kind"] {
            elements.kind = try r.array { (k: SpecReader) throws(SpecError) -> String? in
                k.value.kind == .null ? nil : try k.string()
            }
        }
        if let r = e["sticky"] { elements.sticky = try r.array(stickyRange) }
        var spec = FramesLayoutSpec(collectionView: viewport.size, elements: elements)
        spec.contentInset = viewport.contentInset
        if let r = m["contentSize"] { spec.contentSize = try r.size() }
        if let r = m["scrollDirection"] { spec.scrollDirection = try r.oneOf(ScrollDirection.self) }
        if let r = m["scrollTargetBehavior"] { spec.scrollTargetBehavior = try r.oneOf(ScrollTargetBehavior.self) }
        return spec
    }
}

extension SpecDecoder {
    /// `null`, or `["leading" | "trailing", min, max]` (the `sticky` column of `format=columns`).
    static func stickyRange(_ r: SpecReader) throws(SpecError) -> StickyRange? {
        if r.value.kind == .null { return nil }
        guard r.value.kind == .array, r.value.count == 3 else {
            throw r.fail("must be null or [edge, min, max], edge \"leading\" or \"trailing\"")
        }
        let parts = try r.array { (p: SpecReader) throws(SpecError) in p }
        let edge: StickyRange.Edge
        switch try parts[0].string() {
        case "leading": edge = .leading
        case "trailing": edge = .trailing
        default: throw parts[0].fail("must be \"leading\" or \"trailing\"")
        }
        return StickyRange(edge: edge, min: try parts[1].number(), max: try parts[2].number())
    }
}

extension SpecReader {
    /// `[n, ...]` of whole numbers within `range`.
    func wholeNumbers(in range: ClosedRange<Int>) throws(SpecError) -> [Int] {
        let numbers = try numbers()
        var out: [Int] = []
        out.reserveCapacity(numbers.count)
        for (j, n) in numbers.enumerated() {
            guard n == n.rounded(.towardZero), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
                throw SpecError(path: path + [.index(j)],
                                reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            out.append(Int(n))
        }
        return out
    }
}
