/// What a compositional layout (and a list) adds to the core: rows that scroll on their own, and tiles that reach
/// far across the axis, where those rows run.
extension PreparedCompositionalLayout: OrthogonalSections {
    public var tiling: Tiling { .alongScrollAxis(acrossUnbounded: true) }
}

/// Rows an outline hides (`Outline`).
extension PreparedCompositionalLayout: OutlinedLayout {}
