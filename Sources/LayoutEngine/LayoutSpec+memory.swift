/// The memory a spec holds, estimated for the spec registry's budget (`--spec-memory-bytes`): its per-item
/// arrays (a size is 16 bytes, a length 8) plus a fixed share per section and per spec, which covers the values of
/// each and the arrays' headers.
extension LayoutSpec {
    /// The share of every spec.
    public static let bytesPerSpec = 512
    /// The share of every section.
    public static let bytesPerSection = 160

    /// The memory the spec holds: its own arrays and its content.
    public var estimatedBytes: Int { ownBytes + contentBytes }

    /// Cells given as content: a cell's values and its blocks' text (each block a string's header and its bytes).
    public var contentBytes: Int {
        contentSections.reduce(0) { total, section in
            section.contents.reduce(total) { total, c in
                total + MemoryLayout<CellContent>.stride
                    + c.blocks.reduce(0) { $0 + MemoryLayout<TextBlock>.stride + $1.text.utf8.count + $1.style.utf8.count }
            }
        }
    }

    private var ownBytes: Int {
        let perSpec = Self.bytesPerSpec
        let perSection = Self.bytesPerSection
        switch self {
        case .flow(let flow):
            return perSpec + flow.sections.reduce(0) { total, section in
                if case .sizes(let sizes) = section.items {
                    return total + perSection + sizes.count * MemoryLayout<LayoutSize>.stride
                }
                return total + perSection
            }
        case .waterfall(let waterfall):
            return perSpec + waterfall.sections.reduce(0) { total, section in
                let placed = ((section.itemSpans?.count ?? 0) + (section.itemColumns?.count ?? 0))
                    * MemoryLayout<Int>.stride
                return switch section.items {
                case .lengths(let lengths): total + perSection + placed + lengths.count * MemoryLayout<Double>.stride
                case .sizes(let sizes): total + perSection + placed + sizes.count * MemoryLayout<LayoutSize>.stride
                }
            }
        case .compositional(let c):
            // A section with a layout of its own holds its groups too: counted as a few sections' worth.
            // An outline holds a level (4 bytes) an item and an Int a collapsed item.
            return perSpec + c.sections.reduce(0) { total, section in
                let own = (section.section == nil ? perSection : 4 * perSection)
                    + (section.outline.map { 4 * $0.levels.count + 8 * $0.collapsed.count } ?? 0)
                if case .sizes(let sizes) = section.items { return total + own + sizes.count * MemoryLayout<LayoutSize>.stride }
                return total + own
            }
        case .grid(let g):
            // A size given is a Double (a list) or an index and a Double (overrides); a merged range four Ints.
            return perSpec + 2 * perSection + (g.rows.givenCount + g.columns.givenCount) * 16
                + g.merged.count * MemoryLayout<GridMerge>.stride
        case .frames(let f):
            // Four Doubles an element, and each optional column given (a kind's string counted as its header).
            let e = f.elements
            let optional = [e.section != nil, e.item != nil, e.zIndex != nil].filter { $0 }.count * 8
                + (e.category != nil ? 1 : 0) + (e.kind != nil ? MemoryLayout<String?>.stride : 0)
            return perSpec + e.count * (32 + optional)
        case .circle, .wheel:
            return perSpec
        }
    }
}
