public import LayoutEngine

/// Tiles: a layout cut along its scroll axis into bands of one length, `L`, about one view length. Tile `k` holds
/// every element whose (closed) frame meets the band `[k·L, (k+1)·L]` across the whole content: the rect query
/// of that band. Answers never change for an id, so tiles are cached encoded (plain and gzipped) and served from
/// those bytes.
///
/// Pinned headers and footers are given where they sit unpinned, with their sticky range (`StickyRange`), in
/// every tile that a place of that range meets. A layout's `tiling` says how it is cut: the wheel has no tiles
/// (its attributes change with every offset); grids are tiled in two dimensions instead (`GridTilePlan`).
///
/// Compositional layouts (and lists) tile too. An orthogonal section's row scrolls on its own offset, which an
/// immutable tile cannot know: tiles give such rows unscrolled (section offset 0, as a query without
/// `sectionOffsets` does), the whole row across the axis, and a client moves that section's cells and badges back
/// by its own row offset (`orthogonalSections` of the summary's `tile`); boundary items and decorations stay.
public struct TilePlan: Sendable, Equatable {
    public let vertical: Bool
    public let length: Double
    public let count: Int
    /// How far past the content a band reaches across the axis: an orthogonal row runs across it, as long as its
    /// items make it.
    let acrossMargin: Double?

    /// The tiling of a layout, or why it has none.
    public static func of(_ layout: any PreparedLayout) -> Result<TilePlan, TilesRefused> {
        let acrossUnbounded: Bool
        switch layout.tiling {
        case .none:
            return .failure(TilesRefused(
                detail: "the \(layout.spec.name) has no tiles: every cell turns with the content offset; query rects "
                    + "with an offset"))
        case .bothAxes:
            return .failure(TilesRefused(
                detail: "\(layout.spec.name)s are tiled in two dimensions: GET /v1/layouts/{id}/tiles/{row}/{column} "
                    + "(the summary's tileGrid), not tiles/{k}"))
        case .alongScrollAxis(let unbounded): acrossUnbounded = unbounded
        }
        let vertical = layout.spec.scrollDirection == .vertical
        let view = vertical ? layout.viewSize.height : layout.viewSize.width
        let content = vertical ? layout.contentSize.height : layout.contentSize.width
        let length = max(1, view.rounded(.up))
        let count = max(1, Int((content / length).rounded(.up)))
        // Elements that may lie anywhere across the axis (orthogonal rows, posted frames).
        let acrossMargin: Double? = acrossUnbounded ? 1e15 : nil
        return .success(TilePlan(vertical: vertical, length: length, count: count, acrossMargin: acrossMargin))
    }

    /// The band of tile `k`, across the whole content (and well beyond it, for elements that reach outside).
    public func rect(_ k: Int, content: LayoutSize) -> LayoutRect {
        let across = vertical ? content.width : content.height
        let start = Double(k) * length
        let margin = acrossMargin ?? max(across, 1) * 4 + 1_000_000
        return vertical
            ? LayoutRect(x: -margin, y: start, width: across + 2 * margin, height: length)
            : LayoutRect(x: start, y: -margin, width: length, height: across + 2 * margin)
    }
}

/// Why a layout has no tiles.
public struct TilesRefused: Error, Equatable {
    public let detail: String
}

