/// Where content shorter than the view (less its insets) sits along the scroll axis.
public enum ContentAnchor: String, Sendable, Hashable, CaseIterable {
    /// At the start (UIKit's behaviour).
    case start
    /// At the end: a chat, the newest message at the bottom.
    case end
}

/// The view's size and insets: what a bounds change replaces, and every layout kind has.
///
/// This is the one place a layout kind joins bounds changes: `viewport` reads its `collectionView` and
/// `contentInset`, `withViewport` returns the same spec at another one (everything else kept).
extension LayoutSpec {
    /// The spec's `collectionView` size.
    public var collectionView: LayoutSize { viewport.size }

    /// The spec's `collectionView.contentInset`.
    public var contentInset: LayoutEdgeInsets { viewport.contentInset }

    public var viewport: Viewport {
        switch self {
        case .flow(let s): Viewport(size: s.collectionView, contentInset: s.contentInset)
        case .waterfall(let s): Viewport(size: s.collectionView, contentInset: s.contentInset)
        case .circle(let s): Viewport(size: s.collectionView, contentInset: s.contentInset)
        case .wheel(let s): Viewport(size: s.collectionView, contentInset: s.contentInset)
        case .compositional(let s): Viewport(size: s.collectionView, contentInset: s.contentInset)
        case .grid(let s): Viewport(size: s.collectionView, contentInset: s.contentInset)
        case .frames(let s): Viewport(size: s.collectionView, contentInset: s.contentInset)
        }
    }

    /// The same spec at another view size and inset (a rotation, a resized window): what
    /// `POST /v1/layouts/{id}/bounds` lays out. The result must pass `validate` again (a waterfall's scaled sizes
    /// depend on the width). A waterfall section whose adaptive column count changes forgets its `itemColumns`.
    public func withViewport(_ v: Viewport) -> LayoutSpec {
        switch self {
        case .flow(var s):
            (s.collectionView, s.contentInset) = (v.size, v.contentInset)
            return .flow(s)
        case .waterfall(var s):
            let before = s
            (s.collectionView, s.contentInset) = (v.size, v.contentInset)
            s.resetColumns(whereCountsChangeFrom: before)
            return .waterfall(s)
        case .circle(var s):
            (s.collectionView, s.contentInset) = (v.size, v.contentInset)
            return .circle(s)
        case .wheel(var s):
            (s.collectionView, s.contentInset) = (v.size, v.contentInset)
            return .wheel(s)
        case .compositional(var s):
            (s.collectionView, s.contentInset) = (v.size, v.contentInset)
            return .compositional(s)
        case .grid(var s):
            (s.collectionView, s.contentInset) = (v.size, v.contentInset)
            return .grid(s)
        case .frames(var s):
            (s.collectionView, s.contentInset) = (v.size, v.contentInset)
            return .frames(s)
        }
    }
}

public struct Viewport: Sendable, Hashable {
    public var size: LayoutSize
    public var contentInset: LayoutEdgeInsets
    public init(size: LayoutSize, contentInset: LayoutEdgeInsets = .zero) {
        self.size = size
        self.contentInset = contentInset
    }
}

/// The offsets a scroll view allows: from `-inset.top` (`-inset.left`) to the content's end plus the bottom
/// (right) inset less the view, never below the start.
public struct ScrollRange: Sendable, Hashable {
    public var min: LayoutPoint
    public var max: LayoutPoint

    public init(view: LayoutSize, content: LayoutSize, inset: LayoutEdgeInsets) {
        min = LayoutPoint(x: -inset.left, y: -inset.top)
        max = LayoutPoint(x: Swift.max(min.x, content.width + inset.right - view.width),
                    y: Swift.max(min.y, content.height + inset.bottom - view.height))
    }

    public func clamp(_ p: LayoutPoint) -> LayoutPoint {
        LayoutPoint(x: Swift.min(Swift.max(p.x, min.x), max.x), y: Swift.min(Swift.max(p.y, min.y), max.y))
    }
}

extension PreparedLayout {
    public var contentInset: LayoutEdgeInsets { spec.contentInset }

    public var scrollRange: ScrollRange { ScrollRange(view: viewSize, content: contentSize, inset: contentInset) }
}

/// One axis of a point, size or inset: the scroll axis or the one across it.
struct Axis {
    let vertical: Bool

    init(_ direction: ScrollDirection) { vertical = direction == .vertical }
    init(vertical: Bool) { self.vertical = vertical }

    var other: Axis { Axis(vertical: !vertical) }

    func of(_ p: LayoutPoint) -> Double { vertical ? p.y : p.x }
    func of(_ s: LayoutSize) -> Double { vertical ? s.height : s.width }
    /// The frame's start and length on this axis.
    func extent(_ r: LayoutRect) -> ScrollExtent { vertical ? ScrollExtent(r.minY, r.height) : ScrollExtent(r.minX, r.width) }
    /// The inset before (top, left) and after (bottom, right) on this axis.
    func insets(_ e: LayoutEdgeInsets) -> (before: Double, after: Double) { vertical ? (e.top, e.bottom) : (e.left, e.right) }
    func with(_ p: LayoutPoint, _ v: Double) -> LayoutPoint { vertical ? LayoutPoint(x: p.x, y: v) : LayoutPoint(x: v, y: p.y) }
}

/// An element's place along one axis in content coordinates: where the content offset's leading edge (less the
/// inset) must be for the element to start at the visible area's leading edge, and its length.
public struct ScrollExtent: Sendable, Hashable {
    public var start: Double
    public var length: Double
    public init(_ start: Double, _ length: Double) { self.start = start; self.length = length }
    public var end: Double { start + length }
}
