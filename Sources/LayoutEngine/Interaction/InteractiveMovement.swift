/// Interactive movement (`beginInteractiveMovementForItemAtIndexPath:` and friends).
public struct InteractiveMove: Sendable, Hashable {
    /// The dragged item: its size, centred at the position, above everything else.
    public var attributes: LayoutAttributes
    /// `targetIndexPathForInteractivelyMovingItem:withPosition:`.
    public var target: LayoutIndexPath

    /// The zIndex of a dragged item.
    public static let zIndex = 10_000
}

extension PreparedLayout {
    /// The moving item's attributes at `position`, and the index path it would take there: the item under the
    /// position, else the item nearest it (within a view's size around it), else its own. Nil for an unknown item.
    /// - Complexity: one or two rect queries around the position.
    public func interactiveMove(of item: LayoutIndexPath, to position: LayoutPoint, offset: LayoutPoint) -> InteractiveMove? {
        guard var a = attributesForItem(at: item, offset: offset) else { return nil }
        a.frame = LayoutRect(x: position.x - a.frame.width / 2, y: position.y - a.frame.height / 2, width: a.frame.width,
                       height: a.frame.height)
        a.zIndex = InteractiveMove.zIndex
        var target = item
        if let under = itemIndexPath(at: position, offset: offset) {
            target = under
        } else {
            let around = LayoutRect(x: position.x - viewSize.width / 2, y: position.y - viewSize.height / 2,
                              width: viewSize.width, height: viewSize.height)
            func distance(_ f: LayoutRect) -> Double {
                let dx = max(f.minX - position.x, 0, position.x - f.maxX)
                let dy = max(f.minY - position.y, 0, position.y - f.maxY)
                return dx * dx + dy * dy
            }
            if let nearest = cells(in: around, offset: offset).min(by: { distance($0.frame) < distance($1.frame) }) {
                target = nearest.indexPath
            }
        }
        return InteractiveMove(attributes: a, target: target)
    }
}
