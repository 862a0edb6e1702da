/// A layout some of whose items an outline can hide (a list's or compositional section's `outline`): an anchor
/// that a collapse hides is kept on screen by the item that stands for it.
public protocol OutlinedLayout: PreparedLayout {
    /// Whether any section has an outline.
    var hasOutline: Bool { get }
    /// The item that stands on screen for `path`: itself when it is shown, else its nearest visible ancestor; nil
    /// when there is no such item.
    func visibleStandIn(for path: LayoutIndexPath) -> LayoutIndexPath?
}
