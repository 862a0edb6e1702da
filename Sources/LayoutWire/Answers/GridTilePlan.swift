public import LayoutEngine

/// Tiles along both axes (a layout whose `tiling` is `bothAxes`: a grid): the content cut into rects of about one
/// view, `width` by `height` (the view's size rounded up, at least 1), `columns` across and `rows` down. Tile (r, c)
/// holds the elements of the closed rect x in [c·width, (c+1)·width], y in [r·height, (r+1)·height] for every
/// content offset (the rect query into an `unpinned` sink): frozen cells where they lie unpinned with their pins
/// (`AxisPins`), in every tile that a place of their range meets. Immutable and cached like 1-D tiles
/// (`TilePlan`).
public struct GridTilePlan: Sendable, Equatable {
    public let width: Double
    public let height: Double
    public let columns: Int
    public let rows: Int

    /// The tiling of a layout tiled along both axes; nil for every other layout.
    public static func of(_ layout: any PreparedLayout) -> GridTilePlan? {
        guard layout.tiling == .bothAxes else { return nil }
        let view = layout.viewSize
        let content = layout.contentSize
        let width = max(1, view.width.rounded(.up))
        let height = max(1, view.height.rounded(.up))
        return GridTilePlan(width: width, height: height, columns: max(1, Int((content.width / width).rounded(.up))),
                            rows: max(1, Int((content.height / height).rounded(.up))))
    }

    /// The rect of tile (`row`, `column`).
    public func rect(row: Int, column: Int) -> LayoutRect {
        LayoutRect(x: Double(column) * width, y: Double(row) * height, width: width, height: height)
    }
}
