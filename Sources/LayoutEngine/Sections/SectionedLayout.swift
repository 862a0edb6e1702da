/// What flow and waterfall layouts share: sections stacked along a scroll axis, and flings that stop per the
/// spec's `scrollTargetBehavior`.
protocol SectionedLayout: PreparedLayout {
    var scrollDirection: ScrollDirection { get }
    var scrollTargetBehavior: ScrollTargetBehavior { get }
}

extension SectionedLayout {
    public func targetContentOffset(proposed: Point, velocity: Point) -> Point {
        ScrollTargeting(behavior: scrollTargetBehavior, direction: scrollDirection, view: viewSize,
                        content: contentSize)
            .target(proposed: proposed, velocity: velocity) { cellsAndCompleteness(in: $0, offset: proposed) }
    }
}

extension LineAxes {
    /// The content size of sections stacked to `length` in a view of `view`'s size: the view's breadth across.
    func contentSize(view: Size, length: Double) -> Size {
        vertical ? Size(width: view.width, height: length) : Size(width: length, height: view.height)
    }
}
