/// Self-sizing cells: the client reports real sizes; the layout is prepared anew with them, and the content offset
/// moves so that what is on screen stays still.
public enum SelfSizing {
    /// A size report as a batch: each reported item reloaded with its size (index paths do not change).
    public static func batch(_ reports: [(LayoutIndexPath, LayoutSize)]) -> [BatchOperation] {
        [.reloadItems(reports.map(\.0), sizes: reports.map(\.1))]
    }

    /// A size report with new content for items of sections given as contents: those items reloaded too (their
    /// content goes with `LayoutSpec.applying(_:contents:)`).
    public static func batch(_ reports: [(LayoutIndexPath, LayoutSize)], contents: [LayoutIndexPath: CellContent])
        -> (operations: [BatchOperation], contents: ItemContents)
    {
        guard !contents.isEmpty else { return (batch(reports), ItemContents()) }
        let paths = contents.keys.sorted { ($0.section, $0.item) < ($1.section, $1.item) }
        return (batch(reports) + [.reloadItems(paths, sizes: nil)], ItemContents(reloaded: contents))
    }

    /// How far to move the content offset so that the first cell visible at `offset` stays where it is on
    /// screen (along the scroll axis; cells above it changed size). Zero when no cell is visible.
    /// - Complexity: a rect query and a look-up.
    public static func offsetAdjustment(old: any PreparedLayout, new: any PreparedLayout, offset: LayoutPoint,
                                        direction: ScrollDirection) -> LayoutPoint {
        var visible: [LayoutAttributes] = []
        _ = old.elements(in: LayoutRect(x: offset.x, y: offset.y, width: old.viewSize.width, height: old.viewSize.height),
                         offset: offset, limit: .max - 1, into: &visible)
        guard let anchor = visible.first(where: { $0.category == .cell }),
              let moved = new.attributesForItem(at: anchor.indexPath, offset: offset) else { return .zero }
        return direction == .vertical
            ? LayoutPoint(x: 0, y: moved.frame.y - anchor.frame.y)
            : LayoutPoint(x: moved.frame.x - anchor.frame.x, y: 0)
    }
}

extension LayoutSpec {
    /// The direction the layout scrolls in (circles and wheels: vertical; grids scroll both ways, and take
    /// vertical where one axis is asked for).
    public var scrollDirection: ScrollDirection {
        switch self {
        case .flow(let f): f.scrollDirection
        case .waterfall(let w): w.scrollDirection
        case .compositional(let c): c.scrollDirection
        case .frames(let f): f.scrollDirection
        case .circle, .wheel, .grid: .vertical
        }
    }
}
