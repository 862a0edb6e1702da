/// A collapsing header (Flutter's `SliverAppBar`, iOS large titles) above a vertical flow, waterfall, list or
/// compositional layout: a supplementary view of kind `collapsingHeader` at section 0, item 0, `expandedHeight`
/// tall at rest, every other element moved down by that much. As the page scrolls it shrinks to
/// `collapsedHeight`, then stays at the top (`pinned`) or scrolls away (`scroll`); pulled down past the top it
/// grows with `stretch`.
///
/// Everything here is a function of t, the visible area's top in content coordinates (the content offset's y plus
/// `contentInset.top`: 0 at rest under a safe area).
public struct CollapsingHeader: Sendable, Hashable {
    public enum Behavior: String, Sendable, Hashable, CaseIterable {
        /// Collapses, then stays at the visible area's top.
        case pinned
        /// Collapses, then scrolls away with the content.
        case scroll
    }

    /// E: the height at rest, and how far every other element is moved down.
    public var expandedHeight: Double
    /// C: the height it collapses to (0 ≤ C ≤ E).
    public var collapsedHeight: Double = 0
    public var behavior: Behavior = .pinned
    /// Whether pulling the content down past its top (t < 0) stretches the header.
    public var stretch = false

    /// The header's supplementary kind, reserved: no section may declare it.
    public static let kind = "collapsingHeader"
    /// The header's index path.
    public static let indexPath = LayoutIndexPath(section: 0, item: 0)

    public init(expandedHeight: Double, collapsedHeight: Double = 0, behavior: Behavior = .pinned, stretch: Bool = false) {
        self.expandedHeight = expandedHeight
        self.collapsedHeight = collapsedHeight
        self.behavior = behavior
        self.stretch = stretch
    }

    /// The header's y and height when the visible area's top is at `t`.
    public func place(at t: Double) -> (y: Double, height: Double) {
        let e = expandedHeight
        let c = collapsedHeight
        guard t >= 0 else { return stretch ? (t, e - t) : (0, e) }
        return (behavior == .pinned ? t : min(t, e - c), max(c, e - t))
    }

    /// `collapseProgress` for a header `height` tall: 0 expanded (or stretched), 1 collapsed; 0 when C = E.
    public func progress(height: Double) -> Double {
        let range = expandedHeight - collapsedHeight
        guard range > 0 else { return 0 }
        return Swift.min(1, Swift.max(0, (expandedHeight - height) / range))
    }

    /// Where pinned section headers and top boundary items stick when the visible area's top is at `t`: below
    /// the header's visible bottom, t + max(0, y + height − t).
    public func pinEdge(at t: Double) -> Double {
        guard t.isFinite else { return t }
        let (y, height) = place(at: t)
        return t + Swift.max(0, y + height - t)
    }

    /// The header's attributes at content offset `offsetY` under a top content inset `insetTop`, in a view
    /// `width` wide, drawn at `zIndex`.
    public func attributes(offsetY: Double, insetTop: Double, width: Double, zIndex: Int) -> LayoutAttributes {
        let (y, height) = place(at: offsetY + insetTop)
        var a = LayoutAttributes.supplementary(Self.kind, Self.indexPath,
                                               LayoutRect(x: 0, y: y, width: width, height: height))
        a.zIndex = zIndex
        a.collapseProgress = progress(height: height)
        return a
    }

    /// What scroll-to keeps a cell clear of at the visible area's top: the collapsed height when pinned.
    var scrollCover: Double { behavior == .pinned ? collapsedHeight : 0 }

    /// Checks the heights (0 ≤ C ≤ E, within `maxLength`) and the layout's direction (`vertical`: only vertical
    /// layouts take a header).
    func validate(vertical: Bool, check: RangeCheck) throws(LayoutError) {
        let path: [SpecPathComponent] = [.key("collapsingHeader")]
        guard vertical else {
            throw .invalidValue(path: path, reason: "a collapsing header needs a vertical layout")
        }
        try check.nonNegative(expandedHeight, at: path + [.key("expandedHeight")])
        try check.nonNegative(collapsedHeight, at: path + [.key("collapsedHeight")])
        guard collapsedHeight <= expandedHeight else {
            throw .invalidValue(path: path + [.key("collapsedHeight")], reason: "must be at most expandedHeight")
        }
    }

    /// Refuses the reserved kind where a section declares a kind of its own (a decoration, a boundary item, a badge).
    static func checkNotReserved(_ kind: String, at path: [SpecPathComponent]) throws(LayoutError) {
        guard kind != Self.kind else {
            throw .invalidValue(path: path, reason: "\"\(Self.kind)\" is reserved for the collapsing header")
        }
    }
}

/// A prepared layout's collapsing header: the spec's, with the zIndex it is drawn at.
@usableFromInline
struct PreparedCollapsingHeader: Sendable {
    let header: CollapsingHeader
    /// One more than the largest zIndex of any other element of the layout (1 when there is none).
    let zIndex: Int
    let width: Double
    let insetTop: Double

    func attributes(offset: LayoutPoint) -> LayoutAttributes {
        header.attributes(offsetY: offset.y, insetTop: insetTop, width: width, zIndex: zIndex)
    }

    /// The leading pin edge for the content offset `offset`.
    func pinEdge(offset: LayoutPoint) -> Double { header.pinEdge(at: offset.y + insetTop) }

    /// The header's attributes by index path: nil but at section 0, item 0.
    func attributes(at indexPath: LayoutIndexPath, offset: LayoutPoint) -> LayoutAttributes? {
        indexPath == CollapsingHeader.indexPath ? attributes(offset: offset) : nil
    }

    /// Gives the header to `out` (first), when it meets `rect`; true when it gave it. Answers that hold at every
    /// offset (tiles) leave it out: their summary describes it.
    @usableFromInline
    func append<Sink: ElementSink & ~Copyable>(rect: LayoutRect, offset: LayoutPoint, into out: inout Sink) -> Bool {
        guard !out.unpinned else { return false }
        let a = attributes(offset: offset)
        guard a.frame.intersects(rect) else { return false }
        out.append(a)
        return true
    }
}

extension LayoutSpec {
    /// The spec's collapsing header (flow, waterfall, compositional and list layouts may have one).
    public var collapsingHeader: CollapsingHeader? {
        switch self {
        case .flow(let f): f.collapsingHeader
        case .waterfall(let w): w.collapsingHeader
        case .compositional(let c): c.collapsingHeader
        case .circle, .wheel, .grid, .frames: nil
        }
    }
}

extension PreparedLayout {
    /// The collapsing header at `offset` (nil when the layout has none).
    public func collapsingHeader(offset: LayoutPoint) -> LayoutAttributes? {
        guard spec.collapsingHeader != nil else { return nil }
        return attributesForSupplementaryView(ofKind: CollapsingHeader.kind, at: CollapsingHeader.indexPath,
                                              offset: offset)
    }

    /// Whether the collapsing header covers `point` at `offset`: drawn above every element, it takes the touch.
    func collapsingHeaderCovers(_ point: LayoutPoint, offset: LayoutPoint) -> Bool {
        collapsingHeader(offset: offset)?.frame.contains(point) ?? false
    }
}
