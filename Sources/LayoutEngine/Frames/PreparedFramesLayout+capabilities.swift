/// What a frames layout changes in the defaults: posted frames may lie anywhere across the axis, so tiles reach
/// far past the content there.
extension PreparedFramesLayout {
    public var tiling: Tiling { .alongScrollAxis(acrossUnbounded: true) }
}
