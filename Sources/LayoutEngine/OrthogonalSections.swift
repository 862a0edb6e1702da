/// A layout with sections whose rows scroll on their own offset, across the layout's scroll axis (a compositional
/// layout's orthogonal sections, UIKit's `orthogonalScrollingBehavior`). The service gives these queries each
/// section's row offset (`sectionOffsets`, section → offset: its cells and badges move back by it, its boundary
/// items and decorations stay); a section absent from it is at 0, as in the core queries.
public protocol OrthogonalSections: PreparedLayout {
    /// Whether section `s` scrolls on its own.
    func isOrthogonal(section s: Int) -> Bool
    /// The kinds of section `s`'s boundary items, before its content and after it (tiles list them: a client
    /// leaves them where they are when it scrolls the row).
    func boundaryKinds(section s: Int) -> (before: [String], after: [String])
    /// The rect query with the rows scrolled.
    func elements<Sink: ElementSink & ~Copyable>(in rect: LayoutRect, offset: LayoutPoint, sectionOffsets: [Int: Double],
                                                  limit: Int, into out: inout Sink) -> Bool
    /// `attributesForItem(at:offset:)` with the rows scrolled.
    func attributesForItem(at indexPath: LayoutIndexPath, sectionOffsets: [Int: Double]) -> LayoutAttributes?
    /// `attributesForItem(at:sectionOffsets:)` at a content offset (cells with scroll effects depend on it;
    /// default: the same as without one).
    func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint, sectionOffsets: [Int: Double])
        -> LayoutAttributes?
    /// `attributesForSupplementaryView(ofKind:at:offset:)` with the rows scrolled.
    func attributesForSupplementaryView(ofKind kind: String, at indexPath: LayoutIndexPath, offset: LayoutPoint,
                                        sectionOffsets: [Int: Double]) -> LayoutAttributes?
    /// `itemIndexPath(at:offset:)` with the rows scrolled.
    func itemIndexPath(at point: LayoutPoint, offset: LayoutPoint, sectionOffsets: [Int: Double]) -> LayoutIndexPath?
    /// Where a fling of section `section`'s row stops: `proposed` and `velocity` along the row (x for a vertical
    /// layout); nil when the section does not scroll on its own.
    func orthogonalTargetOffset(section: Int, proposed: Double, velocity: Double) -> Double?
}

extension OrthogonalSections {
    public func attributesForItem(at indexPath: LayoutIndexPath, offset: LayoutPoint, sectionOffsets: [Int: Double])
        -> LayoutAttributes?
    {
        attributesForItem(at: indexPath, sectionOffsets: sectionOffsets)
    }
}
