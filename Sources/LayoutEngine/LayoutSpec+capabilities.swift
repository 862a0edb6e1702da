/// What the layers above the engine ask of a spec without naming its kind: the content of its sections, the memory
/// it holds, how its batches change it and whether it takes size reports.
extension LayoutSpec {
    /// The cells given as content of each section that has them, by section index (none for kinds without
    /// content).
    public var contentSections: [(section: Int, contents: [CellContent])] {
        guard let kind = contentKind else { return [] }
        return (0..<kind.sectionCount).compactMap { s in kind.contents(ofSection: s).map { (s, $0) } }
    }

    /// The spec after a batch of row and column operations, with the change along each axis; nil for the kinds
    /// whose batches change sections and items (`UpdatePlan`).
    public func applying(rowsAndColumns operations: [GridBatchOperation]) throws(BatchError)
        -> (update: GridUpdate, spec: LayoutSpec)?
    {
        guard case .grid(let grid) = self else { return nil }
        let (update, spec) = try grid.applying(operations)
        return (update, .grid(spec))
    }

    /// Whether the content runs from the right along a horizontal scroll axis: a right-to-left flow or waterfall
    /// scrolling horizontally, mirrored along that axis (its pinned headers stick to the view's right).
    public var isMirroredAlongScrollAxis: Bool {
        switch self {
        case .flow(let f): f.layoutDirection == .rightToLeft && f.scrollDirection == .horizontal
        case .waterfall(let w): w.layoutDirection == .rightToLeft && w.scrollDirection == .horizontal
        case .compositional, .circle, .wheel, .grid, .frames: false
        }
    }

    /// Why the layout takes no size reports (a grid sizes its rows and columns by batch updates); nil when it
    /// takes them.
    public var sizeReportsRefused: String? {
        if case .grid = self { return Self.gridUpdatesRefused }
        return nil
    }
}
